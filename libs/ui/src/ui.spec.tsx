import { renderToStaticMarkup } from 'react-dom/server';
import { ErrorState } from './feedback/error-state';
import { LoadingGroup, Skeleton } from './feedback/skeleton';
import { Field } from './field/field';
import { EmailText } from './typography/email-text';
import { Stars } from './typography/stars';

describe('Field', () => {
  it('ties the error text to the input with aria-describedby and marks it invalid', () => {
    const html = renderToStaticMarkup(
      <Field id="email" label="Email" error="Email is Required" value="" readOnly />,
    );
    expect(html).toContain('<label for="email"');
    expect(html).toMatch(
      /<input[^>]*id="email"[^>]*aria-invalid="true"[^>]*aria-describedby="email-error"/,
    );
    expect(html).toContain('<span id="email-error" class="error">Email is Required</span>');
  });

  it('renders a textarea for multiline and keeps a caller describedby', () => {
    const html = renderToStaticMarkup(
      <Field id="o" label="Opinion" multiline aria-describedby="counter" />,
    );
    expect(html).toMatch(/<textarea[^>]*aria-describedby="counter"/);
    expect(html).not.toContain('aria-invalid');
  });
});

describe('EmailText', () => {
  it('lets an email wrap before its @ and before each dot of its domain, nowhere else', () => {
    expect(renderToStaticMarkup(<EmailText email="jo.doe@work.shop.test" />)).toBe(
      'jo.doe<wbr/>@work<wbr/>.shop<wbr/>.test',
    );
    expect(renderToStaticMarkup(<EmailText email="no-at-sign" />)).toBe('no-at-sign');
  });
});

describe('Stars', () => {
  it.each([
    [4, 4],
    [9, 5],
    [-1, 0],
  ])('rating %p shows %p filled stars', (rating, filled) => {
    const html = renderToStaticMarkup(<Stars rating={rating} />);
    expect(html).toContain(`aria-label="Rated ${filled} out of 5"`);
    expect(html.match(/class="off"/g)?.length ?? 0).toBe(5 - filled);
  });
});

describe('ErrorState', () => {
  it('offers a retry only when there is something to retry', () => {
    expect(renderToStaticMarkup(<ErrorState title="Down" onRetry={() => {}} />)).toContain(
      'Retry</button>',
    );
    expect(renderToStaticMarkup(<ErrorState title="Down" />)).not.toContain('<button');
  });
});

describe('LoadingGroup', () => {
  it('is a named, busy group around placeholders hidden from assistive technology', () => {
    const html = renderToStaticMarkup(
      <LoadingGroup label="Loading your orders" className="stack">
        <Skeleton height="4.5rem" />
      </LoadingGroup>,
    );
    expect(html).toMatch(
      /^<div class="stack" role="group" aria-busy="true" aria-label="Loading your orders"><span aria-hidden="true"/,
    );
  });
});

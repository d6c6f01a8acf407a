import { linkedInHref, linkedInToSend } from './linkedin-href';

describe('linkedInHref', () => {
  it.each([
    ['https://www.linkedin.com/in/ada', 'https://www.linkedin.com/in/ada'],
    ['http://example.com', 'http://example.com/'],
    ['linkedin.com/in/ada', 'https://linkedin.com/in/ada'],
    ['  www.linkedin.com/in/ada ', 'https://www.linkedin.com/in/ada'],
  ])('links %p to %p', (value, href) => {
    expect(linkedInHref(value)).toBe(href);
  });

  it.each([undefined, '', 'Ada Lovelace', 'ada', 'javascript:alert(1)', 'mailto:ada@example.com'])(
    'shows %p as text',
    (value) => {
      expect(linkedInHref(value)).toBeUndefined();
    },
  );
});

describe('linkedInToSend', () => {
  it.each([
    [' linkedin.com/in/ada ', 'https://linkedin.com/in/ada'],
    ['https://www.linkedin.com/in/ada', 'https://www.linkedin.com/in/ada'],
    ['javascript:alert(1)', 'javascript:alert(1)'],
    ['ada', 'ada'],
  ])('sends %j as %j', (typed, sent) => {
    expect(linkedInToSend(typed)).toBe(sent);
  });
});

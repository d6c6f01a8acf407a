import { returnToOf, ticketOf } from './signup-complete-page';

describe('the fragment of /signup/complete', () => {
  it('gives the ticket and the page the sign-up started from', () => {
    const hash = `#ticket=abc_DEF-1&returnTo=${encodeURIComponent('/tools/t1?from=card#order')}`;
    expect(ticketOf(hash)).toBe('abc_DEF-1');
    expect(returnToOf(hash)).toBe('/tools/t1?from=card#order');
    expect(returnToOf('#ticket=abc')).toBeUndefined();
  });

  it('never gives a return target off the site', () => {
    for (const bad of [
      '//evil.test/x',
      '/\\evil.test',
      'https://evil.test',
      'javascript:alert(1)',
      '/a\nb',
    ])
      expect(returnToOf(`#ticket=abc&returnTo=${encodeURIComponent(bad)}`)).toBeUndefined();
  });
});

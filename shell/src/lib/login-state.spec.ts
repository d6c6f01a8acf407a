import { firstInvalidField, loginStateFor, referredFrom, signedInLoginTarget } from './login-state';

const at = (pathname: string, search = '', hash = '') => ({ pathname, search, hash });

describe("the navbar's Login remembers the page", () => {
  it('keeps the path, query and hash', () => {
    expect(loginStateFor(at('/blogs'))).toEqual({ from: '/blogs' });
    expect(loginStateFor(at('/', '?q=1', '#reviews'))).toEqual({ from: '/?q=1#reviews' });
  });

  it('remembers nothing on /login or /signup', () => {
    expect(loginStateFor(at('/login'))).toBeUndefined();
    expect(loginStateFor(at('/signup'))).toBeUndefined();
  });
});

describe('a signed-in user on /login', () => {
  it('goes where they were going, or home', () => {
    expect(signedInLoginTarget({ from: '/dashboard/myOrders' })).toBe('/dashboard/myOrders');
    expect(signedInLoginTarget(null)).toBe('/');
    expect(signedInLoginTarget({})).toBe('/');
    expect(signedInLoginTarget({ from: '/login?x=1' })).toBe('/');
  });

  it('stays to read why when an admin route sent them', () => {
    expect(signedInLoginTarget({ from: '/dashboard/users', reason: 'adminOnly' })).toBeNull();
  });
});

describe('focus after a failed submit', () => {
  it('is the first field of the form with an error', () => {
    expect(firstInvalidField(['name', 'email', 'password'], { password: 'x', email: 'y' })).toBe(
      'email',
    );
    expect(firstInvalidField(['email', 'password'], {})).toBeUndefined();
  });
});

describe('a carried return target (after sign-up back to the tool)', () => {
  it('keeps same-site paths and drops anything that could leave the site', async () => {
    const { sameSitePath } = await import('./login-state');
    expect(sameSitePath('/tools/t1?x=1#y')).toBe('/tools/t1?x=1#y');
    for (const bad of [
      '//evil.test/x',
      '/\\evil.test',
      'https://evil.test',
      'javascript:alert(1)',
      '/a\nb',
      '',
      42,
      null,
    ])
      expect(sameSitePath(bad)).toBeUndefined();
  });

  it('tells a visitor sent from a tool page why to sign in', async () => {
    const { cameToOrder } = await import('./login-state');
    expect(cameToOrder({ from: '/tools/t1' })).toBe(true);
    expect(cameToOrder({ from: '/dashboard' })).toBe(false);
    expect(cameToOrder(null)).toBe(false);
  });
});

describe('the page a full load of /signup was asked from (a link followed before hydration)', () => {
  const origin = 'https://shop.test';
  it("is the referrer's path when it is a page of this site", () => {
    expect(referredFrom(`${origin}/tools/42?x=1`, origin)).toBe('/tools/42?x=1');
    expect(referredFrom(`${origin}/dashboard/myOrders`, origin)).toBe('/dashboard/myOrders');
  });

  it('is nothing for another site, a look-alike origin, the auth pages or no referrer', () => {
    for (const referrer of [
      '',
      'https://evil.test/tools/42',
      'https://shop.test.evil.test/tools/42',
      `${origin}//evil.test/x`,
      `${origin}/login`,
      `${origin}/signup?x=1`,
    ])
      expect(referredFrom(referrer, origin)).toBeUndefined();
  });
});

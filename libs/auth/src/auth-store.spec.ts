import { setSignedIn, setSignedOut, useAuth } from './auth-store';

describe('auth store', () => {
  beforeEach(() => localStorage.clear());

  it('keeps the access token under accessToken (SPEC §3) while signed in', () => {
    setSignedIn({ email: 'a@b.co', displayName: 'A' }, 'jwt-1');
    expect(localStorage.getItem('accessToken')).toBe('jwt-1');
    expect(useAuth.getState()).toMatchObject({ status: 'signedIn', user: { email: 'a@b.co' } });

    setSignedOut();
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(useAuth.getState()).toMatchObject({
      status: 'signedOut',
      user: null,
      isAdmin: false,
      adminChecked: false,
    });
  });

  it('keeps the admin answer when the same user renews the token, not for another user', () => {
    setSignedIn({ email: 'admin@b.co', displayName: '' }, 'jwt-1');
    useAuth.setState({ isAdmin: true, adminChecked: true });

    setSignedIn({ email: 'admin@b.co', displayName: '' }, 'jwt-2');
    expect(useAuth.getState()).toMatchObject({ isAdmin: true, adminChecked: true });

    setSignedIn({ email: 'other@b.co', displayName: '' }, 'jwt-3');
    expect(useAuth.getState()).toMatchObject({ isAdmin: false, adminChecked: false });
  });
});

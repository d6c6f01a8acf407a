import { useAuth } from './auth-store';
import { setRuntimeConfig } from './runtime-config';
import {
  changePassword,
  completePasswordReset,
  initAuth,
  requestPasswordReset,
  signInWithGoogle,
  signInWithPassword,
  signInWithSignupTicket,
  signOut,
  signUp,
} from './session';

const manager = {
  signinResourceOwnerCredentials: jest.fn(),
  getUser: jest.fn(),
  removeUser: jest.fn(async () => {}),
  revokeTokens: jest.fn(async () => {}),
  signinRedirect: jest.fn(async () => {}),
};
jest.mock('./user-manager', () => ({
  getUserManager: () => manager,
  hasStoredUser: () => false,
  onUserManagerCreated: () => {},
  CALLBACK_PATH: '/auth/callback',
}));

const oidcUser = (email: string, name = '') => ({
  access_token: `token-of-${email}`,
  refresh_token: 'refresh-1',
  profile: { email, name },
});

type Call = [string, RequestInit];
const fetchMock = jest.fn<Promise<Response>, Call>();
const json = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status }));
const calls = () => fetchMock.mock.calls.map(([url, init]) => `${init.method ?? 'GET'} ${url}`);

beforeEach(() => {
  jest.clearAllMocks();
  localStorage.clear();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  setRuntimeConfig({ apiUrl: 'http://api.test', authority: 'http://id.test' });
  useAuth.setState({ status: 'signedOut', user: null, isAdmin: false, adminChecked: false });
});

test('a password sign-in keeps the token, sends the {email} upsert and asks whether the user is an admin', async () => {
  manager.signinResourceOwnerCredentials.mockResolvedValue(oidcUser('boss@shop.test', 'Boss'));
  fetchMock.mockImplementation((url) =>
    String(url).includes('/admin/') ? json(200, { admin: true }) : json(200, {}),
  );

  await signInWithPassword('boss@shop.test', 'secret1');

  expect(localStorage.getItem('accessToken')).toBe('token-of-boss@shop.test');
  const upsert = fetchMock.mock.calls.find(([url]) =>
    String(url).startsWith('http://api.test/users?email='),
  );
  expect(upsert?.[1]).toMatchObject({ method: 'PUT', body: '{"email":"boss@shop.test"}' });
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(useAuth.getState()).toMatchObject({
    status: 'signedIn',
    user: { email: 'boss@shop.test', displayName: 'Boss' },
    isAdmin: true,
    adminChecked: true,
  });
});

test("a failed password sign-in passes the provider's message on and stays signed out", async () => {
  manager.signinResourceOwnerCredentials.mockRejectedValue(new Error('Invalid email or password.'));
  await expect(signInWithPassword('a@b.co', 'wrong-pw')).rejects.toThrow(
    'Invalid email or password.',
  );
  expect(useAuth.getState().status).toBe('signedOut');
  expect(fetchMock).not.toHaveBeenCalled();
});

test('sign-up asks the provider for the account and answers its message; nobody is signed in yet', async () => {
  fetchMock.mockImplementation(() => json(202, { message: 'Check your inbox.' }));

  await expect(signUp({ name: 'Ada', email: 'new@shop.test', password: 'secret1' })).resolves.toBe(
    'Check your inbox.',
  );

  const identityCalls = calls().filter((call) => call.includes('id.test'));
  expect(identityCalls).toEqual(['POST http://id.test/accounts']);
  expect(manager.signinResourceOwnerCredentials).not.toHaveBeenCalled();
  expect(useAuth.getState().user).toBeNull();
});

test('sign-up sends the page it started from to the provider, which keeps it with the mailed link', async () => {
  fetchMock.mockImplementation(() => json(202, { message: 'Check your inbox.' }));
  await signUp({ name: 'Ada', email: 'new@shop.test', password: 'secret1', returnTo: '/tools/t1' });
  await signUp({ name: 'Bo', email: 'bo@shop.test', password: 'secret1' });
  const bodies = fetchMock.mock.calls.map(
    ([, init]) => JSON.parse(String(init.body)) as Record<string, unknown>,
  );
  expect(bodies.map((body) => body.returnTo)).toEqual(['/tools/t1', undefined]);
  expect('returnTo' in bodies[1]!).toBe(false);
});

test("sign-up shows the provider's description when it refuses the form", async () => {
  fetchMock.mockImplementation(() =>
    json(400, {
      statusCode: 400,
      message: 'This password is too easy to guess.',
      error: 'Bad Request',
      field: 'password',
    }),
  );
  await expect(signUp({ name: 'Ada', email: 'a@shop.test', password: 'secret1' })).rejects.toThrow(
    'This password is too easy to guess.',
  );
  expect(manager.signinResourceOwnerCredentials).not.toHaveBeenCalled();
});

test('a sign-up link finishes through the code flow with its one-time ticket, then goes to /dashboard', async () => {
  await signInWithSignupTicket('T'.repeat(43));
  expect(manager.signinRedirect).toHaveBeenLastCalledWith({
    extraQueryParams: { login_ticket: 'T'.repeat(43) },
    state: { returnTo: '/dashboard' },
  });
});

test('password reset: the request and the new password go to the provider; its messages come back', async () => {
  fetchMock.mockImplementation(() =>
    json(202, { message: 'If an account uses it, a link is on its way.' }),
  );
  await expect(requestPasswordReset('a@shop.test')).resolves.toBe(
    'If an account uses it, a link is on its way.',
  );
  fetchMock.mockImplementation(() =>
    json(400, { statusCode: 400, message: 'This link was already used.', error: 'Bad Request' }),
  );
  await expect(completePasswordReset('t', 'brand-new-choice-99')).rejects.toThrow(
    'This link was already used.',
  );
  expect(calls().filter((call) => call.includes('id.test'))).toEqual([
    'POST http://id.test/accounts/password-reset',
    'POST http://id.test/accounts/password-reset/complete',
  ]);
});

test('a password change sends the current password with the token, then signs in with the new one', async () => {
  localStorage.setItem('accessToken', 'tok');
  manager.signinResourceOwnerCredentials.mockResolvedValue(oidcUser('a@shop.test'));
  fetchMock.mockImplementation(() => json(200, { message: 'Changed.' }));
  await expect(changePassword('a@shop.test', 'old-one-123', 'brand-new-choice-99')).resolves.toBe(
    'Changed.',
  );
  const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/accounts/me/password'))!;
  expect(call[1].headers).toMatchObject({ Authorization: 'Bearer tok' });
  expect(JSON.parse(call[1].body as string)).toEqual({
    currentPassword: 'old-one-123',
    newPassword: 'brand-new-choice-99',
  });
  expect(manager.signinResourceOwnerCredentials).toHaveBeenLastCalledWith(
    expect.objectContaining({ username: 'a@shop.test', password: 'brand-new-choice-99' }),
  );
});

test('sign-out forgets the user and the token and revokes the refresh token', async () => {
  localStorage.setItem('accessToken', 'abc');
  useAuth.setState({
    status: 'signedIn',
    user: { email: 'a@b.co', displayName: '' },
    isAdmin: true,
    adminChecked: true,
  });
  manager.getUser.mockResolvedValue(oidcUser('a@b.co'));

  await signOut();

  expect(localStorage.getItem('accessToken')).toBeNull();
  expect(useAuth.getState()).toMatchObject({ status: 'signedOut', user: null, isAdmin: false });
  expect(manager.removeUser).toHaveBeenCalled();
  expect(manager.revokeTokens).toHaveBeenCalledWith(['refresh_token']);
});

test('the Google sign-in sends the hint under the parameter name of the runtime config', async () => {
  await signInWithGoogle('/tools/1');
  expect(manager.signinRedirect).toHaveBeenLastCalledWith({
    extraQueryParams: { idp_hint: 'google' },
    state: { returnTo: '/tools/1' },
  });

  setRuntimeConfig({ idpHintParam: 'kc_idp_hint' });
  await signInWithGoogle();
  expect(manager.signinRedirect).toHaveBeenLastCalledWith({
    extraQueryParams: { kc_idp_hint: 'google' },
    state: { returnTo: '/' },
  });
});

test('a visitor without a stored session is signed out at once, before any render, without loading oidc-client-ts', () => {
  useAuth.setState({ status: 'loading' });
  const getUser = manager.getUser;
  void initAuth();
  // synchronously: the first render (or the hydration of the prerendered page) already reads 'signedOut'
  expect(useAuth.getState().status).toBe('signedOut');
  expect(getUser).not.toHaveBeenCalled();
});

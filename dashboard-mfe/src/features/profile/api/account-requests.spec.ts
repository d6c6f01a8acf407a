// The real auth library over a faked network: the calls as the browser would send them.
import { ACCESS_TOKEN_KEY, ApiError, getRuntimeConfig, setRuntimeConfig } from '@toolshop/auth';
import { fetchAccount, resendVerification } from './account-requests';

const fetchMock = jest.fn<
  Promise<Pick<Response, 'ok' | 'status' | 'json'>>,
  [string, RequestInit?]
>();

/** jsdom has no Response: what the client reads of one. */
const answer = (status: number, body: unknown) =>
  Promise.resolve({
    ok: status >= 200 && status < 300,
    status,
    json: () =>
      body === undefined ? Promise.reject(new SyntaxError('not JSON')) : Promise.resolve(body),
  });

const lastCall = () => {
  const call = fetchMock.mock.lastCall;
  if (!call) throw new Error('fetch was not called');
  return call;
};

beforeEach(() => {
  setRuntimeConfig({ ...getRuntimeConfig(), authority: 'http://id.test' });
  localStorage.setItem(ACCESS_TOKEN_KEY, 'access-token');
  fetchMock.mockReset();
  global.fetch = fetchMock as unknown as typeof fetch;
});

describe('the identity provider account calls', () => {
  it('reads GET /accounts/me of the authority with the access token', async () => {
    fetchMock.mockReturnValue(
      answer(200, { email: 'ada@example.com', name: 'Ada', emailVerified: false }),
    );
    await expect(fetchAccount()).resolves.toEqual({
      email: 'ada@example.com',
      name: 'Ada',
      emailVerified: false,
    });
    const [url, init] = lastCall();
    expect(url).toBe('http://id.test/accounts/me');
    expect(init?.method).toBe('GET');
    expect(init?.headers).toMatchObject({ Authorization: 'Bearer access-token' });
  });

  it('asks for a new link with POST /accounts/me/verification and passes on its message', async () => {
    fetchMock.mockReturnValue(answer(202, { message: 'We sent a new link to ada@example.com.' }));
    await expect(resendVerification()).resolves.toEqual({
      alreadyVerified: false,
      message: 'We sent a new link to ada@example.com.',
    });
    const [url, init] = lastCall();
    expect(url).toBe('http://id.test/accounts/me/verification');
    expect(init?.method).toBe('POST');
    expect(init?.headers).toMatchObject({ Authorization: 'Bearer access-token' });
  });

  it('tells an already verified address apart (200)', async () => {
    fetchMock.mockReturnValue(answer(200, { message: 'Your email address is already verified.' }));
    await expect(resendVerification()).resolves.toEqual({
      alreadyVerified: true,
      message: 'Your email address is already verified.',
    });
  });

  it("throws the provider's message of a refusal, e.g. the rate limit's 429", async () => {
    fetchMock.mockReturnValue(
      answer(429, { message: 'Too many verification emails. Try again in a few minutes.' }),
    );
    const refusal = resendVerification();
    await expect(refusal).rejects.toBeInstanceOf(ApiError);
    await expect(refusal).rejects.toMatchObject({
      status: 429,
      message: 'Too many verification emails. Try again in a few minutes.',
    });
  });

  it('has a readable message when the refusal carries none', async () => {
    fetchMock.mockReturnValue(answer(503, undefined));
    await expect(fetchAccount()).rejects.toMatchObject({
      status: 503,
      message: 'Your account could not be loaded (503)',
    });
  });
});

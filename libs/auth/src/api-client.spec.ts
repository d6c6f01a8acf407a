import { api } from './api-client';
import { ApiError } from './api-error';
import { useAuth } from './auth-store';
import { setNavigate } from './navigation';
import { setRuntimeConfig } from './runtime-config';

const signOutMock = jest.fn(async () => {
  localStorage.removeItem('accessToken');
  useAuth.setState({ status: 'signedOut', user: null });
});
jest.mock('./sign-out', () => ({
  signOutAfterAuthError: async () => {
    await signOutMock();
    (await import('./navigation')).navigateTo('/');
  },
}));

function answer(status: number, body: unknown, headers: Record<string, string> = {}) {
  return Promise.resolve(new Response(body === undefined ? null : JSON.stringify(body), { status, headers }));
}

describe('api client', () => {
  const fetchMock = jest.fn();
  const navigate = jest.fn();

  beforeEach(() => {
    fetchMock.mockReset();
    navigate.mockReset();
    signOutMock.mockClear();
    globalThis.fetch = fetchMock;
    setRuntimeConfig({ apiUrl: 'http://api.test' });
    setNavigate(navigate);
    localStorage.clear();
    useAuth.setState({ status: 'signedIn', user: { email: 'a@b.co', displayName: 'A' } });
  });

  it('sends JSON to the runtime API URL with the bearer token when signed in', async () => {
    localStorage.setItem('accessToken', 'token-1');
    fetchMock.mockReturnValue(answer(200, { insertedId: 'x' }));

    const result = await api.post<{ insertedId: string }>('/tools', { name: 'Drill' });

    expect(result).toEqual({ insertedId: 'x' });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('http://api.test/tools');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"name":"Drill"}');
    expect(init.headers).toMatchObject({ Authorization: 'Bearer token-1', 'Content-Type': 'application/json' });
  });

  it('sends no Authorization header without a token', async () => {
    fetchMock.mockReturnValue(answer(200, []));
    await api.get('/reviews');
    expect(fetchMock.mock.calls[0][1].headers).not.toHaveProperty('Authorization');
  });

  it("throws ApiError with the status and the API's first message", async () => {
    fetchMock.mockReturnValue(answer(400, { statusCode: 400, message: ['enter valid quantity', 'other'] }));
    const failure = api.post('/orders', {});
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 400, message: 'enter valid quantity' });
  });

  it('signs out and goes home on 401 when asked to (SPEC §4)', async () => {
    localStorage.setItem('accessToken', 'stale');
    fetchMock.mockReturnValue(answer(401, { message: 'Unauthorized' }));

    await expect(api.get('/orders?email=a@b.co', { signOutOnAuthError: true })).rejects.toMatchObject({ status: 401 });

    expect(signOutMock).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it('keeps the session on 403 when the caller did not ask for the sign-out', async () => {
    fetchMock.mockReturnValue(answer(403, { message: 'Forbidden' }));
    await expect(api.put('/user/admin/x@y.z')).rejects.toMatchObject({ status: 403, message: 'Forbidden' });
    expect(signOutMock).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });

  describe('getPage', () => {
    it('answers the items with the total of X-Total-Count, sending the bearer token', async () => {
      localStorage.setItem('accessToken', 'token-1');
      fetchMock.mockReturnValue(answer(200, [{ _id: 'a' }, { _id: 'b' }], { 'X-Total-Count': '42' }));

      const page = await api.getPage<{ _id: string }>('/tools?limit=2&page=1');

      expect(page).toEqual({ items: [{ _id: 'a' }, { _id: 'b' }], total: 42 });
      const [url, init] = fetchMock.mock.calls[0];
      expect(url).toBe('http://api.test/tools?limit=2&page=1');
      expect(init.method).toBe('GET');
      expect(init.headers).toMatchObject({ Authorization: 'Bearer token-1' });
    });

    it('counts the items themselves when the total is missing or smaller than the page', async () => {
      fetchMock.mockReturnValueOnce(answer(200, [{ _id: 'a' }]));
      expect(await api.getPage('/user')).toEqual({ items: [{ _id: 'a' }], total: 1 });

      fetchMock.mockReturnValueOnce(answer(200, [{ _id: 'a' }, { _id: 'b' }], { 'X-Total-Count': '1' }));
      expect((await api.getPage('/user')).total).toBe(2);
    });

    it('signs out and goes home on 403 when asked to, like the other calls', async () => {
      localStorage.setItem('accessToken', 'stale');
      fetchMock.mockReturnValue(answer(403, { message: 'Forbidden' }));

      await expect(api.getPage('/adminOrders?page=1', { signOutOnAuthError: true })).rejects.toMatchObject({
        status: 403,
        message: 'Forbidden',
      });

      expect(signOutMock).toHaveBeenCalledTimes(1);
      expect(navigate).toHaveBeenCalledWith('/');
    });
  });
});

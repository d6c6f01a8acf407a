import { api } from './api-client';
import { ApiError } from './api-error';
import { RUNNING_RESENDS } from './idempotency';
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
  return Promise.resolve(
    new Response(body === undefined ? null : JSON.stringify(body), { status, headers }),
  );
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
    expect(init.headers).toMatchObject({
      Authorization: 'Bearer token-1',
      'Content-Type': 'application/json',
    });
  });

  it('uploads a file as its own bytes with its own type', async () => {
    localStorage.setItem('accessToken', 'token-1');
    fetchMock.mockReturnValue(answer(201, { url: 'http://api.test/images/x/320.webp' }));
    const file = new Blob(['bytes'], { type: 'image/png' });

    const result = await api.upload<{ url: string }>('/images', file);

    expect(result).toEqual({ url: 'http://api.test/images/x/320.webp' });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('http://api.test/images');
    expect(init.method).toBe('POST');
    expect(init.body).toBe(file);
    expect(init.headers).toMatchObject({
      Authorization: 'Bearer token-1',
      'Content-Type': 'image/png',
    });
  });

  it('sends no Authorization header without a token', async () => {
    fetchMock.mockReturnValue(answer(200, []));
    await api.get('/reviews');
    expect(fetchMock.mock.calls[0][1].headers).not.toHaveProperty('Authorization');
  });

  it("throws ApiError with the status and the API's first message", async () => {
    fetchMock.mockReturnValue(
      answer(400, { statusCode: 400, message: ['enter valid quantity', 'other'] }),
    );
    const failure = api.post('/orders', {});
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 400, message: 'enter valid quantity' });
  });

  it('signs out and goes home on 401 when asked to (SPEC §4)', async () => {
    localStorage.setItem('accessToken', 'stale');
    fetchMock.mockReturnValue(answer(401, { message: 'Unauthorized' }));

    await expect(
      api.get('/orders?email=a@b.co', { signOutOnAuthError: true }),
    ).rejects.toMatchObject({ status: 401 });

    expect(signOutMock).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it('keeps the session on 403 when the caller did not ask for the sign-out', async () => {
    fetchMock.mockReturnValue(answer(403, { message: 'Forbidden' }));
    await expect(api.put('/user/admin/x@y.z')).rejects.toMatchObject({
      status: 403,
      message: 'Forbidden',
    });
    expect(signOutMock).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });

  describe('getPage', () => {
    it('answers the items with the total of X-Total-Count, sending the bearer token', async () => {
      localStorage.setItem('accessToken', 'token-1');
      fetchMock.mockReturnValue(
        answer(200, [{ _id: 'a' }, { _id: 'b' }], { 'X-Total-Count': '42' }),
      );

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

      fetchMock.mockReturnValueOnce(
        answer(200, [{ _id: 'a' }, { _id: 'b' }], { 'X-Total-Count': '1' }),
      );
      expect((await api.getPage('/user')).total).toBe(2);
    });

    it('signs out and goes home on 403 when asked to, like the other calls', async () => {
      localStorage.setItem('accessToken', 'stale');
      fetchMock.mockReturnValue(answer(403, { message: 'Forbidden' }));

      await expect(
        api.getPage('/adminOrders?page=1', { signOutOnAuthError: true }),
      ).rejects.toMatchObject({
        status: 403,
        message: 'Forbidden',
      });

      expect(signOutMock).toHaveBeenCalledTimes(1);
      expect(navigate).toHaveBeenCalledWith('/');
    });
  });

  describe('download', () => {
    // The Node test environment has no DOM: a stand-in document records the links clicked.
    const saved: { href: string; download: string; attached: boolean }[] = [];
    let blobs: Blob[] = [];
    const attached = new Set<object>();
    beforeEach(() => {
      saved.length = 0;
      blobs = [];
      jest.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
        blobs.push(blob as Blob);
        return `blob:http://shop.test/${blobs.length}`;
      });
      jest.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
      const link = () => {
        const element = {
          href: '',
          download: '',
          hidden: false,
          click: () =>
            saved.push({
              href: element.href,
              download: element.download,
              attached: attached.has(element),
            }),
          remove: () => attached.delete(element),
        };
        return element;
      };
      Object.assign(globalThis, {
        document: {
          createElement: link,
          body: { append: (element: object) => attached.add(element) },
        },
      });
    });
    afterEach(() => {
      jest.restoreAllMocks();
      delete (globalThis as { document?: unknown }).document;
    });

    it('fetches the file with the bearer token and saves it under the name the API gives', async () => {
      localStorage.setItem('accessToken', 'token-1');
      fetchMock.mockResolvedValue(
        new Response(new Uint8Array([37, 80, 68, 70]), {
          status: 200,
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': 'attachment; filename="invoice-INV-000007.pdf"',
          },
        }),
      );

      const name = await api.download('/orders/o1/invoice.pdf', 'invoice.pdf');

      expect(name).toBe('invoice-INV-000007.pdf');
      const [url, init] = fetchMock.mock.calls[0];
      expect(url).toBe('http://api.test/orders/o1/invoice.pdf');
      expect(init.headers).toMatchObject({ Authorization: 'Bearer token-1', Accept: '*/*' });
      expect(saved).toEqual([
        { href: 'blob:http://shop.test/1', download: 'invoice-INV-000007.pdf', attached: true },
      ]);
      expect(blobs[0]?.size).toBe(4);
      expect(attached.size).toBe(0);
    });

    it('falls back to the given name, and throws the API message without saving anything', async () => {
      fetchMock.mockResolvedValueOnce(new Response('x', { status: 200 }));
      expect(await api.download('/file', 'fallback.pdf')).toBe('fallback.pdf');

      fetchMock.mockReturnValueOnce(answer(409, { statusCode: 409, message: 'Pay first' }));
      await expect(api.download('/file', 'fallback.pdf')).rejects.toMatchObject({
        status: 409,
        message: 'Pay first',
      });
      expect(saved).toHaveLength(1);
    });
  });

  it('sends one Idempotency-Key per attempt of an idempotent call: kept after no answer, new after an answer', async () => {
    const keyOf = (call: number) =>
      (fetchMock.mock.calls[call]![1] as { headers: Record<string, string> }).headers[
        'Idempotency-Key'
      ];
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(api.post('/orders', { toolId: 't1' }, { idempotent: true })).rejects.toThrow(
      'Failed to fetch',
    );
    fetchMock.mockReturnValueOnce(answer(201, { insertedId: 'o1' }));
    await api.post('/orders', { toolId: 't1' }, { idempotent: true });
    // The retry after no answer is the same attempt...
    expect(keyOf(0)).toMatch(/^attempt-[0-9a-f-]{32,36}$/);
    expect(keyOf(1)).toBe(keyOf(0));
    // ...the same request after an answer (here a refusal) is a new one, and so is another request.
    fetchMock.mockReturnValueOnce(answer(409, { message: 'enter valid quantity' }));
    await expect(
      api.post('/orders', { toolId: 't1' }, { idempotent: true }),
    ).rejects.toBeInstanceOf(ApiError);
    fetchMock.mockReturnValueOnce(answer(200, { deletedCount: 1 }));
    await api.delete('/orders/o1', { idempotent: true });
    expect(new Set([keyOf(1), keyOf(2), keyOf(3)]).size).toBe(3);
    // Calls that are not marked idempotent send none.
    fetchMock.mockReturnValueOnce(answer(200, []));
    await api.get('/tools');
    expect(keyOf(4)).toBeUndefined();
  });

  it('keeps the key while the API answers "still being processed" or fails (5xx), until a final answer', async () => {
    const keyOf = (call: number) =>
      (fetchMock.mock.calls[call]![1] as { headers: Record<string, string> }).headers[
        'Idempotency-Key'
      ];
    const order = () => api.post('/orders', { toolId: 't9' }, { idempotent: true });
    // The API's 409 for a key whose first send still runs (or whose process died): Retry-After.
    const running = () =>
      answer(
        409,
        { message: 'A request with this Idempotency-Key is still being processed' },
        { 'Retry-After': '0' },
      );
    // A click: the same key is sent again on each "still being processed", until a final answer.
    fetchMock
      .mockReturnValueOnce(running())
      .mockReturnValueOnce(running())
      .mockReturnValueOnce(answer(201, { insertedId: 'o9' }));
    await expect(order()).resolves.toEqual({ insertedId: 'o9' });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(new Set([keyOf(0), keyOf(1), keyOf(2)]).size).toBe(1);
    // After that success, the next click is a new attempt.
    const first = keyOf(0);
    fetchMock.mockReset();

    // Still running after every resend: the error is shown, and the user's next click keeps the key...
    fetchMock.mockImplementation(running);
    const refusal = await order().catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApiError);
    expect((refusal as ApiError).status).toBe(409);
    expect(fetchMock).toHaveBeenCalledTimes(RUNNING_RESENDS + 1);
    const second = keyOf(0);
    expect(second).not.toBe(first);
    expect(new Set(fetchMock.mock.calls.map((_, call) => keyOf(call)))).toEqual(new Set([second]));
    fetchMock.mockReset();
    // ...as after a server or gateway error (the order may have been placed before it)...
    fetchMock.mockReturnValueOnce(answer(502, { message: 'Bad Gateway' }));
    await expect(order()).rejects.toMatchObject({ status: 502 });
    // ...until a final answer: a refusal without Retry-After ends the attempt too.
    fetchMock.mockReturnValueOnce(answer(409, { message: 'enter valid quantity' }));
    await expect(order()).rejects.toMatchObject({ status: 409 });
    expect([keyOf(0), keyOf(1)]).toEqual([second, second]);
    fetchMock.mockReturnValueOnce(answer(201, { insertedId: 'o10' }));
    await order();
    expect(keyOf(2)).not.toBe(second);
    expect(keyOf(2)).not.toBe(first);
  });
});

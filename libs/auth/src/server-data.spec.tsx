import { toast } from 'react-toastify';
import { setSignedIn, setSignedOut } from './auth-store';
import { createQueryClient, queryClient, type ServerDataMutationMeta } from './server-data';

jest.mock('react-toastify', () => ({ toast: { success: jest.fn(), error: jest.fn() } }));

const ada = { email: 'ada@example.com', displayName: 'Ada' };

async function run(meta: ServerDataMutationMeta, outcome: () => Promise<unknown>) {
  const client = createQueryClient();
  const mutation = client.getMutationCache().build(client, { mutationFn: outcome, meta });
  await mutation.execute(undefined).catch(() => undefined);
  // react-toastify loads on first use
  await new Promise((resolve) => setTimeout(resolve, 0));
}

beforeEach(() => jest.clearAllMocks());

describe('the QueryClient of the shop', () => {
  it('toasts the message of a failed change', async () => {
    await run({}, () => Promise.reject(new Error('Only 3 left in stock')));
    expect(toast.error).toHaveBeenCalledWith('Only 3 left in stock');
  });

  it('leaves a 401/403 to the sign-out when asked, and any error to the screen when quiet', async () => {
    await run({ quietOnAuthError: true }, () =>
      Promise.reject(Object.assign(new Error('Forbidden'), { status: 403 })),
    );
    await run({ quiet: true }, () => Promise.reject(new Error('shown in the form')));
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('toasts meta.success after a change went through', async () => {
    await run({ success: 'Saved' }, () => Promise.resolve({}));
    await run({ success: (answer) => `Saved ${(answer as { n: number }).n}` }, () =>
      Promise.resolve({ n: 2 }),
    );
    expect(toast.success).toHaveBeenNthCalledWith(1, 'Saved');
    expect(toast.success).toHaveBeenNthCalledWith(2, 'Saved 2');
  });

  it("forgets a user's server data when they sign out or another user signs in", () => {
    localStorage.clear();
    setSignedIn(ada, 'token');
    queryClient.setQueryData(['orders', ada.email], []);
    setSignedIn(ada, 'token2');
    expect(queryClient.getQueryData(['orders', ada.email])).toEqual([]);
    setSignedOut();
    expect(queryClient.getQueryData(['orders', ada.email])).toBeUndefined();
  });
});

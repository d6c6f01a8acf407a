// Stand-in for @toolshop/auth in component tests: `jest.mock('@toolshop/auth', () =>
// jest.requireActual('<path>/testing/auth-mock'))`, then drive `api` per test.
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const signedInUser = { email: 'ada@example.com', displayName: 'Ada Lovelace' };
const state = { status: 'signedIn', user: signedInUser };

export const api = { get: jest.fn(), post: jest.fn() };
export const signOut = jest.fn(async () => {});
export const useAuth = <T>(select: (s: typeof state) => T): T => select(state);

// A stand-in for @toolshop/auth in unit tests: a settable auth state and jest mocks for the API
// client. Use it with `jest.mock('@toolshop/auth', () => jest.requireActual('<path>/auth-mock').authModule)`.
import type { AuthState } from '@toolshop/auth';

let state: AuthState = { status: 'signedOut', user: null, isAdmin: false, adminChecked: false };

export function setAuthState(next: Partial<AuthState>) {
  state = { ...state, ...next };
}

export const customer: Partial<AuthState> = {
  status: 'signedIn',
  user: { email: 'ada@example.com', displayName: 'Ada Lovelace' },
  isAdmin: false,
  adminChecked: true,
};

export const admin: Partial<AuthState> = { ...customer, isAdmin: true };

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const api = {
  get: jest.fn(),
  post: jest.fn(),
  put: jest.fn(),
  patch: jest.fn(),
  delete: jest.fn(),
};

/** Every GET answers `data`, or fails with `error`. */
export function answerQuery<T>(data: T | undefined, { error }: { error?: Error } = {}) {
  api.get.mockImplementation(async () => {
    if (error) throw error;
    return data;
  });
}

export const getAccessToken = jest.fn<string | null, []>(() => 'access-token');

export const getRuntimeConfig = jest.fn(() => ({
  apiUrl: 'http://api.test',
  authority: 'http://id.test',
}));

export const authModule = {
  useAuth: <T>(selector: (s: AuthState) => T) => selector(state),
  api,
  ApiError,
  getAccessToken,
  getRuntimeConfig,
};

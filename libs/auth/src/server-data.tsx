// The one server-data layer of the shop (TanStack Query, a Module Federation singleton): one
// QueryClient for the composed site, and the one way a failed or finished change reaches the user.
import type { ReactNode } from 'react';
import { MutationCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useAuth } from './auth-store';

/** What a mutation tells the user (the `meta` of `useMutation`). */
export interface ServerDataMutationMeta extends Record<string, unknown> {
  /** Toasted after success; a function gets the mutation's answer and variables. */
  success?: string | ((data: unknown, variables: unknown) => string);
  /** The call signs out on 401/403 (signOutOnAuthError): an error toast would only repeat that. */
  quietOnAuthError?: boolean;
  /** The screen shows the error itself: no toast. */
  quiet?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: ServerDataMutationMeta;
  }
}

const isAuthError = (error: unknown) => {
  const status = (error as { status?: unknown } | null)?.status;
  return status === 401 || status === 403;
};

/** A toast, with react-toastify loaded on first use (no page needs it to show itself). */
const notify = (kind: 'success' | 'error', message: string) =>
  void import('react-toastify').then(({ toast }) => toast[kind](message));

/** The message of a failure, as the user reads it (the API's own message for an ApiError). */
const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * A QueryClient with the shop's defaults: no retries or refetch on focus (a page loads once; the
 * user retries), mutation errors toasted with their message, `meta.success` toasted after success.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
    mutationCache: new MutationCache({
      onSuccess: (data, variables, _context, mutation) => {
        const success = mutation.meta?.success;
        if (success)
          notify('success', typeof success === 'function' ? success(data, variables) : success);
      },
      onError: (error, _variables, _context, mutation) => {
        const meta = mutation.meta ?? {};
        if (meta.quiet || (meta.quietOnAuthError && isAuthError(error))) return;
        notify('error', errorMessage(error));
      },
    }),
  });
}

/**
 * Server data belongs to the user who asked for it: when that user signs out or another signs in,
 * nothing of theirs stays in the cache (a first sign-in keeps the public data already loaded).
 */
function clearWhenTheUserChanges(client: QueryClient) {
  let email = useAuth.getState().user?.email;
  useAuth.subscribe(({ user }) => {
    if (user?.email === email) return;
    if (email !== undefined) client.clear();
    email = user?.email;
  });
}

/** The one client of the composed site (the shell or a remote's harness provides it). */
export const queryClient = createQueryClient();
clearWhenTheUserChanges(queryClient);

/** Provides the site's QueryClient (or `client`, e.g. a fresh one per unit test). */
export function ServerDataProvider({
  children,
  client = queryClient,
}: {
  children: ReactNode;
  client?: QueryClient;
}) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

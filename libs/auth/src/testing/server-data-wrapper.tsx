// Unit tests of server-data components: each render gets a fresh QueryClient with the shop's
// defaults.
import type { ReactNode } from 'react';
import { createQueryClient, ServerDataProvider } from '../server-data';

/**
 * A `wrapper` for testing-library's render/renderHook: a fresh client per call, or the test's own
 * (to invalidate or read its cache).
 */
export function createServerDataWrapper(client = createQueryClient()) {
  return function ServerDataWrapper({ children }: { children: ReactNode }) {
    return <ServerDataProvider client={client}>{children}</ServerDataProvider>;
  };
}

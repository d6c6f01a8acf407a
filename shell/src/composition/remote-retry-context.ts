import { createContext } from 'react';

/** Provided by RemotePage: loads the remote again (used by the fallback's "retry"). */
export const RemoteRetryContext = createContext<(() => void) | null>(null);

import { useState } from 'react';
import { toast } from 'react-toastify';
import { ApiError } from '@toolshop/auth';

interface RunOptions {
  /** The call signs out on 401/403 (signOutOnAuthError): a toast would only repeat that. */
  quietOnAuthError?: boolean;
}

const isAuthError = (error: unknown) => error instanceof ApiError && (error.status === 401 || error.status === 403);

/** Runs a server call for a form or a button: busy while it runs, the outcome as a toast. */
export function useToastedAction() {
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<unknown>, success: string, options: RunOptions = {}) => {
    setBusy(true);
    try {
      await action();
      toast.success(success);
      return true;
    } catch (error) {
      if (!(options.quietOnAuthError && isAuthError(error))) {
        toast.error(error instanceof Error ? error.message : String(error));
      }
      return false;
    } finally {
      setBusy(false);
    }
  };

  return { busy, run };
}

import { useCallback, useEffect, useState } from 'react';
import type { Stripe } from '@stripe/stripe-js';
// The pure entry loads Stripe.js only when asked: the test provider never contacts Stripe.
import { loadStripe } from '@stripe/stripe-js/pure';

/** Longer than any real load; without it a blocked script would leave the page waiting forever. */
const LOAD_TIMEOUT_MS = 15_000;

export type StripeJsState =
  | { status: 'loading' }
  | { status: 'ready'; stripe: Stripe }
  | { status: 'failed'; retry: () => void };

/** Loads Stripe.js; a network failure or timeout becomes a 'failed' state instead of a hang. */
export function useStripeJs(publishableKey: string): StripeJsState {
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const [state, setState] = useState<StripeJsState>({ status: 'loading' });

  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    const timeout = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('Stripe.js timed out')), LOAD_TIMEOUT_MS),
    );
    Promise.race([loadStripe(publishableKey), timeout])
      .then((stripe) => {
        if (!current) return;
        setState(stripe ? { status: 'ready', stripe } : { status: 'failed', retry });
      })
      .catch(() => current && setState({ status: 'failed', retry }));
    return () => {
      current = false;
    };
  }, [publishableKey, attempt, retry]);

  return state;
}

import { useCallback, useEffect, useState } from 'react';
import { createPaymentIntent, type PayableOrder } from './payment-api';

export interface ClientSecretState {
  clientSecret?: string;
  error?: string;
  retry: () => void;
}

/** Asks the API for the order's client secret once the order is known and unpaid. */
export function useClientSecret(order: PayableOrder | undefined): ClientSecretState {
  const [state, setState] = useState<Omit<ClientSecretState, 'retry'>>({});
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const orderId = order && !order.paid ? order._id : undefined;

  useEffect(() => {
    if (!order || order.paid) return;
    let current = true;
    setState({});
    createPaymentIntent(order)
      .then((clientSecret) => current && setState({ clientSecret }))
      .catch((error: Error) => current && setState({ error: error.message }));
    return () => {
      current = false;
    };
    // Keyed by id: a refetched copy of the same unpaid order must not ask again.
  }, [orderId, attempt]);

  return { ...state, retry };
}

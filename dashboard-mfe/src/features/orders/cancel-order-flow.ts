import { useState } from 'react';
import type { Order } from '@toolshop/contracts';
import { useCancelOrder } from './api/cancel-order';

/** Asks before cancelling; the list refreshes whatever the answer was. */
export function useCancelOrderDialog() {
  const [pending, setPending] = useState<Order | null>(null);
  const cancel = useCancelOrder();

  const confirm = () => {
    if (pending) cancel.mutate(pending._id, { onSettled: () => setPending(null) });
  };

  return {
    pending,
    busy: cancel.isPending,
    ask: setPending,
    dismiss: () => setPending(null),
    confirm,
  };
}

import { useState } from 'react';
import { Messages, type Order } from '@toolshop/contracts';
import { useToastedAction } from '../../lib/use-toasted-action';
import { cancelOrder } from './orders-api';

/** Asks before cancelling; `refresh` reloads the list whatever the answer was. */
export function useCancelOrder(refresh: () => void) {
  const [pending, setPending] = useState<Order | null>(null);
  const { busy, run } = useToastedAction();

  const confirm = async () => {
    if (!pending) return;
    await run(() => cancelOrder(pending._id), Messages.orderCanceled, { quietOnAuthError: true });
    setPending(null);
    refresh();
  };

  return { pending, busy, ask: setPending, dismiss: () => setPending(null), confirm };
}

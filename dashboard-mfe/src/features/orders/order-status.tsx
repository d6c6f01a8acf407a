import { orderState, type Order, type OrderState } from '@toolshop/contracts';
import { Badge, type BadgeTone } from '@toolshop/ui';

const labels: Record<OrderState, string> = { unpaid: 'Unpaid', paid: 'Paid', shipped: 'Shipped' };
const tones: Record<OrderState, BadgeTone> = {
  unpaid: 'warning',
  paid: 'info',
  shipped: 'success',
};

export function OrderStatus({ order }: { order: Pick<Order, 'paid' | 'shipped'> }) {
  const state = orderState(order);
  return <Badge tone={tones[state]}>{labels[state]}</Badge>;
}

import { Link } from 'react-router-dom';
import { buttonClassName } from '@toolshop/ui';
import { InvoiceMessages, type Order } from '@toolshop/contracts';

/**
 * "Order again": the tool's page with this order's quantity, address and phone prefilled by the
 * storefront's order form (passed in the history entry's state, never in the URL).
 */
export function OrderAgainLink({ order }: { order: Order }) {
  return (
    <Link
      to={`/tools/${encodeURIComponent(order.toolId)}`}
      state={{ reorder: { quantity: order.orderQuantity, address: order.address, phone: order.phone } }}
      className={buttonClassName('secondary', 'small')}
      aria-label={`${InvoiceMessages.orderAgain}: ${order.name}`}
    >
      {InvoiceMessages.orderAgain}
    </Link>
  );
}

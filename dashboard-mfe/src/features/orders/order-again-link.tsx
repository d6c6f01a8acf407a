import { Link } from 'react-router';
import { buttonClassName } from '@toolshop/ui';
import { InvoiceMessages, skuAndName, type Order } from '@toolshop/contracts';
import { QUICK_ORDER_PATH, quickOrderState } from '../../lib/quick-order-state';

/**
 * "Order again": the tool's page with this order's quantity, address and phone prefilled by the
 * storefront's order form; a multi-line order opens Quick Order with its lines instead (both passed
 * in the history entry's state, never in the URL).
 */
export function OrderAgainLink({ order }: { order: Order }) {
  const delivery = { address: order.address, phone: order.phone };
  const target = order.lines?.length
    ? {
        to: QUICK_ORDER_PATH,
        state: quickOrderState({
          // "SKU — name": the check matches the SKU first, so a renamed product is still found.
          lines: order.lines.map((line) => ({
            product: skuAndName(line),
            quantity: line.orderQuantity,
          })),
          ...delivery,
        }),
      }
    : {
        to: `/tools/${encodeURIComponent(order.toolId)}`,
        state: { reorder: { quantity: order.orderQuantity, ...delivery } },
      };
  return (
    <Link
      to={target.to}
      state={target.state}
      className={buttonClassName('secondary', 'small')}
      aria-label={`${InvoiceMessages.orderAgain}: ${order.name}`}
    >
      {InvoiceMessages.orderAgain}
    </Link>
  );
}

import { useId, type RefObject } from 'react';
import { Link } from 'react-router';
import { Button, buttonClassName } from '@toolshop/ui';
import { formatCount, formatDollars, type Tool } from '@toolshop/contracts';
import type { PlacedOrder } from './placed-order';
import surface from '../../components/surface.module.css';
import styles from './order-form.module.css';

/** The order just placed, in the form's place: where to pay, or start another. */
export function PlacedOrderCard({
  tool,
  placed,
  placedRef,
  onPlaceAnother,
}: {
  tool: Tool;
  placed: PlacedOrder;
  placedRef: RefObject<HTMLDivElement | null>;
  onPlaceAnother: () => void;
}) {
  const titleId = useId();
  return (
    <form
      className={`${surface.card} ${styles.form}`}
      aria-labelledby={titleId}
      onSubmit={(e) => e.preventDefault()}
    >
      <h2 id={titleId} className={styles.title}>
        Place your order
      </h2>
      <div ref={placedRef} tabIndex={-1} className={styles.placedOrder} role="status">
        <p className={styles.placedHeading}>Order placed</p>
        <dl className={styles.placedDetails}>
          <dt>Tool</dt>
          <dd>{tool.name}</dd>
          <dt>Quantity</dt>
          <dd>{formatCount(placed.quantity)}</dd>
          <dt>Total</dt>
          <dd>{formatDollars(placed.total)}</dd>
          <dt>Deliver to</dt>
          <dd>{placed.address}</dd>
        </dl>
        <p className={styles.placed}>
          Your order is waiting for payment in <Link to="/dashboard/myOrders">My Orders</Link>.
        </p>
      </div>
      <div className={styles.placedActions}>
        <Link className={buttonClassName()} to={`/dashboard/payment/${placed.id}`}>
          Pay now
        </Link>
        <Button type="button" variant="secondary" onClick={onPlaceAnother}>
          Place another order
        </Button>
      </div>
    </form>
  );
}

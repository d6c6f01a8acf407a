import { Link } from 'react-router';
import { formatCount } from '@toolshop/contracts';
import { Skeleton } from '@toolshop/ui';
import { useLowStockCount } from './api/low-stock-count';
import styles from './low-stock-note.module.css';

const MANAGE_PRODUCTS = '/dashboard/manageProducts';

/** The overview's stock line: how many products are low, linked to Manage Products (they come first). */
export function LowStockNote() {
  const { data: count, isError } = useLowStockCount();
  if (count === undefined)
    // Its box while the count is on its way: the orders below do not move when it comes.
    return isError ? null : (
      <div className={styles.note} aria-hidden="true">
        <Skeleton width="16rem" height="1.5rem" />
      </div>
    );
  return (
    <p className={styles.note} role="status">
      {count === 0 ? (
        'No product is low on stock.'
      ) : (
        <>
          <strong>
            {count === 1 ? '1 product is' : `${formatCount(count)} products are`} low on stock.
          </strong>{' '}
          <Link to={MANAGE_PRODUCTS}>Restock in Manage Products</Link>
        </>
      )}
    </p>
  );
}

import {
  formatDateTime,
  formatDollars,
  namedUnits,
  ORDER_STATE_LABELS,
  unitsText as namedUnitsText,
} from '@toolshop/contracts';
import type { Order, OrderEvent, OrderTimelineEntry } from '@toolshop/contracts';
import { visuallyHidden } from '../visually-hidden';
import styles from './order-timeline.module.css';

/** Who reads it: a customer sees "you" and "the shop"; an admin sees which admin did it. */
export type TimelineAudience = 'customer' | 'admin';

/** One label per entry: "Placed", then the lifecycle's name of the state entered ("Canceled", US spelling as the spec's texts). */
export const EVENT_LABEL: Readonly<Record<OrderEvent, string>> = {
  placed: 'Placed',
  approved: 'Approved',
  ...ORDER_STATE_LABELS,
  return_rejected: 'Return refused',
  refunded_in_part: 'Refunded in part',
};

const formatAt = (iso: string): string => formatDateTime(iso) || iso;

/** "by you", "by the customer", "by the shop", "by admin@…", "automatically". */
export function actorText(entry: OrderTimelineEntry, audience: TimelineAudience): string {
  if (entry.by === 'system') return 'automatically';
  if (entry.by === 'customer') return audience === 'customer' ? 'by you' : 'by the customer';
  // A company's approver is named to both: the buyer knows their colleagues.
  if (entry.by === 'approver') return entry.actor ? `by ${entry.actor}` : 'by your company';
  return audience === 'admin' && entry.actor ? `by ${entry.actor}` : 'by the shop';
}

/** The entries to show: the stored history, or only "Placed" for an order from before it. */
export function timelineOf(order: Pick<Order, 'timeline' | 'createdAt'>): OrderTimelineEntry[] {
  if (order.timeline?.length) return order.timeline;
  return order.createdAt ? [{ event: 'placed', at: order.createdAt, by: 'customer' }] : [];
}

/** "1 × Drill, 2 × Saw": the units a refund or return of some of them names. */
export function unitsText(
  order: Pick<Order, 'name'> & Partial<Pick<Order, 'toolId' | 'lines'>>,
  lines: NonNullable<OrderTimelineEntry['lines']>,
): string {
  return namedUnitsText(namedUnits(order, lines));
}

export interface OrderTimelineProps {
  order: Pick<Order, 'timeline' | 'createdAt' | 'name'> & Partial<Pick<Order, 'toolId' | 'lines'>>;
  audience: TimelineAudience;
}

/** An order's history as a disclosure ("History") holding an ordered list, oldest first. */
export function OrderTimeline({ order, audience }: OrderTimelineProps) {
  const entries = timelineOf(order);
  if (entries.length === 0) return null;
  return (
    <details className={styles.timeline}>
      <summary className={styles.summary}>
        History<span className={visuallyHidden}> of the order of {order.name}</span>
      </summary>
      <ol className={styles.list}>
        {entries.map((entry, index) => (
          <li key={`${entry.event}-${index}`} className={styles.entry}>
            <span className={styles.event}>{EVENT_LABEL[entry.event] ?? entry.event}</span>{' '}
            <time dateTime={entry.at}>{formatAt(entry.at)}</time>{' '}
            <span className={styles.muted}>{actorText(entry, audience)}</span>
            {entry.carrier || entry.trackingNumber ? (
              <span className={styles.detail}>
                {entry.carrier ? `Carrier ${entry.carrier}` : null}
                {entry.carrier && entry.trackingNumber ? ' · ' : null}
                {entry.trackingNumber ? (
                  <>
                    Tracking number <code>{entry.trackingNumber}</code>
                  </>
                ) : null}
              </span>
            ) : null}
            {entry.amount !== undefined ? (
              <span className={styles.detail}>
                Amount <strong>{formatDollars(entry.amount)}</strong>
              </span>
            ) : null}
            {entry.lines?.length ? (
              <span className={styles.detail}>Units: {unitsText(order, entry.lines)}</span>
            ) : null}
            {/* The customer's refund email says it too. */}
            {entry.reason ? <span className={styles.detail}>Reason: {entry.reason}</span> : null}
            {entry.transactionId ? (
              <span className={styles.detail}>
                Transaction id <code>{entry.transactionId}</code>
              </span>
            ) : null}
          </li>
        ))}
      </ol>
    </details>
  );
}

import type { Order, OrderEvent, OrderTimelineEntry } from '@toolshop/contracts';
import { visuallyHidden } from '../visually-hidden';
import styles from './order-timeline.module.css';

/** Who reads it: a customer sees "you" and "the shop"; an admin sees which admin did it. */
export type TimelineAudience = 'customer' | 'admin';

const EVENT_LABEL: Record<OrderEvent, string> = {
  placed: 'Placed',
  paid: 'Paid',
  shipped: 'Shipped',
  cancelled: 'Cancelled',
  expired: 'Expired',
};

// Made on first use: building it loads the locale's date data, 60-100 ms of main thread on a 4x
// slowed CPU, which every page paid when this module loaded (the home page shows no order).
let dateTime: Intl.DateTimeFormat | undefined;

function formatAt(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  dateTime ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return dateTime.format(date);
}

/** "by you", "by the customer", "by the shop", "by admin@…", "automatically". */
export function actorText(entry: OrderTimelineEntry, audience: TimelineAudience): string {
  if (entry.by === 'system') return 'automatically';
  if (entry.by === 'customer') return audience === 'customer' ? 'by you' : 'by the customer';
  return audience === 'admin' && entry.actor ? `by ${entry.actor}` : 'by the shop';
}

/** The entries to show: the stored history, or only "Placed" for an order from before it. */
export function timelineOf(order: Pick<Order, 'timeline' | 'createdAt'>): OrderTimelineEntry[] {
  if (order.timeline?.length) return order.timeline;
  return order.createdAt ? [{ event: 'placed', at: order.createdAt, by: 'customer' }] : [];
}

export interface OrderTimelineProps {
  order: Pick<Order, 'timeline' | 'createdAt' | 'name'>;
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

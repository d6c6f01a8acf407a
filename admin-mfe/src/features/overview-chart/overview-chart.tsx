import { useMemo, useState, type ReactNode } from 'react';
import { formatCount, formatDollars } from '@toolshop/contracts';
import { ErrorState, Skeleton, visuallyHidden } from '@toolshop/ui';
import { useOrderStats } from './api/order-stats';
import { DailyBarChart } from './daily-bar-chart';
import { fillDays, formatDay, summarize } from './daily-stats';
import styles from './overview-chart.module.css';

export const OVERVIEW_DAYS = 30;

/** The summary line's height, for its skeleton: the orders below stay where they are when it comes. */
const SUMMARY_HEIGHT = '1.5rem';

const count = (n: number) => `${formatCount(n)} ${n === 1 ? 'order' : 'orders'}`;

/**
 * The last 30 days above the admin orders table: their totals in a line, the charts and the daily
 * figures each behind a disclosure. Drawn with the page, the charts (two panels of 30 bars) were a
 * third of the frame that lays the page out after a click, the one frame of the shop's signed-in
 * pages that stayed over 50 ms at a 4x slowed CPU, and they held the orders below the fold at 720 px.
 */
export function OverviewChart() {
  const { data, error, refetch } = useOrderStats(OVERVIEW_DAYS);
  const loading = data === undefined;
  const stats = useMemo(() => fillDays(data ?? [], OVERVIEW_DAYS, new Date()), [data]);
  const summary = useMemo(() => summarize(stats), [stats]);

  if (error) {
    return (
      <section className={styles.overview} aria-labelledby="overview-heading">
        <h2 id="overview-heading" className={styles.heading}>
          Last {OVERVIEW_DAYS} days
        </h2>
        <ErrorState title="The overview could not be loaded." onRetry={() => void refetch()} />
      </section>
    );
  }

  const busiest = summary.busiestDay
    ? `, busiest day ${formatDay(summary.busiestDay.day)} with ${count(summary.busiestDay.orders)}`
    : '';

  return (
    <section className={styles.overview} aria-labelledby="overview-heading" aria-busy={loading}>
      <h2 id="overview-heading" className={styles.heading}>
        Last {OVERVIEW_DAYS} days
      </h2>
      {loading ? (
        <Skeleton width="min(24rem, 100%)" height={SUMMARY_HEIGHT} />
      ) : (
        <>
          <p className={styles.summary}>
            <strong>{count(summary.orders)}</strong>,{' '}
            <strong>{formatDollars(summary.revenue)}</strong> paid revenue{busiest}.
          </p>
          <Disclosure summary="Charts">
            {() => (
              <div className={styles.panels}>
                <DailyBarChart
                  title="Orders per day"
                  total={count(summary.orders)}
                  stats={stats}
                  value={(stat) => stat.orders}
                  format={formatCount}
                  tone="orders"
                  description={`Orders per day over the last ${OVERVIEW_DAYS} days: ${count(summary.orders)} in total${busiest}.`}
                />
                <DailyBarChart
                  title="Paid revenue per day"
                  total={formatDollars(summary.revenue)}
                  stats={stats}
                  value={(stat) => stat.revenue}
                  format={formatDollars}
                  tone="revenue"
                  description={`Paid revenue per day over the last ${OVERVIEW_DAYS} days: ${formatDollars(summary.revenue)} in total.`}
                />
              </div>
            )}
          </Disclosure>
          <Disclosure summary="Daily figures">
            {() => (
              <div
                className={styles.tableScroll}
                role="region"
                aria-label="Daily figures"
                tabIndex={0}
              >
                <table className={styles.table}>
                  <caption className={visuallyHidden}>
                    Orders and paid revenue per day, last {OVERVIEW_DAYS} days
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">Day</th>
                      <th scope="col">Orders</th>
                      <th scope="col">Paid revenue</th>
                    </tr>
                  </thead>
                  <tbody>
                    {[...stats].reverse().map((stat) => (
                      <tr key={stat.day}>
                        <th scope="row">{formatDay(stat.day)}</th>
                        <td>{formatCount(stat.orders)}</td>
                        <td>{formatDollars(stat.revenue)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </Disclosure>
        </>
      )}
    </section>
  );
}

/** A disclosure whose content renders once opened (and is gone again once closed). */
function Disclosure({ summary, children }: { summary: string; children: () => ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <details className={styles.details} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{summary}</summary>
      {open && children()}
    </details>
  );
}

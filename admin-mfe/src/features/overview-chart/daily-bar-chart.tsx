import { formatDay, type DailyStat } from './daily-stats';
import styles from './overview-chart.module.css';

interface DailyBarChartProps {
  title: string;
  /** Headline figure shown next to the title, e.g. the total of the window. */
  total: string;
  stats: readonly DailyStat[];
  value: (stat: DailyStat) => number;
  format: (value: number) => string;
  /** Spoken summary; the SVG itself is one image for assistive technology. */
  description: string;
  tone: 'orders' | 'revenue';
}

const WIDTH = 300;
const HEIGHT = 100;
const GAP = 2;

/** A dependency-free bar chart: one bar per day, scaled to the busiest day. */
export function DailyBarChart({
  title,
  total,
  stats,
  value,
  format,
  description,
  tone,
}: DailyBarChartProps) {
  const max = Math.max(0, ...stats.map(value));
  const barWidth = stats.length > 0 ? WIDTH / stats.length : WIDTH;
  const first = stats[0];
  const last = stats[stats.length - 1];

  return (
    <figure className={styles.panel}>
      <figcaption className={styles.caption}>
        <span className={styles.title}>{title}</span>
        <span className={styles.total}>{total}</span>
      </figcaption>
      <div className={styles.plot}>
        <span className={styles.max} aria-hidden="true">
          {format(max)}
        </span>
        <svg
          className={`${styles.svg} ${styles[tone]}`}
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          preserveAspectRatio="none"
          role="img"
          aria-label={description}
        >
          <line className={styles.baseline} x1={0} y1={HEIGHT} x2={WIDTH} y2={HEIGHT} />
          {stats.map((stat, index) => {
            const height = max > 0 ? (value(stat) / max) * (HEIGHT - 4) : 0;
            return (
              <rect
                key={stat.day}
                className={styles.bar}
                x={index * barWidth + GAP / 2}
                y={HEIGHT - height}
                width={Math.max(barWidth - GAP, 1)}
                height={height}
              >
                <title>{`${formatDay(stat.day)}: ${format(value(stat))}`}</title>
              </rect>
            );
          })}
        </svg>
      </div>
      {first && last && (
        <div className={styles.axis} aria-hidden="true">
          <span>{formatDay(first.day)}</span>
          <span>{formatDay(last.day)}</span>
        </div>
      )}
    </figure>
  );
}

import { SALE_COUNTDOWN_MS } from '@toolshop/contracts';
import { splitDuration, type DurationParts } from './split-duration';
import { useCountdown } from './use-countdown';
import { SectionHeading } from '../../components/section-heading';
import styles from './sale-countdown.module.css';

const UNITS: { key: keyof DurationParts; label: string }[] = [
  { key: 'days', label: 'Days' },
  { key: 'hours', label: 'Hours' },
  { key: 'minutes', label: 'Minutes' },
  { key: 'seconds', label: 'Seconds' },
];

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** The mid-year sale banner: counts down SALE_COUNTDOWN_MS from the moment the page loads. */
export function SaleCountdown() {
  const parts = splitDuration(useCountdown(SALE_COUNTDOWN_MS));

  return (
    <section className={styles.sale} aria-labelledby="sale-title">
      <SectionHeading
        id="sale-title"
        eyebrow="Mid-year sale"
        title="Up to 30% off cordless kits and accessories"
        lead="Batteries, chargers and bare tools at contractor prices. The offer ends when the clock hits zero."
        inverted
      />
      {/* role=timer is not announced on every tick, which keeps screen readers usable. */}
      <div className={styles.clock} role="timer" aria-label="Time left in the mid-year sale">
        {UNITS.map(({ key, label }) => (
          <div key={key} className={styles.unit} data-unit={key}>
            <span className={styles.value}>{twoDigits(parts[key])}</span>
            <span className={styles.label}>{label}</span>
          </div>
        ))}
      </div>
    </section>
  );
}

import { classNames } from '../class-names';
import styles from './feedback.module.css';

export interface SpinnerProps {
  /** Read by screen readers. */
  label?: string;
  size?: 'medium' | 'small';
  /** Centres the spinner in a padded block (page-level loading). */
  centered?: boolean;
}

export function Spinner({ label = 'Loading', size = 'medium', centered = false }: SpinnerProps) {
  const spinner = (
    <span
      role="status"
      aria-label={label}
      className={classNames(styles.spinner, size === 'small' && styles.small)}
    />
  );
  return centered ? <div className={styles.center}>{spinner}</div> : spinner;
}

import { RATING_MAX } from '@toolshop/contracts';
import styles from './typography.module.css';

export interface StarsProps {
  /** 1 to 5; values outside are clamped, fractions rounded. */
  rating: number;
}

export function Stars({ rating }: StarsProps) {
  const filled = Math.min(RATING_MAX, Math.max(0, Math.round(rating)));
  return (
    <span className={styles.stars} role="img" aria-label={`Rated ${filled} out of ${RATING_MAX}`}>
      {Array.from({ length: RATING_MAX }, (_, index) => (
        <span key={index} aria-hidden="true" className={index < filled ? undefined : styles.off}>
          ★
        </span>
      ))}
    </span>
  );
}

import type { ReactNode } from 'react';
import styles from './anchor-section.module.css';

interface AnchorSectionProps {
  /** The anchor other links scroll to, e.g. `reviews`. */
  id: string;
  /** Id of the section's heading. */
  labelledBy: string;
  children: ReactNode;
}

/** A page section that in-page links scroll to and move focus into (see the hero). */
export function AnchorSection({ id, labelledBy, children }: AnchorSectionProps) {
  return (
    <section id={id} className={styles.section} aria-labelledby={labelledBy} tabIndex={-1}>
      {children}
    </section>
  );
}

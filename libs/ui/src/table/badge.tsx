import type { ReactNode } from 'react';
import { classNames } from '../class-names';
import styles from './badge.module.css';

export type BadgeTone = 'neutral' | 'warning' | 'info' | 'success';

/** A short state in a pill (an order's state, a user's role). */
export function Badge({ tone = 'neutral', children }: { tone?: BadgeTone; children: ReactNode }) {
  return <span className={classNames(styles.badge, styles[tone])}>{children}</span>;
}

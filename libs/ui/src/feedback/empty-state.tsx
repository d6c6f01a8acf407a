import type { ReactNode } from 'react';
import styles from './feedback.module.css';

export interface EmptyStateProps {
  title: ReactNode;
  children?: ReactNode;
  /** Same as children. */
  message?: ReactNode;
  action?: ReactNode;
}

export function EmptyState({ title, children, message, action }: EmptyStateProps) {
  return (
    <div className={styles.state}>
      <p className={styles.stateTitle}>{title}</p>
      {(children ?? message) && <p className={styles.stateText}>{children ?? message}</p>}
      {action}
    </div>
  );
}

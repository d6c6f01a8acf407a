import type { ReactNode } from 'react';
import { Button } from '../button/button';
import { classNames } from '../class-names';
import styles from './feedback.module.css';

export interface ErrorStateProps {
  title?: ReactNode;
  children?: ReactNode;
  /** Same as children. */
  message?: ReactNode;
  onRetry?: () => void;
  retryLabel?: string;
}

export function ErrorState({
  title = 'Something went wrong',
  children,
  message,
  onRetry,
  retryLabel = 'Retry',
}: ErrorStateProps) {
  return (
    <div role="alert" className={classNames(styles.state, styles.error)}>
      <p className={styles.stateTitle}>{title}</p>
      {(children ?? message) && <p className={styles.stateText}>{children ?? message}</p>}
      {onRetry && (
        <Button variant="secondary" onClick={onRetry}>
          {retryLabel}
        </Button>
      )}
    </div>
  );
}

import type { ReactNode } from 'react';
import styles from './feedback.module.css';

export interface SkeletonProps {
  width?: string;
  height?: string;
}

/** A grey placeholder with the shape of content that is still loading. */
export function Skeleton({ width = '100%', height = '1rem' }: SkeletonProps) {
  return <span aria-hidden="true" className={styles.skeleton} style={{ width, height }} />;
}

export interface LoadingGroupProps {
  /** What is loading, for assistive technology: "Loading your orders". */
  label: string;
  className?: string;
  /** The placeholders, usually `Skeleton`s with the shape of the content to come. */
  children: ReactNode;
}

/**
 * The placeholders of a region whose data is on the way, as one named, busy group (a named div
 * needs a role, or axe reports the name as prohibited).
 */
export function LoadingGroup({ label, className, children }: LoadingGroupProps) {
  return (
    <div className={className} role="group" aria-busy="true" aria-label={label}>
      {children}
    </div>
  );
}

import styles from './feedback.module.css';

export interface SkeletonProps {
  width?: string;
  height?: string;
}

/** A grey placeholder with the shape of content that is still loading. */
export function Skeleton({ width = '100%', height = '1rem' }: SkeletonProps) {
  return <span aria-hidden="true" className={styles.skeleton} style={{ width, height }} />;
}

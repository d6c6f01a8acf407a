import { Skeleton } from '@toolshop/ui';
import surface from '../../components/surface.module.css';
import styles from './tool-card.module.css';

/** The shape of a ToolCard while the grid loads, same size so nothing shifts when data arrives. */
export function ToolCardSkeleton() {
  return (
    <div className={`${surface.card} ${styles.card}`}>
      <div className={styles.media} />
      <div className={styles.body}>
        <Skeleton width="70%" height="1.5rem" />
        <Skeleton height="3rem" />
        <Skeleton height="2.5rem" />
        <Skeleton width="40%" height="2.75rem" />
      </div>
    </div>
  );
}

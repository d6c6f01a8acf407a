import { TrustMessages, type Review } from '@toolshop/contracts';
import { Badge, Stars } from '@toolshop/ui';
import styles from './review-list.module.css';

/** One review as a list item: stars, the opinion, its author and the Verified buyer badge. */
export function ReviewCard({ review }: { review: Review }) {
  return (
    <li className={styles.card}>
      <figure className={styles.figure}>
        <Stars rating={review.rating} />
        <blockquote className={styles.opinion}>
          <p>{review.opinion}</p>
        </blockquote>
        <figcaption className={styles.caption}>
          <span className={styles.name}>{review.customerName}</span>
          {review.verifiedBuyer && <Badge tone="success">{TrustMessages.verifiedBuyer}</Badge>}
        </figcaption>
      </figure>
    </li>
  );
}

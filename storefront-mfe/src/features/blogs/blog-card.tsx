import type { BlogPost } from './blog-posts';
import surface from '../../components/surface.module.css';
import styles from './blog-card.module.css';

export function BlogCard({ post }: { post: BlogPost }) {
  const titleId = `blog-${post.id}`;
  return (
    <article className={`${surface.card} ${styles.card}`} aria-labelledby={titleId}>
      <p className={styles.topic}>{post.topic}</p>
      <h2 id={titleId} className={styles.question}>
        {post.question}
      </h2>
      {post.answer.map((paragraph) => (
        <p key={paragraph.slice(0, 24)} className={styles.answer}>
          {paragraph}
        </p>
      ))}
    </article>
  );
}

import { useDocumentTitle } from '@toolshop/ui';
import { BLOG_POSTS } from '../features/blogs/blog-posts';
import { BlogCard } from '../features/blogs/blog-card';
import { SiteFooter } from '../features/footer/site-footer';
import { SectionHeading } from '../components/section-heading';
import styles from './page.module.css';

export default function BlogsPage() {
  useDocumentTitle('Blogs');
  return (
    <>
      <div className={styles.content}>
        <section aria-labelledby="blogs-title">
          <SectionHeading
            id="blogs-title"
            level={1}
            eyebrow="Blogs"
            title="Straight answers from our workshop"
            lead="The questions our support engineers hear most, answered in two minutes of reading."
          />
          <div className={styles.cards}>
            {BLOG_POSTS.map((post) => (
              <BlogCard key={post.id} post={post} />
            ))}
          </div>
        </section>
      </div>
      <SiteFooter />
    </>
  );
}

import { useLayoutEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError, queryClient, useAuth } from '@toolshop/auth';
import { ErrorState, Skeleton, buttonClassName, useDocumentTitle } from '@toolshop/ui';
import { layOutApart } from '@toolshop/ui/scheduling';
import { SectionHeading } from '../components/section-heading';
import { ToolDetails } from '../features/tools/tool-details';
import { OrderForm } from '../features/order-form/order-form';
import { ToolReviews } from '../features/reviews/tool-reviews';
import { toolReviewsQuery } from '../features/reviews/api/tool-reviews';
import { memberPriceQuery } from '../lib/member-price';
import { toolQuery, useTool } from '../features/tools/api/tool';
import styles from './tool-detail-page.module.css';

/** An id the database cannot hold and an id it does not hold are the same to a shopper. */
const isNotFound = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

export default function ToolDetailPage() {
  const { toolId = '' } = useParams();
  // An order placed below refreshes the tool (its stock) through the shared query.
  const { data: tool, error, isFetching: loading, refetch } = useTool(toolId);
  const notFound = !tool && (isNotFound(error) || !toolId);
  useDocumentTitle(tool?.name ?? (notFound ? 'Tool not found' : undefined));
  // The tool's details and order form are laid out in a task of their own, apart from the frame
  // that paints them: the whole page in that frame was 30-55 ms at Lighthouse's 4x slowed CPU.
  const toolLayout = useRef<HTMLDivElement>(null);
  const shownId = tool?._id;
  useLayoutEffect(() => (shownId ? layOutApart(toolLayout.current!) : undefined), [shownId]);

  if (notFound) {
    return (
      <div className={`${styles.page} ${styles.notFound}`}>
        <SectionHeading
          id="tool-not-found"
          level={1}
          eyebrow="Not found"
          title="We could not find that tool"
          lead="It may have left the range, or the link is mistyped."
        />
        <Link className={buttonClassName('primary')} to="/">
          Browse all tools
        </Link>
      </div>
    );
  }

  if (!tool && error) {
    return (
      <div className={styles.page}>
        <ErrorState title="This tool could not be loaded" onRetry={() => void refetch()}>
          Please check your connection and try again.
        </ErrorState>
      </div>
    );
  }

  if (!tool) {
    return (
      <div className={styles.page} aria-busy={loading}>
        <div className={styles.layout}>
          <Skeleton height="22rem" />
          <Skeleton height="30rem" />
        </div>
      </div>
    );
  }

  return (
    <div className={styles.page}>
      <nav aria-label="Breadcrumb" className={styles.crumbs}>
        <Link to="/">Home</Link>
        <span aria-hidden="true"> / </span>
        <span aria-current="page">{tool.name}</span>
      </nav>
      <div ref={toolLayout} className={styles.layout}>
        <ToolDetails tool={tool} />
        <OrderForm key={tool._id} tool={tool} />
      </div>
      <ToolReviews toolId={tool._id} />
    </div>
  );
}

/**
 * The shell calls it when a link here is about to be followed: the tool, its reviews and the
 * signed-in shopper's price are on their way before the click.
 */
export function prefetch({ toolId }: { toolId?: string }): void {
  if (!toolId) return;
  void queryClient.prefetchQuery(toolQuery(toolId));
  void queryClient.prefetchQuery(toolReviewsQuery(toolId));
  if (useAuth.getState().status === 'signedIn')
    void queryClient.prefetchQuery(memberPriceQuery(toolId));
}

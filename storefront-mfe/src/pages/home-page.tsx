import { Hero } from '../features/hero/hero';
import { ToolGrid } from '../features/tools/tool-grid';
import { Highlights } from '../features/highlights/highlights';
import { ReviewList } from '../features/reviews/review-list';
import { SaleCountdown } from '../features/countdown/sale-countdown';
import { SuggestionForm } from '../features/suggestions/suggestion-form';
import { SiteFooter } from '../features/footer/site-footer';
import { useDocumentTitle } from './use-document-title';
import styles from './page.module.css';

export default function HomePage() {
  useDocumentTitle('Power tools direct from the factory');
  return (
    <>
      <Hero />
      <div className={styles.content}>
        <ToolGrid />
        <Highlights />
        <ReviewList />
        <SaleCountdown />
        <SuggestionForm />
      </div>
      <SiteFooter />
    </>
  );
}

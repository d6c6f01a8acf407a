import { Portfolio } from '../features/portfolio/portfolio';
import { SiteFooter } from '../features/footer/site-footer';
import { useDocumentTitle } from './use-document-title';
import styles from './page.module.css';

export default function PortfolioPage() {
  useDocumentTitle('My Portfolio');
  return (
    <>
      <div className={styles.content}>
        <Portfolio />
      </div>
      <SiteFooter />
    </>
  );
}

import { useDocumentTitle } from '@toolshop/ui';
import { Portfolio } from '../features/portfolio/portfolio';
import { SiteFooter } from '../features/footer/site-footer';
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

import { useEffect, type ReactNode } from 'react';
import styles from './typography.module.css';

export interface PageTitleProps {
  children: ReactNode;
  /** Also sets the document title. */
  documentTitle?: string;
}

export function PageTitle({ children, documentTitle }: PageTitleProps) {
  useEffect(() => {
    if (documentTitle) document.title = `${documentTitle} | Toolshop`;
  }, [documentTitle]);
  return <h1 className={styles.pageTitle}>{children}</h1>;
}

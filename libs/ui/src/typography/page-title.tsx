import type { ReactNode } from 'react';
import styles from './typography.module.css';
import { useDocumentTitle } from './use-document-title';

export interface PageTitleProps {
  children: ReactNode;
  /** Also sets the document title. */
  documentTitle?: string;
}

export function PageTitle({ children, documentTitle }: PageTitleProps) {
  useDocumentTitle(documentTitle);
  return <h1 className={styles.pageTitle}>{children}</h1>;
}

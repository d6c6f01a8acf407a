import type { ReactNode } from 'react';
import styles from './section-heading.module.css';

interface SectionHeadingProps {
  /** The heading's id, for the section's aria-labelledby. */
  id: string;
  eyebrow?: string;
  title: ReactNode;
  lead?: ReactNode;
  /** 1 for a page title, 2 (default) for a section of a page. */
  level?: 1 | 2;
  /** On a dark band. */
  inverted?: boolean;
}

/** The eyebrow + title + lead that opens every section of the storefront. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  lead,
  level = 2,
  inverted = false,
}: SectionHeadingProps) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <header className={inverted ? `${styles.heading} ${styles.inverted}` : styles.heading}>
      {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
      <Heading
        id={id}
        className={level === 1 ? `${styles.title} ${styles.pageTitle}` : styles.title}
      >
        {title}
      </Heading>
      {lead && <p className={styles.lead}>{lead}</p>}
    </header>
  );
}

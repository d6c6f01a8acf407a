import { Fragment } from 'react';
import styles from './typography.module.css';

/**
 * An email address that, where its line is too narrow, wraps before its "@" first (the name on one
 * line, the domain on the next), then before a dot of its domain ("@workshop.manufacturer / .test"),
 * and only then wherever it must (a cell's `overflow-wrap: anywhere`), rather than mid-word
 * ("customer@toolshop.t / est"). The domain is one box: its dots never break while the whole domain
 * fits a line of its own.
 */
export function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return <>{email}</>;
  const [domain, ...dotted] = email.slice(at).split('.');
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      <span className={styles.emailDomain}>
        {domain}
        {dotted.map((part, index) => (
          <Fragment key={index}>
            <wbr />.{part}
          </Fragment>
        ))}
      </span>
    </>
  );
}

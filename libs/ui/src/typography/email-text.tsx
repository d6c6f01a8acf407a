import { Fragment } from 'react';

/**
 * An email address that, where its line is too narrow, wraps before its "@" or before a dot of its
 * domain ("buyer1999@large / .toolshop.test") and only then wherever it must (a cell's
 * `overflow-wrap: anywhere`), rather than mid-word ("customer@toolshop.t / est"). Only `<wbr>`s:
 * a box around the domain would make it wrap at the "@" first, but it also puts a space into the
 * accessible name ("buyer1999 @large.toolshop.test").
 */
export function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return <>{email}</>;
  const [domain, ...dotted] = email.slice(at).split('.');
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {domain}
      {dotted.map((part, index) => (
        <Fragment key={index}>
          <wbr />.{part}
        </Fragment>
      ))}
    </>
  );
}

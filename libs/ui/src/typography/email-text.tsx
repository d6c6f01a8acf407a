/**
 * An email address that, where its line is too narrow, wraps before its "@" first (the name on one
 * line, the domain on the next) and only then wherever it must (a cell's `overflow-wrap: anywhere`),
 * rather than mid-word ("customer@toolshop.t / est").
 */
export function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

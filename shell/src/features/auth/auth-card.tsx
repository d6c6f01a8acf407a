import { useState, type FormEvent, type ReactNode } from 'react';
import { signInWithGoogle } from '@toolshop/auth';
import { Button, useDocumentTitle, useHydrated } from '@toolshop/ui';
import { googleSignInEnabled } from './google-sign-in';
import styles from './auth-form.module.css';

interface AuthCardProps {
  title: string;
  /** Where the Google option returns after the provider. */
  googleReturnTo: string;
  /** The identity provider's message, shown under the form. */
  providerError: string;
  onProviderError: (message: string) => void;
  onSubmit: (event: FormEvent) => void;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  /** The form's fields. */
  children: ReactNode;
  footer: ReactNode;
  /** Why the user is here (e.g. an admin route sent a signed-in customer), shown above the form. */
  notice?: string;
}

/**
 * The frame shared by /login and /signup: title, form and submit, provider message, the Google option
 * (unless the deployment turned it off in `/config.json`), a link.
 */
export function AuthCard(props: AuthCardProps) {
  const {
    title,
    googleReturnTo,
    providerError,
    onProviderError,
    onSubmit,
    busy,
    submitLabel,
    busyLabel,
    children,
    footer,
    notice,
  } = props;
  const [redirecting, setRedirecting] = useState(false);
  // Prerendered (the page comes as HTML first): no submit before React runs, which would send the
  // form as a plain GET with its fields in the URL.
  const hydrated = useHydrated();
  useDocumentTitle(title);
  const google = async () => {
    setRedirecting(true);
    try {
      await signInWithGoogle(googleReturnTo);
    } catch (caught) {
      setRedirecting(false);
      onProviderError(caught instanceof Error ? caught.message : String(caught));
    }
  };
  return (
    <AuthFrame title={title}>
      {notice && (
        <p role="alert" className={styles.notice}>
          {notice}
        </p>
      )}
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        {children}
        <Button type="submit" block disabled={busy || !hydrated}>
          {busy ? busyLabel : submitLabel}
        </Button>
      </form>
      <ProviderError message={providerError} />
      <p className={styles.switch}>{footer}</p>
      {/* The prerendered page (built without /config.json) offers it: hydrated as it came, then gone if off. */}
      {(googleSignInEnabled() || !hydrated) && (
        <>
          <div className={styles.divider}>OR</div>
          <Button
            variant="secondary"
            block
            onClick={() => void google()}
            disabled={redirecting || !hydrated}
          >
            Continue with Google
          </Button>
        </>
      )}
    </AuthFrame>
  );
}

/** The card of every sign-in page: its title (h1) and content, centred. */
export function AuthFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="auth-title">
        <h1 id="auth-title" className={styles.title}>
          {title}
        </h1>
        {children}
      </section>
    </div>
  );
}

/** The identity provider's message under a form (announced), or nothing. */
export function ProviderError({ message }: { message: string }) {
  if (!message) return null;
  return (
    <p role="alert" className={styles.providerError}>
      {message}
    </p>
  );
}

export const errorMessage = (caught: unknown): string =>
  caught instanceof Error ? caught.message : String(caught);

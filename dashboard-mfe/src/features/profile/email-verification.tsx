import { Button } from '@toolshop/ui';
import { useAccount } from './api/account';
import { useResendVerification } from './api/resend-verification';
import styles from './profile.module.css';

/** Whether the provider has proven the user's email; when not, a way to get a new link. */
export function EmailVerification() {
  const account = useAccount();
  const resendVerification = useResendVerification();
  const busy = resendVerification.isPending;
  // Unknown (not loaded, or the provider could not say): nothing is shown.
  const verified = account.data ? account.data.emailVerified === true : undefined;

  if (verified === undefined) return null;
  if (verified) {
    return <p className={`${styles.verification} ${styles.verified}`}>Email verified</p>;
  }
  return (
    <div className={styles.verification}>
      <p className={styles.unverified}>Email not verified</p>
      <Button
        variant="secondary"
        size="small"
        onClick={() => resendVerification.mutate()}
        disabled={busy}
      >
        {busy ? 'Sending…' : 'Resend verification email'}
      </Button>
    </div>
  );
}

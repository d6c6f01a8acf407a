import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '@toolshop/ui';
import { fetchAccount, resendVerification } from './verification-api';
import styles from './profile.module.css';

type Verified = boolean | 'unknown';

/** Whether the provider has proven the user's email; when not, a way to get a new link. */
export function EmailVerification() {
  const [verified, setVerified] = useState<Verified | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    fetchAccount()
      .then((account) => current && setVerified(account.emailVerified === true))
      .catch(() => current && setVerified('unknown'));
    return () => {
      current = false;
    };
  }, []);

  const resend = async () => {
    setBusy(true);
    try {
      const answer = await resendVerification();
      toast.success(answer.message);
      if (answer.alreadyVerified) setVerified(true);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  if (verified === undefined || verified === 'unknown') return null;
  if (verified) {
    return <p className={`${styles.verification} ${styles.verified}`}>Email verified</p>;
  }
  return (
    <div className={styles.verification}>
      <p className={styles.unverified}>Email not verified</p>
      <Button variant="secondary" size="small" onClick={() => void resend()} disabled={busy}>
        {busy ? 'Sending…' : 'Resend verification email'}
      </Button>
    </div>
  );
}

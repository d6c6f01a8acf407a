import { useState, type FormEvent } from 'react';
import { Button } from '@toolshop/ui';
import { signInWithPassword, signOut, useAuth } from '@toolshop/auth';
import styles from './harness.module.css';

/** The harness's sign-in against the local identity provider (demo customer by default). */
export function DevSignIn() {
  const status = useAuth((s) => s.status);
  const user = useAuth((s) => s.user);
  const isAdmin = useAuth((s) => s.isAdmin);
  const [email, setEmail] = useState('customer@toolshop.test');
  const [password, setPassword] = useState('toolshop-customer');
  const [error, setError] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    try {
      await signInWithPassword(email, password);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    }
  };

  if (status === 'loading') return <span className={styles.signIn}>Loading session…</span>;
  if (status === 'signedIn')
    return (
      <span className={styles.signIn}>
        <span>
          {user?.email}
          {isAdmin ? ' (admin)' : ''}
        </span>
        <Button size="small" variant="secondary" onClick={() => void signOut()}>
          Sign Out
        </Button>
      </span>
    );
  return (
    <form className={styles.signIn} onSubmit={submit} aria-label="Dev sign-in">
      <input aria-label="Email" value={email} onChange={(e) => setEmail(e.target.value)} />
      <input aria-label="Password" type="password" value={password} onChange={(e) => setPassword(e.target.value)} />
      <Button size="small" type="submit">
        Dev sign-in
      </Button>
      {error && (
        <span role="alert" className={styles.error}>
          {error}
        </span>
      )}
    </form>
  );
}

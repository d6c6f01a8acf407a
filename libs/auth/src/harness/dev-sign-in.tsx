import { useState, type FormEvent } from 'react';
import { Button } from '@toolshop/ui';
import { signInWithPassword, signOut, useAuth } from '@toolshop/auth';
import { demoAccounts, type Credentials } from './harness-config';
import styles from './harness.module.css';

/** The harness's sign-in against the local identity provider: one click per demo account, or any account. */
export function DevSignIn() {
  const status = useAuth((s) => s.status);
  const user = useAuth((s) => s.user);
  const isAdmin = useAuth((s) => s.isAdmin);
  const [demo] = useState(demoAccounts);
  const [email, setEmail] = useState(demo.customer.email);
  const [password, setPassword] = useState(demo.customer.password);
  const [error, setError] = useState('');

  const signIn = async (account: Credentials) => {
    setError('');
    try {
      await signInWithPassword(account.email, account.password);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void signIn({ email, password });
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
    <div className={styles.signIn}>
      <Button size="small" variant="secondary" onClick={() => void signIn(demo.admin)}>
        Sign in as demo admin
      </Button>
      <Button size="small" variant="secondary" onClick={() => void signIn(demo.customer)}>
        Sign in as demo customer
      </Button>
      <form className={styles.signInForm} onSubmit={submit} aria-label="Dev sign-in">
        <input aria-label="Email" value={email} onChange={(e) => setEmail(e.target.value)} />
        <input
          aria-label="Password"
          type="password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Button size="small" type="submit">
          Dev sign-in
        </Button>
      </form>
      {error && (
        <span role="alert" className={styles.error}>
          {error}
        </span>
      )}
    </div>
  );
}

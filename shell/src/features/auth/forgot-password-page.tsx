import { Link } from 'react-router';
import { requestPasswordReset } from '@toolshop/auth';
import { validateEmail } from '@toolshop/contracts';
import { OneFieldCard } from './one-field-card';

const field = { label: 'Email', name: 'email', type: 'email', autoComplete: 'email' };

/**
 * /forgot-password: asks the provider to mail a reset link. Its answer is the same for every
 * address (no enumeration), so the page says only that a link is on its way if an account uses it.
 */
export function ForgotPasswordPage() {
  return (
    <OneFieldCard
      title="Forgot password"
      field={field}
      validate={validateEmail}
      send={(email) => requestPasswordReset(email.trim())}
      submitLabel="Send me a link"
      busyLabel="Sending…"
      footer={() => (
        <>
          Remembered it? <Link to="/login">Please login</Link>
        </>
      )}
    />
  );
}

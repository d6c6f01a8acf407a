import type { Account } from '../accounts/account-store.ts';

/** The standard claims of an account; the provider releases them per scope (email, profile). */
export const accountClaims = (account: Account) => ({
  sub: account.id,
  email: account.email,
  email_verified: account.emailVerified,
  name: account.name,
});

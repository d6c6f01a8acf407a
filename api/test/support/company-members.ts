// Company members for the API tests: fresh users with tokens, and joining a company through an
// invitation written straight to the database (the emailed link is companies.spec.ts's subject).
import { createHash, randomBytes } from 'node:crypto';
import { Types } from 'mongoose';
import type { TestApi } from './test-api';

export interface TestUser {
  email: string;
  token: string;
}

/** `label-<n>@<domain>` users, each new, with a token of the suite's issuer. */
export function userMaker(api: () => TestApi, domain: string) {
  let seq = 0;
  return (label: string): TestUser => {
    const email = `${label}-${++seq}@${domain}`;
    return { email, token: api().issuer.token({ email, name: label }) };
  };
}

/** Joins `user` to the company as `role`, invited by `invitedBy`; answers the accept's status. */
export async function joinCompany(
  api: TestApi,
  companyId: string,
  user: TestUser,
  role: string,
  invitedBy: string,
): Promise<number> {
  const token = randomBytes(32).toString('base64url');
  await api.db.collection('company_invitations').insertOne({
    tokenHash: createHash('sha256').update(token).digest('hex'),
    companyId: new Types.ObjectId(companyId),
    email: user.email,
    role,
    invitedBy,
    expiresAt: new Date(Date.now() + 86_400_000),
    createdAt: new Date(),
  });
  return (await api.request('POST', `/invitations/${token}/accept`, { token: user.token })).status;
}

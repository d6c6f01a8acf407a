import { api } from '@toolshop/auth';
import type { ProfileFields, UserProfile } from '@toolshop/contracts';

export const profilePath = (email: string) => `/users?email=${encodeURIComponent(email)}`;

/** GET /users answers a list; SPEC.md §7 uses its first entry. */
export const firstProfile = (profiles: UserProfile[] | null | undefined): UserProfile | undefined =>
  profiles?.[0];

export function updateProfile(fields: Required<ProfileFields>) {
  return api.put<unknown>(profilePath(fields.email), fields);
}

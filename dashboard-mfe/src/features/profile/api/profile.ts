// GET /users?email=: the signed-in user's profile; the API answers a list, SPEC.md §7 uses its first entry.
import { useQuery } from '@tanstack/react-query';
import { api } from '@toolshop/auth';
import { queryRoots } from '@toolshop/auth/query-roots';
import type { UserProfile } from '@toolshop/contracts';

export const profilePath = (email: string) => `/users?email=${encodeURIComponent(email)}`;

export const profileKeys = {
  all: queryRoots.profile,
  of: (email: string) => [...queryRoots.profile, email] as const,
};

/** The API's answer, a list of (at most) one profile. */
export const profileQuery = (email: string) => ({
  queryKey: profileKeys.of(email),
  queryFn: ({ signal }: { signal?: AbortSignal }) =>
    api.get<UserProfile[]>(profilePath(email), { signal }),
});

/** Waits for the user (undefined while the session loads); `data` is the first profile, if any. */
export function useProfile(email: string | undefined) {
  return useQuery({
    ...profileQuery(email ?? ''),
    select: (profiles): UserProfile | null => profiles?.[0] ?? null,
    enabled: email !== undefined,
  });
}

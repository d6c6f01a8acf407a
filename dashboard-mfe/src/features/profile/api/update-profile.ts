// PUT /users?email=: the five profile fields (SPEC.md §5), with the optional company name and tax id.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@toolshop/auth';
import { Messages, type ProfileFields } from '@toolshop/contracts';
import { profileKeys, profilePath } from './profile';

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fields: Required<ProfileFields> & { company?: string; taxId?: string }) =>
      api.put<unknown>(profilePath(fields.email), fields, { idempotent: true }),
    meta: { success: Messages.profileUpdated },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.all }),
  });
}

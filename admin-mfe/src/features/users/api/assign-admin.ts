// PUT /user/admin/{email}: a modifiedCount above 0 means success (SPEC.md §7).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '@toolshop/auth';
import { Messages, type ModifiedAnswer } from '@toolshop/contracts';
import { usersKeys } from './users-page';

async function assignAdmin(email: string): Promise<void> {
  let answer: ModifiedAnswer;
  try {
    answer = await api.put<ModifiedAnswer>(
      `/user/admin/${encodeURIComponent(email)}`,
      {},
      { idempotent: true },
    );
  } catch (error) {
    if (error instanceof ApiError && error.status === 403)
      throw new Error(Messages.onlyAdmin, { cause: error });
    throw error;
  }
  if (answer.modifiedCount === 0) throw new Error(`${email} is already an admin.`);
}

export function useAssignAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignAdmin,
    meta: { success: Messages.adminAssigned },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
}

import { api, ApiError } from '@toolshop/auth';
import { Messages, type ModifiedAnswer } from '@toolshop/contracts';

export interface UserRow {
  email: string;
  role?: string;
}

export type AssignResult = { ok: true } | { ok: false; message: string };

/** PUT /user/admin/{email}; a modifiedCount above 0 means success (SPEC.md §7). */
export async function assignAdmin(email: string): Promise<AssignResult> {
  try {
    const answer = await api.put<ModifiedAnswer>(`/user/admin/${encodeURIComponent(email)}`, {});
    if (answer.modifiedCount > 0) return { ok: true };
    return { ok: false, message: `${email} is already an admin.` };
  } catch (error) {
    if (error instanceof ApiError && error.status === 403)
      return { ok: false, message: Messages.onlyAdmin };
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

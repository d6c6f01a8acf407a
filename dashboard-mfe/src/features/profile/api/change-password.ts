// POST /accounts/me/password of the identity provider: a new password, the current one required.
import { useMutation } from '@tanstack/react-query';
import { changePassword } from '@toolshop/auth';

export interface PasswordChange {
  email: string;
  currentPassword: string;
  newPassword: string;
}

/** The provider ends every session of the account; `changePassword` signs this browser in again. */
export function useChangePassword() {
  return useMutation({
    mutationFn: ({ email, currentPassword, newPassword }: PasswordChange) =>
      changePassword(email, currentPassword, newPassword),
    // The form shows the provider's refusal under itself; the success is the toast.
    meta: { quiet: true, success: (message) => message as string },
  });
}

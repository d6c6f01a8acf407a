// POST /accounts/me/verification of the identity provider: a new verification link by mail.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resendVerification, type Account, type VerificationAnswer } from './account-requests';
import { accountKey } from './account';

export function useResendVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendVerification,
    meta: { success: (answer) => (answer as VerificationAnswer).message },
    // The provider's answer says the email is verified already: the account shows it.
    onSuccess: (answer) => {
      if (answer.alreadyVerified) {
        queryClient.setQueryData<Account>(
          accountKey,
          (account) => account && { ...account, emailVerified: true },
        );
      }
    },
  });
}

// PUT /admin/companies/{id}/terms: net terms (30 or 60 days) and a credit limit for a company.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@toolshop/auth';
import { AccountMessages, type PaymentTerms } from '@toolshop/contracts';
import { adminCompaniesKeys } from './admin-companies';

export function useSetPaymentTerms(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (terms: PaymentTerms) =>
      api.put<unknown>(`/admin/companies/${encodeURIComponent(companyId)}/terms`, terms),
    meta: { quiet: true, success: AccountMessages.termsSaved },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminCompaniesKeys.all }),
  });
}

// GET and PUT /admin/companies/{id}/prices: a company's discount and fixed prices.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@toolshop/auth';
import { useDeferredQuery } from '@toolshop/auth/deferred-query';
import {
  CompanyPriceMessages,
  type CompanyPriceList,
  type CompanyPriceListInput,
  type ModifiedAnswer,
} from '@toolshop/contracts';
import { adminCompaniesKeys } from './admin-companies';

export function useCompanyPrices(id: string) {
  return useDeferredQuery({
    queryKey: adminCompaniesKeys.prices(id),
    queryFn: ({ signal }) => api.get<CompanyPriceList>(`/admin/companies/${id}/prices`, { signal }),
  });
}

export function useSaveCompanyPrices(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CompanyPriceListInput) =>
      api.put<ModifiedAnswer>(`/admin/companies/${id}/prices`, input),
    meta: { success: CompanyPriceMessages.saved },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminCompaniesKeys.all }),
  });
}

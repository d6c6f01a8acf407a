// GET /companies/{id} (admins): a company with its members and pending invitations.
import { api } from '@toolshop/auth';
import { useDeferredQuery } from '@toolshop/auth/deferred-query';
import type { Company } from '@toolshop/contracts';
import { adminCompaniesKeys } from './admin-companies';

export function useAdminCompany(id: string) {
  return useDeferredQuery({
    queryKey: adminCompaniesKeys.company(id),
    queryFn: ({ signal }) => api.get<Company>(`/companies/${id}`, { signal }),
  });
}

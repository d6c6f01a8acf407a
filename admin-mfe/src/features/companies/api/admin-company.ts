// GET /companies/{id} (admins): a company with its members and pending invitations.
import { useQuery } from '@tanstack/react-query';
import { api } from '@toolshop/auth';
import type { Company } from '@toolshop/contracts';
import { adminCompaniesKeys } from './admin-companies';

export function useAdminCompany(id: string) {
  return useQuery({
    queryKey: adminCompaniesKeys.company(id),
    queryFn: ({ signal }) => api.get<Company>(`/companies/${id}`, { signal }),
  });
}

// The caller's company: GET /companies/mine, POST /companies, invitations and member changes.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '@toolshop/auth';
import { useDeferredQuery } from '@toolshop/auth/deferred-query';
import {
  CompanyMessages,
  type AcceptedInvitation,
  type Company,
  type CompanyInput,
  type CompanySettings,
  type InvitationInput,
  type MemberChange,
} from '@toolshop/contracts';

export const companyKey = ['company'] as const;

const companyPath = (id: string) => `/companies/${encodeURIComponent(id)}`;
const memberPath = (id: string, email: string) =>
  `${companyPath(id)}/members/${encodeURIComponent(email)}`;

/** The caller's company, or null when they belong to none (the API's 204; before it, its 404). */
export function useMyCompany() {
  return useDeferredQuery({
    queryKey: companyKey,
    queryFn: async ({ signal }) => {
      try {
        return (await api.get<Company | undefined>('/companies/mine', { signal })) ?? null;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

/** Every change reads the company again, a refusal too. `quiet`: the form shows the refusal. */
function useCompanyChange<V, A>(
  change: (variables: V) => Promise<A>,
  success?: (variables: V) => string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    meta: {
      quiet: true,
      ...(success && {
        success: (_answer: unknown, variables: unknown) => success(variables as V),
      }),
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: companyKey }),
  });
}

export const useCreateCompany = () =>
  useCompanyChange(
    (company: CompanyInput) => api.post<{ insertedId: string }>('/companies', company),
    () => CompanyMessages.created,
  );

export const useInvite = (companyId: string) =>
  useCompanyChange(
    (invitation: InvitationInput) =>
      api.post<{ insertedId: string }>(`${companyPath(companyId)}/invitations`, invitation),
    (invitation) => CompanyMessages.invited(invitation.email),
  );

export const useChangeMember = (companyId: string) =>
  useCompanyChange(
    ({ email, change }: { email: string; change: MemberChange }) =>
      api.patch<unknown>(memberPath(companyId, email), change),
    () => CompanyMessages.memberUpdated,
  );

export const useRemoveMember = (companyId: string) =>
  useCompanyChange(
    (email: string) => api.delete<unknown>(memberPath(companyId, email)),
    () => CompanyMessages.memberRemoved,
  );

export const useUpdateSettings = (companyId: string) =>
  useCompanyChange(
    (settings: CompanySettings) => api.patch<unknown>(companyPath(companyId), settings),
    () => CompanyMessages.settingsSaved,
  );

export const useWithdrawInvitation = (companyId: string) =>
  useCompanyChange(
    (email: string) =>
      api.delete<unknown>(`${companyPath(companyId)}/invitations/${encodeURIComponent(email)}`),
    () => CompanyMessages.invitationWithdrawn,
  );

export const useAcceptInvitation = () =>
  useCompanyChange((token: string) =>
    api.post<AcceptedInvitation>(`/invitations/${encodeURIComponent(token)}/accept`),
  );

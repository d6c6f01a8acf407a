// GET /payments/config: which card form to show.
import { useQuery } from '@tanstack/react-query';
import { api } from '@toolshop/auth';
import { queryRoots } from '@toolshop/auth/query-roots';

export interface PaymentsConfig {
  provider: 'stripe' | 'test';
  publishableKey?: string;
}

export function usePaymentsConfig() {
  return useQuery({
    queryKey: [...queryRoots.payments, 'config'],
    queryFn: ({ signal }) => api.get<PaymentsConfig>('/payments/config', { signal }),
  });
}

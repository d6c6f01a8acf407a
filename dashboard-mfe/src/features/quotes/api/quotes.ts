// The caller's (and their company's) quotes: GET /quotes, GET /quotes/{id}, POST /quotes and a
// quote's messages, accept and decline.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@toolshop/auth';
import { useDeferredQuery } from '@toolshop/auth/deferred-query';
import { queryRoots } from '@toolshop/auth/query-roots';
import type { InsertedAnswer, Quote, QuoteRequestInput } from '@toolshop/contracts';

/** The admin remote's list uses the same root: one answer refreshes both. */
export const quotesKey = ['quotes'] as const;
const quoteKey = (id: string) => [...quotesKey, 'one', id] as const;
const quotePath = (id: string) => `/quotes/${encodeURIComponent(id)}`;

export function useQuotes() {
  return useDeferredQuery({
    queryKey: [...quotesKey, 'mine'],
    queryFn: ({ signal }) => api.get<Quote[]>('/quotes', { signal }),
  });
}

export function useQuote(id: string) {
  return useDeferredQuery({
    queryKey: quoteKey(id),
    queryFn: ({ signal }) => api.get<Quote>(quotePath(id), { signal }),
  });
}

/** Every change reads the quotes again, a refusal too; the form or page shows the refusal. */
function useQuoteChange<V, A>(change: (variables: V) => Promise<A>, success?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    meta: { quiet: true, ...(success && { success }) },
    onSettled: () => queryClient.invalidateQueries({ queryKey: quotesKey }),
  });
}

export const useRequestQuote = () =>
  useQuoteChange(
    (input: QuoteRequestInput) => api.post<InsertedAnswer>('/quotes', input),
    'Quote requested: we will email you the prices',
  );

export const useSendQuoteMessage = (id: string) =>
  useQuoteChange((text: string) => api.post<Quote>(`${quotePath(id)}/messages`, { text }));

export const useDeclineQuote = (id: string) =>
  useQuoteChange(() => api.post<Quote>(`${quotePath(id)}/decline`), 'Quote declined');

/** The order it makes shows in My Orders: the orders are read again too. */
export function useAcceptQuote(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (shipping: { address: string; phone: string; purchaseOrder?: string }) =>
      api.post<InsertedAnswer>(`${quotePath(id)}/accept`, shipping),
    meta: { quiet: true, success: 'Quote accepted: your order is placed' },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: quotesKey }),
        queryClient.invalidateQueries({ queryKey: queryRoots.orders }),
      ]),
  });
}

// Every quote for the admins: GET /quotes (?state=), PATCH /quotes/{id} (the answer), messages.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@toolshop/auth';
import { useDeferredQuery } from '@toolshop/auth/deferred-query';
import type { Quote, QuoteAnswerInput, QuoteState } from '@toolshop/contracts';

/** The dashboard's quotes use the same root: an answer refreshes both. */
export const quotesKey = ['quotes'] as const;
const quotePath = (id: string) => `/quotes/${encodeURIComponent(id)}`;

export function useAllQuotes(state: QuoteState | '') {
  return useDeferredQuery({
    queryKey: [...quotesKey, 'all', state],
    queryFn: ({ signal }) =>
      api.get<Quote[]>(state ? `/quotes?state=${state}` : '/quotes', { signal }),
  });
}

function useQuoteChange<V>(change: (variables: V) => Promise<Quote>, success: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    meta: { quiet: true, success },
    onSettled: () => queryClient.invalidateQueries({ queryKey: quotesKey }),
  });
}

export const useAnswerQuote = (id: string) =>
  useQuoteChange(
    (answer: QuoteAnswerInput) => api.patch<Quote>(quotePath(id), answer),
    'Quote answered: the buyer is emailed',
  );

export const useSendQuoteMessage = (id: string) =>
  useQuoteChange(
    (text: string) => api.post<Quote>(`${quotePath(id)}/messages`, { text }),
    'Message sent',
  );

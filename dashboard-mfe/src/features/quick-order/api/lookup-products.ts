// GET /tools/lookup?q=: the products whose SKU or name starts with what a Quick Order line holds.
import { keepPreviousData } from '@tanstack/react-query';
import { api } from '@toolshop/auth';
import { useDeferredQuery } from '@toolshop/auth/deferred-query';

export interface ProductLookup {
  _id: string;
  name: string;
  sku?: string;
}

/** Under the tools' root: a change of the catalog refreshes them with the rest of it. */
export const lookupKey = (prefix: string) => ['tools', 'lookup', prefix.toLowerCase()] as const;

/** The products the typeahead offers for `prefix` (none while it is blank). */
export function useLookupProducts(prefix: string) {
  return useDeferredQuery({
    queryKey: lookupKey(prefix),
    queryFn: ({ signal }) =>
      api.get<ProductLookup[]>(`/tools/lookup?q=${encodeURIComponent(prefix)}&limit=8`, { signal }),
    enabled: prefix.length > 0,
    // A prefix typed again (a backspace) is answered from memory, not the rate-limited API.
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

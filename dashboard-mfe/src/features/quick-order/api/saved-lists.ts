// The customer's saved lists: GET /savedLists (newest first), POST, PUT and DELETE /savedLists/{id}.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@toolshop/auth';
import { useDeferredQuery } from '@toolshop/auth/deferred-query';
import { queryRoots } from '@toolshop/auth/query-roots';
import type { SavedList, SavedListInput } from '@toolshop/contracts';

export const savedListsKey = queryRoots.savedLists;

const listPath = (id: string) => `/savedLists/${encodeURIComponent(id)}`;

export function useSavedLists({ enabled = true }: { enabled?: boolean } = {}) {
  return useDeferredQuery({
    queryKey: savedListsKey,
    queryFn: ({ signal }) => api.get<SavedList[]>('/savedLists', { signal }),
    enabled,
  });
}

/**
 * Every change reads the lists again, a refusal too (the list may be gone: 404). `quiet`: a dialog
 * shows the refusal beside the name typed; otherwise it is toasted.
 */
function useListChange<V>(
  change: (variables: V) => Promise<unknown>,
  success: (variables: V) => string,
  quiet: boolean,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    meta: { quiet, success: (_answer: unknown, variables: unknown) => success(variables as V) },
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedListsKey }),
  });
}

export const useCreateSavedList = () =>
  useListChange(
    (list: SavedListInput) =>
      api.post<{ insertedId: string }>('/savedLists', list, { idempotent: true }),
    (list) => `Saved the list "${list.name}"`,
    true,
  );

/** PUT /savedLists/{id}: a rename (`quiet`, in its dialog) or new quantities. */
export const useUpdateSavedList = ({ quiet }: { quiet: boolean }) =>
  useListChange(
    ({ id, list }: { id: string; list: SavedListInput }) =>
      api.put<unknown>(listPath(id), list, { idempotent: true }),
    ({ list }) => `Saved the list "${list.name}"`,
    quiet,
  );

export const useDeleteSavedList = () =>
  useListChange(
    (list: Pick<SavedList, '_id' | 'name'>) =>
      api.delete<unknown>(listPath(list._id), { idempotent: true }),
    (list) => `Deleted the list "${list.name}"`,
    false,
  );

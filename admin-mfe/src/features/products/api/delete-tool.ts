// DELETE /tools/{id}: the tool leaves the shop.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@toolshop/auth';
import { Messages, type Tool } from '@toolshop/contracts';
import { toolsKeys } from './tools-page';

export function useDeleteTool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tool: Tool) => api.delete(`/tools/${tool._id}`),
    meta: { success: Messages.productDeleted },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: toolsKeys.all }),
  });
}

// PUT /tools/{id} { available }: the stock of a tool is set.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@toolshop/auth';
import type { Tool } from '@toolshop/contracts';
import { toolsKeys } from './tools-page';

export interface Restock {
  tool: Tool;
  available: number;
}

export function useRestockTool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tool, available }: Restock) => api.put(`/tools/${tool._id}`, { available }),
    meta: {
      success: (_answer, variables) => {
        const { tool, available } = variables as Restock;
        return `Stock of ${tool.name} set to ${available}`;
      },
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: toolsKeys.all }),
  });
}

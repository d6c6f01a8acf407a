// PATCH /tools/{id} { name, img, shortDescription, category, sku }: how a product is described.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@toolshop/auth';
import type { ModifiedAnswer, Tool, ToolCategory } from '@toolshop/contracts';
import { toolsKeys } from './tools-page';

export interface ToolDetails {
  name: string;
  img: string;
  shortDescription: string;
  /** null: no category (listed as Other). */
  category: ToolCategory | null;
  /** Sent only when changed (upper-case); another product's: 409. */
  sku?: string;
}

export interface ToolDetailsEdit {
  tool: Tool;
  details: ToolDetails;
}

export function useEditToolDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tool, details }: ToolDetailsEdit) =>
      api.patch<ModifiedAnswer>(`/tools/${tool._id}`, details),
    // The dialog shows a refusal itself, above its buttons.
    meta: {
      quiet: true,
      success: (_answer, variables) => `${(variables as ToolDetailsEdit).details.name} saved`,
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: toolsKeys.all }),
  });
}

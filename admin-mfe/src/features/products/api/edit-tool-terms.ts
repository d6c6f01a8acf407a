// PATCH /tools/{id} { price, minOrder, packSize, priceTiers }: how a tool is sold changes (buying by the box).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '@toolshop/auth';
import type { ModifiedAnswer, Tool } from '@toolshop/contracts';
import { termsErrorsOf, type ToolTerms, type ToolTermsErrors } from '../tool-terms-form';
import { refusalOf } from './add-tool';
import { toolsKeys } from './tools-page';

export interface ToolTermsEdit {
  tool: Tool;
  terms: ToolTerms;
}

/** A refused edit: the messages that belong to a field, and the rest as one message. */
export class ToolTermsRefusal extends Error {
  constructor(
    message: string,
    readonly errors: ToolTermsErrors = {},
  ) {
    super(message);
  }
}

async function editToolTerms({ tool, terms }: ToolTermsEdit): Promise<ModifiedAnswer> {
  try {
    return await api.patch<ModifiedAnswer>(`/tools/${tool._id}`, terms);
  } catch (error) {
    if (!(error instanceof ApiError))
      throw new ToolTermsRefusal('The changes could not be saved. Please try again.');
    if (error.status !== 400) throw new ToolTermsRefusal(error.message);
    const { errors, rest } = refusalOf(error);
    throw new ToolTermsRefusal(rest.join(' '), termsErrorsOf(errors));
  }
}

export function useEditToolTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editToolTerms,
    // The dialog shows a refusal itself, at the fields or above its buttons.
    meta: {
      quiet: true,
      success: (_answer, variables) =>
        `Pack and prices of ${(variables as ToolTermsEdit).tool.name} saved`,
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: toolsKeys.all }),
  });
}

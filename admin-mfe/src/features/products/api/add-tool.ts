// POST /tools: a new tool in the shop; a refusal names the fields the API refused (SPEC.md §7).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '@toolshop/auth';
import { Messages, type FieldErrors, type InsertedAnswer, type NewTool } from '@toolshop/contracts';
import { readToolRefusal } from '../tool-form';
import { toolsKeys } from './tools-page';

/** A refused tool: the messages that belong to a field, and the toast for the rest. */
export class ToolRefusal extends Error {
  constructor(
    message: string,
    readonly errors: FieldErrors<keyof NewTool> = {},
  ) {
    super(message);
  }
}

/** The API's message list when it sent one (validation), else its message. */
export const refusalOf = (error: ApiError) => {
  const listed = (error.body as { message?: unknown } | undefined)?.message;
  const isList = Array.isArray(listed) && listed.every((item) => typeof item === 'string');
  return readToolRefusal(isList ? (listed as string[]) : error.message);
};

async function addTool(tool: NewTool): Promise<InsertedAnswer> {
  let answer: InsertedAnswer | undefined;
  try {
    answer = await api.post<InsertedAnswer>('/tools', tool);
  } catch (error) {
    // A 400 names what the API refused (e.g. an image host it does not allow), a 409 the SKU another
    // product has: at the field, or as it is.
    if (!(error instanceof ApiError && (error.status === 400 || error.status === 409)))
      throw new ToolRefusal(Messages.addProductFailed);
    const { errors, rest } = refusalOf(error);
    throw new ToolRefusal(rest.length ? rest.join(' ') : Messages.addProductFailed, errors);
  }
  if (!answer?.insertedId) throw new ToolRefusal(Messages.addProductFailed);
  return answer;
}

export function useAddTool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addTool,
    meta: { success: Messages.productAdded },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: toolsKeys.all }),
  });
}

// POST /suggestions: a visitor's suggestion for the range.
import { useMutation } from '@tanstack/react-query';
import { api, ApiError } from '@toolshop/auth';
import { Messages } from '@toolshop/contracts';

export interface NewSuggestion {
  email: string;
  opinion: string;
}

async function addSuggestion(suggestion: NewSuggestion) {
  try {
    return await api.post('/suggestions', suggestion, { idempotent: true });
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new Error('Your suggestion could not be sent. Please try again.', { cause: error });
  }
}

export function useAddSuggestion() {
  return useMutation({ mutationFn: addSuggestion, meta: { success: Messages.suggestionAdded } });
}

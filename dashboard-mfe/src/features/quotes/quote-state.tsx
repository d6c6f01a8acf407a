import { Badge, type BadgeTone } from '@toolshop/ui';
import { QUOTE_STATE_LABELS, type QuoteState } from '@toolshop/contracts';

const TONES: Record<QuoteState, BadgeTone> = {
  requested: 'info',
  answered: 'warning',
  accepted: 'success',
  expired: 'neutral',
  declined: 'neutral',
};

export function QuoteStateBadge({ state }: { state: QuoteState }) {
  return <Badge tone={TONES[state]}>{QUOTE_STATE_LABELS[state]}</Badge>;
}

const day = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
/** A date-time of the API in the reader's zone. */
export const formatWhen = (iso: string) => day.format(new Date(iso));

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

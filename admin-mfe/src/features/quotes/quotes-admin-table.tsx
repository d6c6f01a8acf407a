import { useState } from 'react';
import {
  Badge,
  Button,
  EmptyState,
  ErrorState,
  LoadingGroup,
  SelectField,
  Skeleton,
  type BadgeTone,
} from '@toolshop/ui';
import { DataTable } from '@toolshop/ui/tables';
import {
  formatDate,
  formatDollars,
  QUOTE_STATE_LABELS,
  QUOTE_STATES,
  type Quote,
  type QuoteState,
} from '@toolshop/contracts';
import { AnswerQuoteDialog } from './answer-quote-dialog';
import { useAllQuotes } from './api/quotes';
import styles from './quotes.module.css';

const TONES: Record<QuoteState, BadgeTone> = {
  requested: 'warning',
  answered: 'info',
  accepted: 'success',
  expired: 'neutral',
  declined: 'neutral',
};

const products = (quote: Quote) =>
  quote.lines.map((line) => `${line.quantity} × ${line.name}`).join(', ');

/** Every quote, newest first, filtered by state; Answer prices one. */
export function QuotesAdminTable() {
  const [state, setState] = useState<QuoteState | ''>('requested');
  const [open, setOpen] = useState<Quote>();
  const query = useAllQuotes(state);

  return (
    <>
      <div className={styles.toolbar}>
        <SelectField
          label="State"
          value={state}
          onChange={(event) => setState(event.target.value as QuoteState | '')}
        >
          <option value="">All</option>
          {QUOTE_STATES.map((each) => (
            <option key={each} value={each}>
              {QUOTE_STATE_LABELS[each]}
            </option>
          ))}
        </SelectField>
      </div>
      {query.isPending ? (
        <LoadingGroup label="Loading the quotes">
          <Skeleton height="8rem" />
        </LoadingGroup>
      ) : query.isError ? (
        <ErrorState
          message="The quotes could not be loaded."
          onRetry={() => void query.refetch()}
        />
      ) : query.data.length === 0 ? (
        <EmptyState title="No quotes" message="No quote is in this state." />
      ) : (
        <DataTable
          caption="Quotes, newest first"
          rows={query.data}
          rowKey={(quote) => quote._id}
          columns={[
            {
              header: 'Products',
              kind: 'rowHeader',
              className: styles.products,
              cell: products,
            },
            { header: 'Customer', cell: (quote) => quote.email },
            {
              header: 'Requested',
              cell: (quote) => formatDate(quote.createdAt),
            },
            {
              header: 'State',
              cell: (quote) => (
                <Badge tone={TONES[quote.state]}>{QUOTE_STATE_LABELS[quote.state]}</Badge>
              ),
            },
            {
              header: 'Total',
              kind: 'numeric',
              cell: (quote) => (quote.total === undefined ? '—' : formatDollars(quote.total)),
            },
            {
              header: 'Actions',
              kind: 'actions',
              cell: (quote) => (
                <Button
                  size="small"
                  variant="secondary"
                  aria-label={`Answer the quote of ${quote.email}: ${products(quote)}`}
                  onClick={() => setOpen(quote)}
                >
                  {quote.state === 'requested' ? 'Answer' : 'Open'}
                </Button>
              ),
            },
          ]}
        />
      )}
      {open && <AnswerQuoteDialog quote={open} onClose={() => setOpen(undefined)} />}
    </>
  );
}

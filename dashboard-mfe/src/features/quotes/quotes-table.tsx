import { Link } from 'react-router';
import { DataTable, type DataColumn } from '@toolshop/ui/tables';
import { formatDateTime, formatDollars, type Quote } from '@toolshop/contracts';
import { QuoteStateBadge } from './quote-state';

const summary = (quote: Quote) => {
  const [first] = quote.lines;
  if (!first) return '';
  const more = quote.lines.length - 1;
  return more > 0 ? `${first.name} and ${more} more` : first.name;
};

/** The caller's and their company's quotes, newest first. */
export function QuotesTable({ quotes }: { quotes: readonly Quote[] }) {
  const columns: DataColumn<Quote>[] = [
    {
      header: 'Products',
      kind: 'rowHeader',
      cell: (quote) => <Link to={`/dashboard/quotes/${quote._id}`}>{summary(quote)}</Link>,
    },
    { header: 'Requested', cell: (quote) => formatDateTime(quote.createdAt) },
    { header: 'Asked by', cell: (quote) => quote.email },
    { header: 'State', cell: (quote) => <QuoteStateBadge state={quote.state} /> },
    {
      header: 'Total',
      kind: 'numeric',
      cell: (quote) => (quote.total === undefined ? '—' : formatDollars(quote.total)),
    },
  ];
  return (
    <DataTable caption="Quotes" columns={columns} rows={quotes} rowKey={(quote) => quote._id} />
  );
}

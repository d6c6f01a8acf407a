import { Link } from 'react-router';
import { DataTable, type DataColumn } from '@toolshop/ui/tables';
import {
  formatCount,
  formatDateTime,
  formatDollars,
  type Quote,
  type QuoteLine,
} from '@toolshop/contracts';
import { QuoteAcceptForm } from './quote-accept-form';
import { QuoteMessages } from './quote-messages';
import { QuoteStateBadge } from './quote-state';
import styles from './quotes.module.css';

const price = (value: number | undefined) => (value === undefined ? '—' : formatDollars(value));

const columns: DataColumn<QuoteLine>[] = [
  {
    header: 'Product',
    kind: 'rowHeader',
    cell: (line) => (line.sku ? `${line.sku} — ${line.name}` : line.name),
  },
  { header: 'Quantity', kind: 'numeric', cell: (line) => formatCount(line.quantity) },
  { header: 'Unit price', kind: 'numeric', cell: (line) => price(line.unitPrice) },
  {
    header: 'Line total',
    kind: 'numeric',
    cell: (line) =>
      price(line.unitPrice === undefined ? undefined : line.unitPrice * line.quantity),
  },
];

/** One quote: its lines and prices, until when they hold, the messages, and what can be done. */
export function QuoteDetail({ quote }: { quote: Quote }) {
  return (
    <>
      <dl className={styles.summary}>
        <div>
          <dt>State</dt>
          <dd>
            <QuoteStateBadge state={quote.state} />
          </dd>
        </div>
        <div>
          <dt>Asked on</dt>
          <dd>{formatDateTime(quote.createdAt)}</dd>
        </div>
        {quote.validUntil && (
          <div>
            <dt>Prices hold until</dt>
            <dd>{formatDateTime(quote.validUntil)}</dd>
          </div>
        )}
        {quote.total !== undefined && (
          <div>
            <dt>Total</dt>
            <dd>{formatDollars(quote.total)}</dd>
          </div>
        )}
      </dl>
      <DataTable
        caption="Quoted lines"
        columns={columns}
        rows={quote.lines}
        rowKey={(line) => line.toolId}
      />
      {quote.note && <p className={styles.hint}>Note: {quote.note}</p>}
      {quote.state === 'answered' && <QuoteAcceptForm quote={quote} />}
      {quote.state === 'accepted' && (
        <p role="status">
          Accepted. <Link to="/dashboard/myOrders">See the order in My Orders</Link>
        </p>
      )}
      <QuoteMessages quote={quote} />
    </>
  );
}

import { Badge, DataTable } from '@toolshop/ui';
import { formatCount, formatDollars } from '@toolshop/contracts';
import type { LineRow } from './quick-order-lines';
import styles from './quick-order.module.css';

const dollars = (value: number | undefined) => (value === undefined ? '—' : formatDollars(value));

/** Each line as written, what the shop found for it and, when it cannot be ordered so, why. */
export function CheckTable({ rows }: { rows: readonly LineRow[] }) {
  return (
    <DataTable
      caption="Your lines, checked"
      rows={rows}
      rowKey={(row) => String(row.lineNumber)}
      columns={[
        { header: 'Line', kind: 'numeric', cell: (row) => row.lineNumber },
        {
          header: 'Product',
          kind: 'rowHeader',
          cell: (row) => (
            <span className={styles.product}>
              {row.name ?? row.written}
              {/* What was written, when it is neither the name found nor its id (a saved list sends ids). */}
              {row.name && row.name !== row.written && row.toolId !== row.written ? (
                <span className={styles.written}>{row.written}</span>
              ) : null}
            </span>
          ),
        },
        {
          header: 'Quantity',
          kind: 'numeric',
          cell: (row) => (row.quantity === undefined ? '—' : formatCount(row.quantity)),
        },
        { header: 'Unit price', kind: 'numeric', cell: (row) => dollars(row.unitPrice) },
        {
          header: 'Line total',
          kind: 'numeric',
          cell: (row) => dollars(row.problem ? undefined : row.lineTotal),
        },
        {
          header: 'Problem',
          cell: (row) =>
            row.problem ? (
              <span className={styles.problem}>{row.problem}</span>
            ) : (
              <Badge tone="success">Ready</Badge>
            ),
        },
      ]}
    />
  );
}

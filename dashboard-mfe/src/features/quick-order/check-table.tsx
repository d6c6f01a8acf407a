import { Badge, Button } from '@toolshop/ui';
import { DataTable } from '@toolshop/ui/tables';
import {
  BuyingMessages,
  CompanyPriceMessages,
  formatCount,
  formatDollars,
  nearestValidQuantities,
  quantityIssue,
  skuAndName,
} from '@toolshop/contracts';
import type { LineRow } from './quick-order-lines';
import styles from './quick-order.module.css';

/** The line names the product as the shop shows it: its name, SKU, "SKU — name" or id (any case). */
function writtenAsFound(row: LineRow): boolean {
  const written = row.written.trim().toLowerCase();
  const shown = [
    row.name,
    row.sku,
    row.toolId,
    row.name && skuAndName({ name: row.name, sku: row.sku }),
  ];
  return shown.some((text) => text !== undefined && text.toLowerCase() === written);
}

const dollars = (value: number | undefined) => (value === undefined ? '—' : formatDollars(value));

/** The valid quantities nearest a line's, when only its packs or minimum are wrong. */
function nearestFor(row: LineRow): { below?: number; above?: number } {
  const { quantity, minOrder, available, packSize } = row;
  if (!row.toolId || quantity === undefined || minOrder === undefined || available === undefined)
    return {};
  const terms = { minOrder, available, packSize };
  const issue = quantityIssue(quantity, terms);
  return issue === 'packMultiple' || issue === 'belowMinimum'
    ? nearestValidQuantities(quantity, terms)
    : {};
}

interface CheckTableProps {
  rows: readonly LineRow[];
  /** Rewrites a line with this quantity (and checks again). */
  onQuantity?: (row: LineRow, quantity: number) => void;
  /** Adds the lines of a product listed twice into its first line (and checks again). */
  onMerge?: () => void;
  /** Rewrites an unmatched line with the product it may mean (and checks again). */
  onProduct?: (row: LineRow, product: string) => void;
}

/** What a line's problem offers: the nearest valid quantities, or merging a product listed twice. */
function Fixes({
  row,
  onQuantity,
  onMerge,
  onProduct,
}: { row: LineRow } & Omit<CheckTableProps, 'rows'>) {
  const { below, above } = nearestFor(row);
  const name = row.name ?? row.written;
  return (
    <span className={styles.fixes}>
      {above !== undefined && onQuantity ? (
        <Button
          size="small"
          onClick={() => onQuantity(row, above)}
          aria-label={`Round up to ${formatCount(above)} (${name})`}
        >
          Round up to {formatCount(above)}
        </Button>
      ) : null}
      {below !== undefined && onQuantity ? (
        <Button
          variant="secondary"
          size="small"
          onClick={() => onQuantity(row, below)}
          aria-label={`Use ${formatCount(below)} (${name})`}
        >
          Use {formatCount(below)}
        </Button>
      ) : null}
      {row.problem === BuyingMessages.listedTwice && onMerge ? (
        <Button variant="secondary" size="small" onClick={onMerge}>
          Merge the lines of {name}
        </Button>
      ) : null}
      {row.suggestions?.length && onProduct ? (
        <>
          <span>Did you mean:</span>
          {row.suggestions.map((may) => (
            <Button
              key={may.toolId}
              variant="secondary"
              size="small"
              onClick={() => onProduct(row, skuAndName(may))}
            >
              {skuAndName(may)}
            </Button>
          ))}
        </>
      ) : null}
    </span>
  );
}

/** Each line as written, what the shop found for it and, when it cannot be ordered so, why. */
export function CheckTable({ rows, onQuantity, onMerge, onProduct }: CheckTableProps) {
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
              {row.name ? skuAndName({ name: row.name, sku: row.sku }) : row.written}
              {/* What was written, when it is neither the product found (name, SKU or both) nor its id. */}
              {row.name && !writtenAsFound(row) ? (
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
        {
          header: 'Unit price',
          kind: 'numeric',
          cell: (row) =>
            row.companyPrice ? (
              <span className={styles.product}>
                {dollars(row.unitPrice)}
                <span className={styles.written}>{CompanyPriceMessages.companyPrice}</span>
              </span>
            ) : (
              dollars(row.unitPrice)
            ),
        },
        {
          header: 'Line total',
          kind: 'numeric',
          cell: (row) => dollars(row.problem ? undefined : row.lineTotal),
        },
        {
          header: 'Problem',
          cell: (row) =>
            row.problem ? (
              <>
                <span className={styles.problem}>{row.problem}</span>
                <Fixes row={row} onQuantity={onQuantity} onMerge={onMerge} onProduct={onProduct} />
              </>
            ) : (
              <Badge tone="success">Ready</Badge>
            ),
        },
      ]}
    />
  );
}

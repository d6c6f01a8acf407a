import { useState, type FormEvent } from 'react';
import {
  BuyingMessages,
  CompanyPriceMessages,
  DISCOUNT_PERCENT_MAX,
  discountPercentError,
  formatDollars,
  isUnitPrice,
  type Company,
  type CompanyPriceList,
} from '@toolshop/contracts';
import { Button, ErrorState, Field, Skeleton } from '@toolshop/ui';
import { DataTable } from '@toolshop/ui/tables';
import { useCompanyPrices, useSaveCompanyPrices } from './api/company-prices';
import { lookUpProducts } from './api/product-lookup';
import styles from './companies.module.css';

type PriceRow = CompanyPriceList['prices'][number];

/** The company's price list: a discount on every tool and fixed prices for some. */
export function PriceListSection({ company }: { company: Pick<Company, '_id'> }) {
  const query = useCompanyPrices(company._id);
  return (
    <section className={styles.section} aria-labelledby="company-price-list">
      <h2 id="company-price-list" className={styles.heading}>
        Price list
      </h2>
      <p className={styles.muted}>
        Members pay the lowest of the list price, the quantity tier and this company price.
      </p>
      {query.error ? (
        <ErrorState
          title="The price list could not be loaded."
          onRetry={() => void query.refetch()}
        >
          {query.error.message}
        </ErrorState>
      ) : query.data ? (
        <PriceListForm
          key={query.data.updatedAt ?? 'new'}
          companyId={company._id}
          list={query.data}
        />
      ) : (
        <Skeleton height="8rem" />
      )}
    </section>
  );
}

function PriceListForm({ companyId, list }: { companyId: string; list: CompanyPriceList }) {
  const save = useSaveCompanyPrices(companyId);
  const [discount, setDiscount] = useState(list.discountPercent?.toString() ?? '');
  const [rows, setRows] = useState<PriceRow[]>(list.prices);
  const discountValue = discount.trim() === '' ? undefined : Number(discount);
  const discountProblem = discountPercentError(discountValue);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (discountProblem) return;
    save.mutate({
      discountPercent: discountValue ?? null,
      prices: rows.map(({ product, unitPrice }) => ({ product, unitPrice })),
    });
  };
  return (
    <>
      <form className={styles.row} onSubmit={submit} aria-label="Price list">
        <Field
          label="Discount on every tool (%)"
          type="number"
          inputMode="decimal"
          min={0}
          max={DISCOUNT_PERCENT_MAX}
          step={0.1}
          value={discount}
          error={discount.trim() === '' ? undefined : discountProblem}
          hint="0 to 90, one decimal at most; empty for none"
          onChange={(event) => setDiscount(event.target.value)}
        />
        <Button type="submit" disabled={save.isPending || Boolean(discountProblem)}>
          Save price list
        </Button>
      </form>
      <FixedPriceAdder
        onAdd={(row) =>
          setRows((current) => [...current.filter((r) => r.product !== row.product), row])
        }
      />
      {rows.length === 0 ? (
        <p className={styles.muted}>No fixed prices.</p>
      ) : (
        <DataTable
          caption="Fixed prices"
          rows={rows}
          rowKey={(row) => row.product}
          columns={[
            {
              header: 'Product',
              kind: 'rowHeader',
              className: styles.wrap,
              cell: (row) =>
                row.sku ? `${row.sku} — ${row.name ?? row.product}` : (row.name ?? row.product),
            },
            {
              header: 'List price',
              kind: 'numeric',
              cell: (row) => (row.listPrice === undefined ? '—' : formatDollars(row.listPrice)),
            },
            {
              header: 'Company price',
              kind: 'numeric',
              cell: (row) => formatDollars(row.unitPrice),
            },
            {
              header: 'Actions',
              kind: 'actions',
              cell: (row) => (
                <Button
                  size="small"
                  variant="secondary"
                  aria-label={`Remove the fixed price of ${row.name ?? row.product}`}
                  onClick={() =>
                    setRows((current) => current.filter((r) => r.product !== row.product))
                  }
                >
                  Remove
                </Button>
              ),
            },
          ]}
        />
      )}
    </>
  );
}

/** Finds a product by SKU or name and adds its fixed price to the list (saved with the list). */
function FixedPriceAdder({ onAdd }: { onAdd: (row: PriceRow) => void }) {
  const [product, setProduct] = useState('');
  const [price, setPrice] = useState('');
  const [problem, setProblem] = useState<{ product?: string; price?: string }>({});
  const [busy, setBusy] = useState(false);
  const add = async (event: FormEvent) => {
    event.preventDefault();
    const unitPrice = Number(price);
    const text = product.trim();
    if (!text) return setProblem({ product: 'Give a product’s SKU or name' });
    if (price.trim() === '' || !isUnitPrice(unitPrice))
      return setProblem({ price: CompanyPriceMessages.unitPrice });
    setBusy(true);
    try {
      const found = await lookUpProducts(text);
      const wanted = text.toLowerCase();
      const match =
        found.find(
          (tool) => tool.sku?.toLowerCase() === wanted || tool.name.toLowerCase() === wanted,
        ) ?? (found.length === 1 ? found[0] : undefined);
      if (!match) return setProblem({ product: BuyingMessages.unknownProduct(text) });
      onAdd({
        product: match._id,
        name: match.name,
        ...(match.sku && { sku: match.sku }),
        unitPrice,
      });
      setProduct('');
      setPrice('');
      setProblem({});
    } catch (error) {
      setProblem({ product: (error as Error).message });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className={styles.row}
      onSubmit={(event) => void add(event)}
      aria-label="Add a fixed price"
    >
      <Field
        label="Product (SKU or name)"
        value={product}
        error={problem.product}
        onChange={(event) => setProduct(event.target.value)}
      />
      <Field
        label="Fixed unit price ($)"
        type="number"
        inputMode="decimal"
        min={0}
        step={0.01}
        value={price}
        error={problem.price}
        onChange={(event) => setPrice(event.target.value)}
      />
      <Button type="submit" variant="secondary" disabled={busy}>
        Add fixed price
      </Button>
    </form>
  );
}

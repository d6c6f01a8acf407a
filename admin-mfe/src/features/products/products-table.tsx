import { useState } from 'react';
import { toast } from 'react-toastify';
import { api } from '@toolshop/auth';
import { formatDollars, Messages, type Tool } from '@toolshop/contracts';
import { Button, ConfirmDialog, EmptyState, ErrorState, Skeleton } from '@toolshop/ui';
import table from '../../components/data-table.module.css';
import { Pager } from '../../components/pager';
import { usePagedList } from '../../lib/use-paged-list';
import { RestockDialog } from './restock-dialog';
import styles from './products-table.module.css';

export const PRODUCTS_PAGE_SIZE = 20;

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Every tool with image, price and stock; delete (after confirmation) and restock. */
export function ProductsTable() {
  const { items, total, page, setPage, error, loading, reload } = usePagedList<Tool>(
    (n) => `/tools?limit=${PRODUCTS_PAGE_SIZE}&page=${n}`,
  );
  const [stock, setStock] = useState<ReadonlyMap<string, number>>(new Map());
  const [toDelete, setToDelete] = useState<Tool | null>(null);
  const [toRestock, setToRestock] = useState<Tool | null>(null);
  const [busy, setBusy] = useState(false);

  const remove = async () => {
    if (!toDelete) return;
    setBusy(true);
    try {
      await api.delete(`/tools/${toDelete._id}`);
      toast.success(Messages.productDeleted);
      reload();
    } catch (failure) {
      toast.error(errorText(failure));
    } finally {
      setBusy(false);
      setToDelete(null);
    }
  };

  const restock = async (tool: Tool, available: number) => {
    setBusy(true);
    try {
      await api.put(`/tools/${tool._id}`, { available });
      toast.success(`Stock of ${tool.name} set to ${available}`);
      setStock((levels) => new Map(levels).set(tool._id, available));
      setToRestock(null);
    } catch (failure) {
      toast.error(errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  if (error) return <ErrorState title="The products could not be loaded." onRetry={reload} />;
  if (loading && !items) return <Skeleton height="16rem" />;
  if (!items || items.length === 0) return <EmptyState title="No products yet" />;

  const tools = items.map((tool) => ({
    ...tool,
    available: stock.get(tool._id) ?? tool.available,
  }));

  return (
    <>
      <div className={table.card} aria-busy={loading}>
        <table className={table.table}>
          <caption>All products</caption>
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col" className={table.numeric}>
                Price
              </th>
              <th scope="col" className={table.numeric}>
                Min. order
              </th>
              <th scope="col" className={table.numeric}>
                In stock
              </th>
              <th scope="col" className={table.actions}>
                <span className={table.srOnly}>Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {tools.map((tool) => (
              <tr key={tool._id}>
                <td>
                  <span className={table.product}>
                    <img className={table.thumb} src={tool.img} alt="" loading="lazy" />
                    <span className={styles.name}>{tool.name}</span>
                  </span>
                </td>
                <td data-label="Price" className={table.numeric}>
                  {formatDollars(tool.price)}
                </td>
                <td data-label="Min. order" className={table.numeric}>
                  {tool.minOrder}
                </td>
                <td data-label="In stock" className={table.numeric}>
                  {tool.available < tool.minOrder ? (
                    <span className={`${table.badge} ${table.badgeWarning}`}>
                      {tool.available} · low
                    </span>
                  ) : (
                    tool.available
                  )}
                </td>
                <td className={table.actions}>
                  <Button
                    size="small"
                    variant="secondary"
                    onClick={() => setToRestock(tool)}
                    aria-label={`Restock ${tool.name}`}
                  >
                    Restock
                  </Button>
                  <Button
                    size="small"
                    variant="danger"
                    onClick={() => setToDelete(tool)}
                    aria-label={`Delete ${tool.name}`}
                  >
                    Delete
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager
        page={page}
        pageSize={PRODUCTS_PAGE_SIZE}
        total={total}
        shown={tools.length}
        label="Product pages"
        onPage={setPage}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete this product?"
        confirmLabel="Delete"
        danger
        busy={busy}
        onConfirm={remove}
        onCancel={() => setToDelete(null)}
      >
        <strong>{toDelete?.name}</strong> will be removed from the shop. This cannot be undone.
      </ConfirmDialog>
      <RestockDialog
        tool={toRestock}
        busy={busy}
        onSave={restock}
        onClose={() => setToRestock(null)}
      />
    </>
  );
}

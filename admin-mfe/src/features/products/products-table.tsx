import { useState } from 'react';
import { formatDollars, type Tool } from '@toolshop/contracts';
import { Button, ConfirmDialog, EmptyState, ErrorState, Skeleton } from '@toolshop/ui';
import table from '../../components/data-table.module.css';
import { Pager, useStepBackFromEmptyPage } from '../../components/pager';
import { useDeleteTool } from './api/delete-tool';
import { useRestockTool } from './api/restock-tool';
import { PRODUCTS_PAGE_SIZE, useToolsPage } from './api/tools-page';
import { RestockDialog } from './restock-dialog';
import styles from './products-table.module.css';

/** Every tool with image, price and stock; delete (after confirmation) and restock. */
export function ProductsTable() {
  const [page, setPage] = useState(1);
  const query = useToolsPage(page);
  const steppingBack = useStepBackFromEmptyPage(page, query.data?.items, setPage);
  const remove = useDeleteTool();
  const restock = useRestockTool();
  const [toDelete, setToDelete] = useState<Tool | null>(null);
  const [toRestock, setToRestock] = useState<Tool | null>(null);

  const tools = steppingBack ? undefined : query.data?.items;
  if (query.error) {
    return (
      <ErrorState title="The products could not be loaded." onRetry={() => void query.refetch()} />
    );
  }
  if (!tools) return <Skeleton height="16rem" />;
  if (tools.length === 0) return <EmptyState title="No products yet" />;

  return (
    <>
      <div className={table.card} aria-busy={query.isFetching}>
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
        total={query.data?.total ?? 0}
        shown={tools.length}
        label="Product pages"
        onPage={setPage}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete this product?"
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        onConfirm={() =>
          toDelete && remove.mutate(toDelete, { onSettled: () => setToDelete(null) })
        }
        onCancel={() => setToDelete(null)}
      >
        <strong>{toDelete?.name}</strong> will be removed from the shop. This cannot be undone.
      </ConfirmDialog>
      <RestockDialog
        tool={toRestock}
        busy={restock.isPending}
        onSave={(tool, available) =>
          restock.mutate({ tool, available }, { onSuccess: () => setToRestock(null) })
        }
        onClose={() => setToRestock(null)}
      />
    </>
  );
}

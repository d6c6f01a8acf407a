import { useState } from 'react';
import {
  categoryLabel,
  formatDollars,
  isLowStock,
  lowStockThreshold,
  packSizeOf,
  TOOL_SEARCH_MAX_LENGTH,
  type Tool,
} from '@toolshop/contracts';
import { Badge, Button, ConfirmDialog, TableProduct, visuallyHidden } from '@toolshop/ui';
import { DataTable, type DataColumn } from '@toolshop/ui/tables';
import { PagedList } from '../../components/paged-list';
import { SearchForm } from '../../components/search-form';
import { useDeleteTool } from './api/delete-tool';
import { useRestockTool } from './api/restock-tool';
import { PRODUCTS_PAGE_SIZE, useToolsPage } from './api/tools-page';
import { EditDetailsDialog } from './edit-details-dialog';
import { EditTermsDialog } from './edit-terms-dialog';
import { RestockDialog } from './restock-dialog';
import styles from './products-table.module.css';

type RowAction = (tool: Tool) => void;

/** The table's columns; the actions open their dialog for the row's tool. */
const productColumns = (open: {
  restock: RowAction;
  describe: RowAction;
  editTerms: RowAction;
  remove: RowAction;
}): DataColumn<Tool>[] => [
  {
    // Category and SKU under the name, not columns of their own: at 1280 px a table of seven columns
    // scrolled inside its card (packs, low stock, the four actions), and a 32-character SKU widened it.
    header: 'Product',
    unlabelled: true,
    cell: (tool) => (
      <TableProduct
        img={tool.img}
        name={
          <span className={styles.nameAndTerms}>
            <span className={styles.name}>{tool.name}</span>
            <span className={styles.categoryAndSku}>
              {categoryLabel(tool)}
              {tool.sku ? (
                <>
                  {' · '}
                  <span className={styles.sku}>
                    <span className={visuallyHidden}>SKU </span>
                    {tool.sku}
                  </span>
                </>
              ) : null}
            </span>
          </span>
        }
      />
    ),
  },
  { header: 'Price', kind: 'numeric', cell: (tool) => formatDollars(tool.price) },
  {
    header: 'Min. order',
    kind: 'numeric',
    cell: (tool) =>
      packSizeOf(tool) > 1 ? (
        <span className={styles.stock}>
          {tool.minOrder}
          <span className={styles.threshold}>packs of {packSizeOf(tool)}</span>
        </span>
      ) : (
        tool.minOrder
      ),
  },
  {
    header: 'In stock',
    kind: 'numeric',
    cell: (tool) =>
      isLowStock(tool) ? (
        <span className={styles.stock}>
          {tool.available} <Badge tone="warning">Low stock</Badge>
          <span className={styles.threshold}>below {lowStockThreshold(tool)}</span>
        </span>
      ) : (
        tool.available
      ),
  },
  {
    header: 'Actions',
    kind: 'actions',
    cell: (tool) => (
      <div className={styles.actions}>
        <Button
          size="small"
          variant="secondary"
          onClick={() => open.restock(tool)}
          aria-label={`Restock ${tool.name}`}
        >
          Restock
        </Button>
        <Button
          size="small"
          variant="secondary"
          onClick={() => open.describe(tool)}
          aria-label={`Edit details of ${tool.name}`}
        >
          Edit details
        </Button>
        <Button
          size="small"
          variant="secondary"
          onClick={() => open.editTerms(tool)}
          aria-label={`Edit pack & prices of ${tool.name}`}
        >
          Edit pack & prices
        </Button>
        {/* The one irreversible action: a quiet text button, never the row's largest control. */}
        <Button
          size="small"
          variant="ghost"
          className={styles.delete}
          onClick={() => open.remove(tool)}
          aria-label={`Delete ${tool.name}`}
        >
          Delete
        </Button>
      </div>
    ),
  },
];

/**
 * Every tool with image, category, price and stock, low stock first (the API's order) and marked,
 * or those a search by name, SKU or description finds; restock, edit details (name, picture,
 * description, category) or pack and prices, delete (after confirmation).
 */
export function ProductsTable() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const query = useToolsPage(page, search);
  const remove = useDeleteTool();
  const restock = useRestockTool();
  const [toDelete, setToDelete] = useState<Tool | null>(null);
  const [toRestock, setToRestock] = useState<Tool | null>(null);
  const [toEdit, setToEdit] = useState<Tool | null>(null);
  const [toDescribe, setToDescribe] = useState<Tool | null>(null);

  return (
    <>
      <SearchForm
        label="Search products"
        placeholder="Name, SKU or description"
        hint="Words of a product's name or description, or a part of its SKU"
        maxLength={TOOL_SEARCH_MAX_LENGTH}
        value={search}
        onSearch={(next) => {
          setSearch(next);
          setPage(1);
        }}
      />
      <PagedList
        query={query}
        page={page}
        pageSize={PRODUCTS_PAGE_SIZE}
        onPage={setPage}
        errorTitle="The products could not be loaded."
        emptyTitle={search ? `No products match “${search}”` : 'No products yet'}
        pagerLabel="Product pages"
      >
        {(tools) => (
          <DataTable
            caption={search ? `Products matching “${search}”` : 'All products'}
            rows={tools}
            rowKey={(tool) => tool._id}
            busy={query.isPlaceholderData}
            columns={productColumns({
              restock: setToRestock,
              describe: setToDescribe,
              editTerms: setToEdit,
              remove: setToDelete,
            })}
          />
        )}
      </PagedList>
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
      <EditTermsDialog tool={toEdit} onClose={() => setToEdit(null)} />
      <EditDetailsDialog tool={toDescribe} onClose={() => setToDescribe(null)} />
    </>
  );
}

import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button, ConfirmDialog, Field, buttonClassName, visuallyHidden } from '@toolshop/ui';
import { DataTable } from '@toolshop/ui/tables';
import {
  BuyingMessages,
  QUANTITY_MAX,
  type SavedList,
  type SavedListLine,
  formatDate,
} from '@toolshop/contracts';
import { ListNameDialog } from './list-name-dialog';
import { useDeleteSavedList, useUpdateSavedList } from './api/saved-lists';
import styles from './quick-order.module.css';

/** Quick Order with this list's lines, checked at once (the list is read from the saved lists). */
export const orderListPath = (listId: string) =>
  `/dashboard/quickOrder?list=${encodeURIComponent(listId)}`;

/** A typed quantity, or undefined unless it is a whole number above 0 (the rest is checked when ordered). */
export function typedQuantity(text: string): number | undefined {
  const quantity = /^\s*\d{1,7}\s*$/.test(text) ? Number(text) : NaN;
  return Number.isInteger(quantity) && quantity > 0 && quantity <= QUANTITY_MAX
    ? quantity
    : undefined;
}

/**
 * The saved lists, newest first as the API answers them. `canShare`: the customer belongs to a
 * company, whose other members a list can be shared with.
 */
export function SavedListCards({
  lists,
  canShare,
}: {
  lists: readonly SavedList[];
  canShare: boolean;
}) {
  return (
    <ul className={styles.lists}>
      {lists.map((list) => (
        <SavedListCard key={list._id} list={list} canShare={canShare} />
      ))}
    </ul>
  );
}

/**
 * One saved list: its lines with editable quantities, Order this list, Rename, Share and Delete. A
 * colleague's shared list (`owner`) is read only: only Order this list.
 */
function SavedListCard({ list, canShare }: { list: SavedList; canShare: boolean }) {
  const readOnly = list.owner !== undefined;
  const headingId = useId();
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [invalid, setInvalid] = useState<Record<string, boolean>>({});
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const saveQuantities = useUpdateSavedList({ quiet: false });
  const remove = useDeleteSavedList();
  const quantityText = (line: SavedListLine) => quantities[line.toolId] ?? String(line.quantity);
  const changed = list.lines.some((line) => quantityText(line) !== String(line.quantity));
  const lines = () =>
    list.lines.map((line) => ({
      toolId: line.toolId,
      quantity: typedQuantity(quantityText(line)) ?? 0,
    }));

  const save = () => {
    const wrong = Object.fromEntries(
      list.lines.map((line) => [line.toolId, typedQuantity(quantityText(line)) === undefined]),
    );
    setInvalid(wrong);
    const first = list.lines.find((line) => wrong[line.toolId]);
    if (first) {
      document.getElementById(`${headingId}-${first.toolId}`)?.focus();
      return;
    }
    saveQuantities.mutate(
      { id: list._id, list: { name: list.name, lines: lines() } },
      { onSuccess: () => setQuantities({}) },
    );
  };

  return (
    <li className={styles.panel} aria-labelledby={headingId}>
      <ListHeader list={list} headingId={headingId} />
      {list.lines.length ? (
        <DataTable
          caption={`Lines of ${list.name}`}
          rows={list.lines}
          rowKey={(line) => line.toolId}
          columns={[
            { header: 'Product', kind: 'rowHeader', cell: (line) => line.name },
            {
              header: 'Quantity',
              kind: 'numeric',
              cell: (line) =>
                readOnly ? (
                  String(line.quantity)
                ) : (
                  <Field
                    id={`${headingId}-${line.toolId}`}
                    className={styles.quantity}
                    label={<span className={visuallyHidden}>Quantity of {line.name}</span>}
                    name="quantity"
                    inputMode="numeric"
                    value={quantityText(line)}
                    error={invalid[line.toolId] ? BuyingMessages.wholeQuantity : undefined}
                    onChange={(event) => {
                      setQuantities((q) => ({ ...q, [line.toolId]: event.target.value }));
                      setInvalid((i) => ({ ...i, [line.toolId]: false }));
                    }}
                  />
                ),
            },
          ]}
        />
      ) : (
        <p className={styles.meta}>This list has no lines.</p>
      )}
      {readOnly ? null : (
        <div className={styles.actions}>
          <Button
            variant="danger"
            size="small"
            onClick={() => setDeleting(true)}
            aria-label={`Delete ${list.name}`}
          >
            Delete
          </Button>
          <Button
            variant="secondary"
            size="small"
            onClick={() => setRenaming(true)}
            aria-label={`Rename ${list.name}`}
          >
            Rename
          </Button>
          <Button
            variant="secondary"
            size="small"
            disabled={!changed || saveQuantities.isPending}
            onClick={save}
            aria-label={`Save quantities of ${list.name}`}
          >
            {saveQuantities.isPending ? 'Saving…' : 'Save quantities'}
          </Button>
          {/* A list shared before its owner left the company can still be taken back. */}
          {(canShare || list.shared) && <ShareListButton list={list} />}
        </div>
      )}
      <RenameListDialog list={list} open={renaming} onClose={() => setRenaming(false)} />
      <ConfirmDialog
        open={deleting}
        title={`Delete "${list.name}"?`}
        confirmLabel="Delete list"
        cancelLabel="Keep list"
        danger
        busy={remove.isPending}
        onCancel={() => setDeleting(false)}
        onConfirm={() =>
          remove.mutate({ _id: list._id, name: list.name }, { onSettled: () => setDeleting(false) })
        }
      >
        The list and its {list.lines.length} {list.lines.length === 1 ? 'line' : 'lines'} are
        removed. Orders placed from it stay.
      </ConfirmDialog>
    </li>
  );
}

/** A list's name, its line count, who shares it and when it was saved; Order this list. */
function ListHeader({ list, headingId }: { list: SavedList; headingId: string }) {
  const date = list.updatedAt ? formatDate(list.updatedAt) : '';
  return (
    <div className={styles.listHeader}>
      <h2 id={headingId} className={styles.title}>
        {list.name}
      </h2>
      <p className={styles.meta}>
        {list.lines.length} {list.lines.length === 1 ? 'line' : 'lines'}
        {list.owner
          ? ` · shared by ${list.owner}`
          : list.shared
            ? ' · shared with your company'
            : ''}
        {date ? (
          <>
            {' · saved '}
            <time dateTime={list.updatedAt}>{date}</time>
          </>
        ) : null}
      </p>
      {/* Above the lines: a long list is ordered without scrolling past it. */}
      {list.lines.length ? (
        <Link
          to={orderListPath(list._id)}
          className={buttonClassName('primary', 'small')}
          aria-label={`Order this list: ${list.name}`}
        >
          Order this list
        </Link>
      ) : null}
    </div>
  );
}

/** Renames a list (its lines as they are saved). */
function RenameListDialog({
  list,
  open,
  onClose,
}: {
  list: SavedList;
  open: boolean;
  onClose: () => void;
}) {
  const rename = useUpdateSavedList({ quiet: true });
  return (
    <ListNameDialog
      key={open ? 'open' : 'closed'}
      open={open}
      title={`Rename "${list.name}"`}
      submitLabel="Rename"
      initialName={list.name}
      busy={rename.isPending}
      error={rename.error?.message}
      onClose={() => {
        onClose();
        rename.reset();
      }}
      onSubmit={(name) =>
        rename.mutate(
          {
            id: list._id,
            list: {
              name,
              lines: list.lines.map(({ toolId, quantity }) => ({ toolId, quantity })),
            },
          },
          { onSuccess: onClose },
        )
      }
    />
  );
}

/** Shares a list with the other members of the owner's company, or takes it back. */
function ShareListButton({ list }: { list: SavedList }) {
  const share = useUpdateSavedList({ quiet: false });
  const label = list.shared ? 'Stop sharing' : 'Share with my company';
  return (
    <Button
      variant="secondary"
      size="small"
      disabled={share.isPending}
      onClick={() =>
        share.mutate({
          id: list._id,
          list: {
            name: list.name,
            lines: list.lines.map(({ toolId, quantity }) => ({ toolId, quantity })),
            shared: !list.shared,
          },
        })
      }
      aria-label={`${label}: ${list.name}`}
    >
      {label}
    </Button>
  );
}

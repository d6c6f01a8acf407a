import { useState } from 'react';
import { ListNameDialog } from './list-name-dialog';
import { useCreateSavedList } from './api/saved-lists';
import { CheckedLines, DeliveryPanel, LinesForm } from './quick-order-sections';
import { useQuickOrder, type QuickOrderStart } from './use-quick-order';
import styles from './quick-order.module.css';

export type QuickOrderProps = QuickOrderStart;

/**
 * Quick order: pasted, uploaded or typed (with a typeahead) lines of "SKU or product name,
 * quantity", checked by the API line by line; placed as one order, only when every line can be
 * ordered as it is.
 */
export function QuickOrder(props: QuickOrderProps) {
  const order = useQuickOrder(props);
  const [saving, setSaving] = useState(false);
  const saveList = useCreateSavedList();

  return (
    <div className={styles.quickOrder}>
      <LinesForm order={order} />
      <CheckedLines order={order} />
      <DeliveryPanel order={order} onSaveList={() => setSaving(true)} />
      <ListNameDialog
        key={saving ? 'open' : 'closed'}
        open={saving}
        title="Save these lines as a list"
        submitLabel="Save list"
        busy={saveList.isPending}
        error={saveList.error?.message}
        onClose={() => {
          setSaving(false);
          saveList.reset();
        }}
        onSubmit={(name) =>
          saveList.mutate(
            { name, lines: order.listLines },
            {
              onSuccess: () => {
                setSaving(false);
                saveList.reset();
              },
            },
          )
        }
      />
    </div>
  );
}

import { useState } from 'react';
import { ConfirmDialog } from '@toolshop/ui';
import { useAssignAdmin } from './api/assign-admin';

/** 'Assign Admin' for any email: asks first (the change is irreversible), then tells how it went. */
export function useAssignAdminDialog() {
  const [candidate, setCandidate] = useState<string | null>(null);
  const assign = useAssignAdmin();
  const busy = assign.isPending;

  const confirm = () => {
    if (candidate) assign.mutate(candidate, { onSettled: () => setCandidate(null) });
  };

  const dialog = (
    <ConfirmDialog
      open={candidate !== null}
      title="Assign Admin?"
      confirmLabel="Assign Admin"
      busy={busy}
      onConfirm={confirm}
      onCancel={() => setCandidate(null)}
    >
      <strong>{candidate}</strong> will be able to manage users, products and all orders. This
      change is irreversible: an admin cannot be turned back into a customer.
    </ConfirmDialog>
  );

  return { ask: setCandidate, dialog };
}

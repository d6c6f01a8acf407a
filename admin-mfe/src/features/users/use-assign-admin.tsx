import { useState } from 'react';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '@toolshop/ui';
import { Messages } from '@toolshop/contracts';
import { assignAdmin } from './assign-admin';

/** 'Assign Admin' for any email: asks first (the change is irreversible), then tells how it went. */
export function useAssignAdmin() {
  const [candidate, setCandidate] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [promoted, setPromoted] = useState<ReadonlySet<string>>(new Set());

  const confirm = async () => {
    if (!candidate) return;
    setBusy(true);
    const result = await assignAdmin(candidate);
    setBusy(false);
    setCandidate(null);
    if (!result.ok) {
      toast.error(result.message);
      return;
    }
    toast.success(Messages.adminAssigned);
    setPromoted((emails) => new Set(emails).add(candidate));
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

  return { ask: setCandidate, promoted, dialog };
}

import { useState } from 'react';
import { ConfirmDialog } from '@toolshop/ui';
import { useAssignAdmin } from './api/assign-admin';

/** Who is to become an admin, and what to do once they are (e.g. clear the email box). */
interface Candidate {
  email: string;
  onAssigned?: () => void;
}

/** 'Assign Admin' for any email: asks first (the change is irreversible), then tells how it went. */
export function useAssignAdminDialog() {
  const [candidate, setCandidate] = useState<Candidate | null>(null);
  const assign = useAssignAdmin();
  const busy = assign.isPending;

  const confirm = () => {
    if (!candidate) return;
    assign.mutate(candidate.email, {
      onSuccess: () => candidate.onAssigned?.(),
      onSettled: () => setCandidate(null),
    });
  };
  const ask = (email: string, onAssigned?: () => void) => setCandidate({ email, onAssigned });

  const dialog = (
    <ConfirmDialog
      open={candidate !== null}
      title="Assign Admin?"
      confirmLabel="Assign Admin"
      busy={busy}
      onConfirm={confirm}
      onCancel={() => setCandidate(null)}
    >
      <strong>{candidate?.email}</strong> will be able to manage users, products and all orders.
      This change is irreversible: an admin cannot be turned back into a customer.
    </ConfirmDialog>
  );

  return { ask, dialog };
}

import { useState, type FormEvent } from 'react';
import { Button, Dialog, Field } from '@toolshop/ui';
import { DataTable, type DataColumn } from '@toolshop/ui/tables';
import { EmailText } from '@toolshop/ui/text';
import {
  ApprovalMessages,
  formatDollars,
  ORDER_REASON_MAX_LENGTH,
  type OrderAwaitingApproval,
} from '@toolshop/contracts';
import { useAwaitingApprovals, useDecideApproval } from './api/approvals';
import styles from './company.module.css';

/** "Orders awaiting approval" of an owner's or approver's company, each approved or declined. */
export function ApprovalsPanel({ me }: { me: string }) {
  const { data, error, isPending } = useAwaitingApprovals(true);
  const decide = useDecideApproval();
  const [declining, setDeclining] = useState<OrderAwaitingApproval>();

  const columns: DataColumn<OrderAwaitingApproval>[] = [
    {
      header: 'Order',
      kind: 'rowHeader',
      cell: (order) => `${order.number ?? order._id}: ${order.orderQuantity} × ${order.name}`,
    },
    {
      header: 'Buyer',
      cell: (order) => (
        <span className={styles.email}>
          <EmailText email={order.email} />
        </span>
      ),
    },
    { header: 'Total', kind: 'numeric', cell: (order) => formatDollars(order.totalPrice) },
    {
      header: 'Actions',
      kind: 'actions',
      // A buyer's own order is never theirs to decide (an approver's own never waits).
      cell: (order) =>
        order.email === me ? null : (
          <>
            <Button
              size="small"
              aria-label={`Approve ${order.number ?? order.name}`}
              disabled={decide.isPending}
              onClick={() => decide.mutate({ orderId: order._id, decision: { approve: true } })}
            >
              Approve
            </Button>
            <Button
              size="small"
              variant="danger"
              aria-label={`Decline ${order.number ?? order.name}`}
              onClick={() => {
                decide.reset();
                setDeclining(order);
              }}
            >
              Decline
            </Button>
          </>
        ),
    },
  ];

  return (
    <section className={styles.panel} aria-labelledby="approvals-title">
      <h2 id="approvals-title" className={styles.title}>
        Orders awaiting approval
      </h2>
      {isPending ? (
        <p className={styles.hint}>Loading…</p>
      ) : error ? (
        <p role="alert" className={styles.error}>
          {error.message}
        </p>
      ) : data.length === 0 ? (
        <p className={styles.hint}>No order is waiting for approval.</p>
      ) : (
        <DataTable
          caption="Orders awaiting approval"
          columns={columns}
          rows={data}
          rowKey={(order) => order._id}
        />
      )}
      {decide.isError && !declining && (
        <p role="alert" className={styles.error}>
          {decide.error.message}
        </p>
      )}
      {declining && <DeclineDialog order={declining} onClose={() => setDeclining(undefined)} />}
    </section>
  );
}

function DeclineDialog({ order, onClose }: { order: OrderAwaitingApproval; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const decide = useDecideApproval();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = reason.trim();
    const problem =
      trimmed.length === 0 || trimmed.length > ORDER_REASON_MAX_LENGTH
        ? ApprovalMessages.reasonRequired
        : undefined;
    setError(problem);
    if (problem) return;
    decide.mutate(
      { orderId: order._id, decision: { approve: false, reason: trimmed } },
      { onSuccess: onClose },
    );
  };

  return (
    <Dialog open title={`Decline ${order.number ?? order.name}`} onClose={onClose}>
      <form className={styles.fields} onSubmit={submit} noValidate>
        <Field
          label="Reason (the buyer reads it)"
          multiline
          value={reason}
          error={error}
          maxLength={ORDER_REASON_MAX_LENGTH}
          onChange={(event) => setReason(event.target.value)}
        />
        {decide.isError && (
          <p role="alert" className={styles.error}>
            {decide.error.message}
          </p>
        )}
        <div className={styles.actions}>
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={decide.isPending}>
            {decide.isPending ? 'Declining…' : 'Decline order'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

import { useState, type FormEvent } from 'react';
import {
  CARRIER_MAX_LENGTH,
  InputMessages,
  TRACKING_NUMBER_MAX_LENGTH,
  TRACKING_NUMBER_PATTERN,
  type Order,
  type ShippingDetails,
} from '@toolshop/contracts';
import { Button, Dialog, Field } from '@toolshop/ui';
import styles from './orders-table.module.css';

interface ApproveOrderDialogProps {
  order: Order | null;
  busy: boolean;
  onApprove: (order: Order, shipping: ShippingDetails) => void;
  onClose: () => void;
}

/** The same checks as the API's (it checks again): both optional, bounded, a plain tracking number. */
export function shippingErrors({ carrier = '', trackingNumber = '' }: ShippingDetails) {
  const tracking = trackingNumber.trim();
  return {
    carrier:
      carrier.trim().length > CARRIER_MAX_LENGTH ? InputMessages.atMost(CARRIER_MAX_LENGTH) : undefined,
    trackingNumber:
      tracking.length > TRACKING_NUMBER_MAX_LENGTH
        ? InputMessages.atMost(TRACKING_NUMBER_MAX_LENGTH)
        : tracking && !TRACKING_NUMBER_PATTERN.test(tracking)
          ? InputMessages.trackingNumberFormat
          : undefined,
  };
}

/** Approving a paid order for shipping asks for the carrier and tracking number (both optional). */
export function ApproveOrderDialog({ order, busy, onApprove, onClose }: ApproveOrderDialogProps) {
  return (
    <Dialog open={order !== null} title="Approve for shipping" onClose={onClose}>
      {order && <ApproveForm key={order._id} order={order} busy={busy} onApprove={onApprove} onClose={onClose} />}
    </Dialog>
  );
}

function ApproveForm({ order, busy, onApprove, onClose }: ApproveOrderDialogProps & { order: Order }) {
  const [carrier, setCarrier] = useState('');
  const [trackingNumber, setTrackingNumber] = useState('');
  const [errors, setErrors] = useState<ReturnType<typeof shippingErrors>>({
    carrier: undefined,
    trackingNumber: undefined,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = shippingErrors({ carrier, trackingNumber });
    setErrors(found);
    if (found.carrier || found.trackingNumber) return;
    onApprove(order, {
      ...(carrier.trim() && { carrier: carrier.trim() }),
      ...(trackingNumber.trim() && { trackingNumber: trackingNumber.trim() }),
    });
  };

  return (
    <form onSubmit={submit} noValidate className={styles.approve}>
      <p className={styles.muted}>
        {order.orderQuantity} × {order.name} for {order.email}. The customer sees the carrier and
        tracking number in My Orders and in the shipping email; both may stay empty.
      </p>
      <Field
        label="Carrier (optional)"
        name="carrier"
        autoComplete="off"
        maxLength={CARRIER_MAX_LENGTH}
        value={carrier}
        onChange={(event: { target: { value: string } }) => setCarrier(event.target.value)}
        error={errors.carrier}
        autoFocus
      />
      <Field
        label="Tracking number (optional)"
        name="trackingNumber"
        autoComplete="off"
        maxLength={TRACKING_NUMBER_MAX_LENGTH}
        value={trackingNumber}
        onChange={(event: { target: { value: string } }) => setTrackingNumber(event.target.value)}
        error={errors.trackingNumber}
      />
      <div className={styles.dialogActions}>
        <Button type="button" variant="ghost" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          Approve for shipping
        </Button>
      </div>
    </form>
  );
}

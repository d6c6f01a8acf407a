import { useState, type FormEvent } from 'react';
import {
  CARRIER_MAX_LENGTH,
  InputMessages,
  TRACKING_NUMBER_MAX_LENGTH,
  TRACKING_NUMBER_PATTERN,
  type Order,
  type ShippingDetails,
} from '@toolshop/contracts';
import { Button, Dialog, Field, SelectField } from '@toolshop/ui';
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
      carrier.trim().length > CARRIER_MAX_LENGTH
        ? InputMessages.atMost(CARRIER_MAX_LENGTH)
        : undefined,
    trackingNumber:
      tracking.length > TRACKING_NUMBER_MAX_LENGTH
        ? InputMessages.atMost(TRACKING_NUMBER_MAX_LENGTH)
        : tracking && !TRACKING_NUMBER_PATTERN.test(tracking)
          ? InputMessages.trackingNumberFormat
          : undefined,
  };
}

/** The carriers an admin picks from; "Other" asks for the name. */
export const CARRIERS = ['UPS', 'FedEx', 'USPS', 'DHL'] as const;
const OTHER = 'Other';

export const ApproveMessages = {
  chooseCarrier: 'Choose the carrier, or ship without a tracking number',
  nameCarrier: 'Name the carrier',
  trackingRequired: 'Enter the tracking number, or choose to ship without one',
} as const;

/**
 * Approving a paid order for shipping: where it goes (ship-to), the carrier from a list (or
 * another one by name) and the tracking number; shipping without a tracking number is a choice
 * the admin makes explicitly (then the carrier is optional too).
 */
export function ApproveOrderDialog({ order, busy, onApprove, onClose }: ApproveOrderDialogProps) {
  return (
    <Dialog open={order !== null} title="Approve for shipping" onClose={onClose}>
      {order && (
        <ApproveForm
          key={order._id}
          order={order}
          busy={busy}
          onApprove={onApprove}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

type ApproveErrors = { carrier?: string; otherCarrier?: string; trackingNumber?: string };

function ApproveForm({
  order,
  busy,
  onApprove,
  onClose,
}: ApproveOrderDialogProps & { order: Order }) {
  const [choice, setChoice] = useState('');
  const [otherCarrier, setOtherCarrier] = useState('');
  const [trackingNumber, setTrackingNumber] = useState('');
  const [untracked, setUntracked] = useState(false);
  const [errors, setErrors] = useState<ApproveErrors>({});

  const carrier = choice === OTHER ? otherCarrier : choice;
  const check = (): ApproveErrors => {
    const found = shippingErrors({ carrier, trackingNumber: untracked ? '' : trackingNumber });
    return {
      carrier: !untracked && !choice ? ApproveMessages.chooseCarrier : undefined,
      otherCarrier:
        choice === OTHER && !otherCarrier.trim() ? ApproveMessages.nameCarrier : found.carrier,
      trackingNumber:
        !untracked && !trackingNumber.trim()
          ? ApproveMessages.trackingRequired
          : found.trackingNumber,
    };
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = check();
    setErrors(found);
    const first = (['carrier', 'otherCarrier', 'trackingNumber'] as const).find((f) => found[f]);
    if (first) {
      event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    onApprove(order, {
      ...(carrier.trim() && { carrier: carrier.trim() }),
      ...(!untracked && trackingNumber.trim() && { trackingNumber: trackingNumber.trim() }),
    });
  };

  return (
    <form onSubmit={submit} noValidate className={styles.approve}>
      <p className={styles.muted}>
        {order.orderQuantity} × {order.name} for {order.email}. The customer sees the carrier and
        tracking number in My Orders and in the shipping email.
      </p>
      <section aria-labelledby="ship-to-heading">
        <h3 id="ship-to-heading" className={styles.shipToHeading}>
          Ship to
        </h3>
        <p className={styles.shipping}>
          {order.userName && (
            <>
              <strong>{order.userName}</strong>
              {'\n'}
            </>
          )}
          {order.address}
          {'\n'}Phone {order.phone}
        </p>
      </section>
      <SelectField
        label="Carrier"
        name="carrier"
        value={choice}
        onChange={(event: { target: { value: string } }) => setChoice(event.target.value)}
        error={errors.carrier}
        autoFocus
      >
        <option value="">Choose a carrier</option>
        {CARRIERS.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
        <option value={OTHER}>Other…</option>
      </SelectField>
      {choice === OTHER && (
        <Field
          label="Carrier name"
          name="otherCarrier"
          autoComplete="off"
          maxLength={CARRIER_MAX_LENGTH}
          value={otherCarrier}
          onChange={(event: { target: { value: string } }) => setOtherCarrier(event.target.value)}
          error={errors.otherCarrier}
        />
      )}
      <Field
        label="Tracking number"
        name="trackingNumber"
        autoComplete="off"
        maxLength={TRACKING_NUMBER_MAX_LENGTH}
        value={untracked ? '' : trackingNumber}
        disabled={untracked}
        onChange={(event: { target: { value: string } }) => setTrackingNumber(event.target.value)}
        error={untracked ? undefined : errors.trackingNumber}
      />
      <label className={styles.untracked}>
        <input
          type="checkbox"
          name="untracked"
          checked={untracked}
          onChange={(event) => {
            setUntracked(event.target.checked);
            setErrors({});
          }}
        />{' '}
        Ship without a tracking number
      </label>
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

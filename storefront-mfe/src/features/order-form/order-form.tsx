import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ApiError, useAuth } from '@toolshop/auth';
import { Button, Field } from '@toolshop/ui';
import { RuleMessages, formatDollars, type Tool } from '@toolshop/contracts';
import {
  parseQuantity,
  quantityError,
  toNewOrder,
  validateOrderDraft,
  type OrderDraft,
  type OrderDraftErrors,
} from './order-draft';
import surface from '../../components/surface.module.css';
import { usePlaceOrder } from './api/place-order';
import styles from './order-form.module.css';

export interface OrderFormProps {
  tool: Tool;
  /** Called after the server accepted the order, with the quantity taken from the stock (the stock shown refreshes itself). */
  onOrdered?: (quantity: number) => void;
  /** Called when the server refused the order, e.g. because the stock changed meanwhile (it is read again). */
  onRejected?: () => void;
}

function quantityHint({ minOrder, available }: Tool): string {
  if (minOrder === available) return `Only ${available} ${available === 1 ? 'unit' : 'units'} left`;
  return `Between ${minOrder} and ${available} units`;
}

export function OrderForm({ tool, onOrdered, onRejected }: OrderFormProps) {
  const user = useAuth((s) => s.user);
  const titleId = useId();
  const [draft, setDraft] = useState<OrderDraft>(() => ({
    userName: user?.displayName ?? '',
    address: '',
    phone: '',
    quantity: String(tool.minOrder),
  }));
  const [errors, setErrors] = useState<OrderDraftErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const placeOrder = usePlaceOrder();
  const submitting = placeOrder.isPending;
  const [placed, setPlaced] = useState(false);

  const quantityMessage = quantityError(draft.quantity, tool);
  const quantity = parseQuantity(draft.quantity);
  const outOfStock = tool.available < tool.minOrder;

  const update = (field: keyof OrderDraft, value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateOrderDraft(draft, tool);
    setErrors(found);
    if (Object.keys(found).length > 0) return;

    setServerError(null);
    setPlaced(false);
    placeOrder.mutate(toNewOrder(draft, tool._id), {
      onSuccess: () => {
        setPlaced(true);
        setDraft((d) => ({ ...d, quantity: String(tool.minOrder) }));
        onOrdered?.(quantity);
      },
      onError: (error) => {
        setServerError(
          error instanceof ApiError
            ? error.message
            : 'The order could not be placed. Please try again.',
        );
        onRejected?.();
      },
    });
  }

  return (
    <form
      className={`${surface.card} ${styles.form}`}
      onSubmit={submit}
      noValidate
      aria-labelledby={titleId}
    >
      <h2 id={titleId} className={styles.title}>
        Place your order
      </h2>

      <div className={styles.fields}>
        <Field
          className={styles.wide}
          label="Name"
          autoComplete="name"
          value={draft.userName}
          onChange={(e) => update('userName', e.target.value)}
        />
        <Field
          className={styles.wide}
          label="Email"
          type="email"
          value={user?.email ?? ''}
          readOnly
        />
        <Field
          className={styles.wide}
          label="Delivery address"
          multiline
          rows={2}
          autoComplete="street-address"
          required
          error={errors.address}
          value={draft.address}
          onChange={(e) => update('address', e.target.value)}
        />
        <Field
          label="Phone"
          type="tel"
          autoComplete="tel"
          required
          error={errors.phone}
          value={draft.phone}
          onChange={(e) => update('phone', e.target.value)}
        />
        <Field
          label="Quantity"
          type="number"
          inputMode="numeric"
          min={tool.minOrder}
          max={tool.available}
          step={1}
          required
          hint={outOfStock ? undefined : quantityHint(tool)}
          error={quantityMessage}
          value={draft.quantity}
          onChange={(e) => update('quantity', e.target.value)}
        />
      </div>

      <div className={styles.summary}>
        <span>Total</span>
        <strong aria-live="polite">
          {quantityMessage ? '—' : formatDollars(quantity * tool.price)}
        </strong>
      </div>

      {outOfStock && (
        <p className={styles.notice}>
          Not enough stock for the minimum order right now. Please check back soon.
        </p>
      )}
      {placed && (
        <p className={styles.placed} role="status">
          Your order is waiting for payment in <Link to="/dashboard/myOrders">My Orders</Link>.
        </p>
      )}
      {serverError && (
        <p className={styles.serverError} role="alert">
          {serverError}
        </p>
      )}
      {serverError === RuleMessages.tooManyUnpaidOrders && (
        <p className={styles.placed}>
          <Link to="/dashboard/myOrders">Open My Orders</Link> to pay or cancel an unpaid order.
        </p>
      )}

      <Button type="submit" block disabled={Boolean(quantityMessage) || submitting}>
        {submitting ? 'Placing order…' : 'Place order'}
      </Button>
    </form>
  );
}

import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { ApiError, signOut, useAuth } from '@toolshop/auth';
import { Button, Field, buttonClassName } from '@toolshop/ui';
import {
  PurchaseOrderMessages,
  RuleMessages,
  formatCount,
  formatDollars,
  packSizeOf,
  type Tool,
} from '@toolshop/contracts';
import {
  draftPrice,
  largestOrder,
  parseQuantity,
  quantityError,
  toNewOrder,
  validateOrderDraft,
  type OrderDraft,
  type OrderDraftErrors,
} from './order-draft';
import { firstInvalidOrderField, type PlacedOrder } from './placed-order';
import { useKeptOrderDraft } from './kept-order-draft';
import { PriceTiers } from './price-tiers';
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

function quantityHint(tool: Tool): string {
  const { minOrder, available } = tool;
  const pack = packSizeOf(tool);
  const largest = largestOrder(tool);
  if (pack > 1)
    return `Sold in packs of ${pack}: between ${minOrder} and ${largest} units, ${pack} at a time`;
  if (minOrder === available) return `Only ${available} ${available === 1 ? 'unit' : 'units'} left`;
  return `Between ${minOrder} and ${available} units`;
}

/**
 * The order form of a tool. After the server accepts an order it shows that order with a "Pay now" link
 * instead of the form, so a second click cannot duplicate it; "Place another order" starts afresh.
 */
export function OrderForm({ tool, onOrdered, onRejected }: OrderFormProps) {
  const user = useAuth((s) => s.user);
  const titleId = useId();
  const emptyDraft = (): OrderDraft => ({
    userName: user?.displayName ?? '',
    address: '',
    phone: '',
    quantity: String(tool.minOrder),
    purchaseOrder: '',
  });
  // "Order again" from My Orders prefills the earlier order's quantity, address and phone; a draft
  // kept for the tab (sent to sign in again, Back/Forward) comes back as it was typed.
  const location = useLocation();
  const { draft, edit, done, restart } = useKeptOrderDraft(tool._id, user?.email ?? '', emptyDraft);
  const [errors, setErrors] = useState<OrderDraftErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  // The API no longer takes the session (expired, revoked): offer to sign in again, the draft is kept.
  const [sessionEnded, setSessionEnded] = useState(false);
  const placeOrder = usePlaceOrder();
  const submitting = placeOrder.isPending;
  const [placed, setPlaced] = useState<PlacedOrder | null>(null);
  const placedRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const [focusForm, setFocusForm] = useState(false);
  useEffect(() => {
    if (placed) placedRef.current?.focus();
  }, [placed]);
  useEffect(() => {
    if (!focusForm) return;
    setFocusForm(false);
    formRef.current?.querySelector<HTMLElement>('[name="address"]')?.focus();
  }, [focusForm]);

  const quantityMessage = quantityError(draft.quantity, tool);
  const quantity = parseQuantity(draft.quantity);
  const price = draftPrice(draft.quantity, tool);
  const outOfStock = largestOrder(tool) < tool.minOrder;

  const update = (field: keyof OrderDraft, value: string) => {
    edit((d) => ({ ...d, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateOrderDraft(draft, tool);
    setErrors(found);
    const invalid = firstInvalidOrderField(found);
    if (invalid) {
      const control = event.currentTarget.elements.namedItem(invalid);
      if (control instanceof HTMLElement) control.focus();
      return;
    }

    setServerError(null);
    setSessionEnded(false);
    setPlaced(null);
    placeOrder.mutate(toNewOrder(draft, tool._id), {
      onSuccess: ({ insertedId }) => {
        done();
        setPlaced({
          id: insertedId,
          quantity,
          total: price?.total ?? 0,
          address: draft.address.trim(),
        });
        onOrdered?.(quantity);
      },
      onError: (error) => {
        setServerError(
          error instanceof ApiError
            ? error.message
            : 'The order could not be placed. Please try again.',
        );
        setSessionEnded(error instanceof ApiError && error.status === 401);
        onRejected?.();
      },
    });
  }

  function placeAnother() {
    setPlaced(null);
    restart(emptyDraft());
    setErrors({});
    setFocusForm(true);
  }

  if (placed) {
    return (
      <form
        className={`${surface.card} ${styles.form}`}
        aria-labelledby={titleId}
        onSubmit={(e) => e.preventDefault()}
      >
        <h2 id={titleId} className={styles.title}>
          Place your order
        </h2>
        <div ref={placedRef} tabIndex={-1} className={styles.placedOrder} role="status">
          <p className={styles.placedHeading}>Order placed</p>
          <dl className={styles.placedDetails}>
            <dt>Tool</dt>
            <dd>{tool.name}</dd>
            <dt>Quantity</dt>
            <dd>{formatCount(placed.quantity)}</dd>
            <dt>Total</dt>
            <dd>{formatDollars(placed.total)}</dd>
            <dt>Deliver to</dt>
            <dd>{placed.address}</dd>
          </dl>
          <p className={styles.placed}>
            Your order is waiting for payment in <Link to="/dashboard/myOrders">My Orders</Link>.
          </p>
        </div>
        <div className={styles.placedActions}>
          <Link className={buttonClassName()} to={`/dashboard/payment/${placed.id}`}>
            Pay now
          </Link>
          <Button type="button" variant="secondary" onClick={placeAnother}>
            Place another order
          </Button>
        </div>
      </form>
    );
  }

  return (
    <form
      ref={formRef}
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
          name="userName"
          autoComplete="name"
          value={draft.userName}
          error={errors.userName}
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
          name="address"
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
          name="phone"
          type="tel"
          autoComplete="tel"
          required
          error={errors.phone}
          value={draft.phone}
          onChange={(e) => update('phone', e.target.value)}
        />
        <Field
          label="Quantity"
          name="quantity"
          type="number"
          inputMode="numeric"
          min={tool.minOrder}
          max={largestOrder(tool)}
          step={packSizeOf(tool)}
          required
          hint={outOfStock ? undefined : quantityHint(tool)}
          error={quantityMessage}
          value={draft.quantity}
          onChange={(e) => update('quantity', e.target.value)}
        />
        <Field
          className={styles.wide}
          label={PurchaseOrderMessages.fieldLabel}
          name="purchaseOrder"
          autoComplete="off"
          hint="Your own purchase order number, printed on the invoice"
          error={errors.purchaseOrder}
          value={draft.purchaseOrder ?? ''}
          onChange={(e) => update('purchaseOrder', e.target.value)}
        />
      </div>

      <PriceTiers tool={tool} quantity={quantity} />

      <div className={styles.summary}>
        {/* With price breaks the unit price follows the quantity; otherwise it is the one shown above. */}
        {Boolean(tool.priceTiers?.length) && (
          <p className={styles.unitPrice}>
            <span>Unit price</span>
            <strong aria-live="polite">{price ? formatDollars(price.unitPrice) : '—'}</strong>
          </p>
        )}
        <p className={styles.total}>
          <span>Total</span>
          <strong aria-live="polite">{price ? formatDollars(price.total) : '—'}</strong>
        </p>
      </div>

      {outOfStock && (
        <p className={styles.notice}>
          Not enough stock for the minimum order right now. Please check back soon.
        </p>
      )}
      {serverError && (
        <p className={styles.serverError} role="alert">
          {serverError}
          {sessionEnded && (
            <>
              {' '}
              <Link
                to="/login"
                state={{ from: `${location.pathname}${location.search}` }}
                onClick={() => void signOut()}
              >
                Sign in again
              </Link>{' '}
              (what you typed is kept).
            </>
          )}
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

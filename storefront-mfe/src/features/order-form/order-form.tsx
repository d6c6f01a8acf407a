import { useId } from 'react';
import { Link, useLocation } from 'react-router';
import { signOut } from '@toolshop/auth';
import { Button, Field } from '@toolshop/ui';
import {
  PurchaseOrderMessages,
  RuleMessages,
  formatCount,
  formatDollars,
  formatUnits,
  packSizeOf,
  type Tool,
} from '@toolshop/contracts';
import { largestOrder } from './order-draft';
import { PlacedOrderCard } from './placed-order-card';
import { PriceTiers } from './price-tiers';
import { useOrderForm, type OrderFormEvents, type OrderFormState } from './use-order-form';
import surface from '../../components/surface.module.css';
import styles from './order-form.module.css';

export interface OrderFormProps extends OrderFormEvents {
  tool: Tool;
}

function quantityHint(tool: Tool): string {
  const { minOrder, available } = tool;
  const pack = packSizeOf(tool);
  const largest = largestOrder(tool);
  if (pack > 1)
    return (
      `Sold in packs of ${formatCount(pack)}: between ${formatCount(minOrder)} and ` +
      `${formatUnits(largest)}, ${formatCount(pack)} at a time`
    );
  if (minOrder === available) return `Only ${formatUnits(available)} left`;
  return `Between ${formatCount(minOrder)} and ${formatUnits(available)}`;
}

/**
 * The order form of a tool. After the server accepts an order it shows that order with a "Pay now" link
 * instead of the form, so a second click cannot duplicate it; "Place another order" starts afresh.
 */
export function OrderForm({ tool, ...events }: OrderFormProps) {
  const titleId = useId();
  const form = useOrderForm(tool, events);

  if (form.placed) {
    return (
      <PlacedOrderCard
        tool={tool}
        placed={form.placed}
        placedRef={form.placedRef}
        onPlaceAnother={form.placeAnother}
      />
    );
  }

  return (
    <form
      ref={form.formRef}
      className={`${surface.card} ${styles.form}`}
      onSubmit={form.submit}
      noValidate
      aria-labelledby={titleId}
    >
      <h2 id={titleId} className={styles.title}>
        Place your order
      </h2>
      <OrderFields tool={tool} form={form} />
      <PriceTiers tool={tool} quantity={form.quantity} />
      <div className={styles.summary}>
        {/* With price breaks the unit price follows the quantity; otherwise it is the one shown above. */}
        {(Boolean(tool.priceTiers?.length) || form.company) && (
          <p className={styles.unitPrice}>
            <span>Unit price</span>
            <strong aria-live="polite">
              {form.price ? formatDollars(form.price.unitPrice) : '—'}
            </strong>
          </p>
        )}
        <p className={styles.total}>
          <span>Total</span>
          <strong aria-live="polite">{form.price ? formatDollars(form.price.total) : '—'}</strong>
        </p>
      </div>
      {form.outOfStock && (
        <p className={styles.notice}>
          Not enough stock for the minimum order right now. Please check back soon.
        </p>
      )}
      <Refusal form={form} />
      <Button type="submit" block disabled={Boolean(form.quantityMessage) || form.submitting}>
        {form.submitting ? 'Placing order…' : 'Place order'}
      </Button>
    </form>
  );
}

function OrderFields({ tool, form }: { tool: Tool; form: OrderFormState }) {
  const { draft, errors, update } = form;
  return (
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
      <Field className={styles.wide} label="Email" type="email" value={form.email} readOnly />
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
        hint={form.outOfStock ? undefined : quantityHint(tool)}
        error={form.quantityMessage}
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
  );
}

/** The server's refusal, with the way out it calls for (sign in again, or My Orders). */
function Refusal({ form }: { form: OrderFormState }) {
  const location = useLocation();
  if (!form.serverError) return null;
  return (
    <>
      <p className={styles.serverError} role="alert">
        {form.serverError}
        {form.sessionEnded && (
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
      {form.serverError === RuleMessages.tooManyUnpaidOrders && (
        <p className={styles.placed}>
          <Link to="/dashboard/myOrders">Open My Orders</Link> to pay or cancel an unpaid order.
        </p>
      )}
    </>
  );
}

// The three parts of Quick Order, drawn from its state (use-quick-order.ts): the lines, their check,
// and the delivery with the order's buttons.
import type { ChangeEvent, FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { Button, Field, buttonClassName } from '@toolshop/ui';
import {
  TEXT_MAX_LENGTH,
  ApiMessages,
  PurchaseOrderMessages,
  formatDollars,
} from '@toolshop/contracts';
import { QUOTES_PATH, quoteRequestState } from '../../lib/quote-request-state';
import { CheckTable } from './check-table';
import { LinesField } from './lines-field';
import { lineRows, mergeDuplicateLines, withLineQuantity } from './quick-order-lines';
import { DELIVERY_IDS, LINES_ID, type Checked, type QuickOrderState } from './use-quick-order';
import styles from './quick-order.module.css';

export function LinesForm({ order }: { order: QuickOrderState }) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    order.checkTyped();
  };
  return (
    <form
      className={styles.panel}
      onSubmit={submit}
      noValidate
      aria-labelledby="quick-order-lines-title"
    >
      <h2 id="quick-order-lines-title" className={styles.title}>
        Your lines
      </h2>
      <LinesField
        id={LINES_ID}
        value={order.text}
        error={order.errors.lines}
        onChange={order.setText}
      />
      <Field
        type="file"
        label="Or upload a CSV file"
        hint="Columns: product, quantity"
        name="csv"
        accept=".csv,.txt,text/csv,text/plain"
        onChange={(event) => void order.upload(event as ChangeEvent<HTMLInputElement>)}
      />
      <div className={styles.actions}>
        <Button type="submit" disabled={order.checking}>
          {order.checking ? 'Checking…' : 'Check lines'}
        </Button>
      </div>
    </form>
  );
}

const linesSummary = ({ parsed, check }: Checked) => {
  const count = parsed.lines.length + parsed.unreadable.length;
  const problems =
    parsed.unreadable.length + (check?.lines.filter((line) => line.problem).length ?? 0);
  const lines = `${count} ${count === 1 ? 'line' : 'lines'} checked`;
  return problems === 0
    ? `${lines}: every line can be ordered.`
    : `${lines}: ${problems} ${problems === 1 ? 'needs attention. Correct it' : 'need attention. Correct them'} and check again.`;
};

/** The API's answers that only a new sign-in cures: they come with a "Sign in again" link. */
const signInAgainMessages = new Set<string>([
  ApiMessages.sessionInvalid,
  ApiMessages.signInFirst,
  ApiMessages.tokenWithoutEmail,
]);

export function CheckedLines({ order }: { order: QuickOrderState }) {
  const location = useLocation();
  const { checked, current, text, refusal } = order;
  return (
    <section className={styles.results} aria-labelledby="quick-order-results-title">
      <h2
        id="quick-order-results-title"
        ref={order.resultsRef}
        tabIndex={-1}
        className={styles.title}
      >
        Checked lines
      </h2>
      <p role="status" className={styles.summary}>
        {order.checking
          ? 'Checking your lines…'
          : checked
            ? linesSummary(checked)
            : 'Check your lines to see each product, its price and anything to correct.'}
      </p>
      {checked && checked.text !== text ? (
        <p className={styles.stale}>
          The lines changed since this check: check them again to order.
        </p>
      ) : null}
      {checked ? (
        <CheckTable
          rows={lineRows(checked.parsed, checked.check)}
          // One click fixes a line and checks again; only while the text is the one checked.
          {...(current && {
            onQuantity: (row, quantity) =>
              order.replaceLines(withLineQuantity(text, row.lineNumber, row.written, quantity)),
            onMerge: () =>
              order.replaceLines(
                mergeDuplicateLines(text, lineRows(current.parsed, current.check)),
              ),
            onProduct: (row, product) =>
              order.replaceLines(
                withLineQuantity(text, row.lineNumber, product, row.quantity ?? 1),
              ),
          })}
        />
      ) : null}
      {current?.check && order.orderable ? (
        <p className={styles.total}>
          Total <strong>{formatDollars(current.check.total)}</strong>
        </p>
      ) : null}
      {refusal ? (
        <p role="alert" className={styles.refusal}>
          {refusal}
          {signInAgainMessages.has(refusal) ? (
            <>
              {' '}
              <Link to="/login" state={{ from: `${location.pathname}${location.search}` }}>
                Sign in again
              </Link>{' '}
              (your lines are kept).
            </>
          ) : null}
        </p>
      ) : null}
    </section>
  );
}

const deliveryFields = [
  {
    name: 'address',
    label: 'Delivery address',
    autoComplete: 'street-address',
    type: 'text',
  },
  { name: 'phone', label: 'Phone', autoComplete: 'tel', type: 'tel' },
  {
    name: 'purchaseOrder',
    label: PurchaseOrderMessages.fieldLabel,
    hint: 'Your own purchase order number, printed on the invoice',
    autoComplete: 'off',
    type: 'text',
  },
] as const;

export function DeliveryPanel({
  order,
  onSaveList,
}: {
  order: QuickOrderState;
  onSaveList: () => void;
}) {
  return (
    <section className={styles.panel} aria-labelledby="quick-order-delivery-title">
      <h2 id="quick-order-delivery-title" className={styles.title}>
        Delivery
      </h2>
      <div className={styles.fields}>
        {deliveryFields.map((field) => (
          <Field
            key={field.name}
            {...field}
            id={DELIVERY_IDS[field.name]}
            value={order.delivery[field.name]}
            maxLength={TEXT_MAX_LENGTH}
            error={order.errors[field.name]}
            onChange={(event) => order.changeDelivery(field.name, event.target.value)}
          />
        ))}
      </div>
      <div className={styles.actions}>
        <Button variant="secondary" disabled={order.listLines.length === 0} onClick={onSaveList}>
          Save as list
        </Button>
        {order.listLines.length > 0 && order.current?.check ? (
          <Link
            to={QUOTES_PATH}
            state={quoteRequestState(order.current.check.lines)}
            className={buttonClassName('secondary')}
          >
            Request a quote
          </Link>
        ) : null}
        <Button disabled={!order.orderable || order.placing} onClick={order.place}>
          {order.placing ? 'Placing…' : 'Place order'}
        </Button>
      </div>
      {!order.orderable ? (
        <p className={styles.hint}>Place order opens once every line can be ordered as it is.</p>
      ) : null}
    </section>
  );
}

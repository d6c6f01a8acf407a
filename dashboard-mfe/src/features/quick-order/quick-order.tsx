import {
  useEffect,
  useEffectEvent,
  useRef,
  useState,
  type ChangeEvent,
  type FormEvent,
} from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { ApiError, useAuth } from '@toolshop/auth';
import { Button, Field } from '@toolshop/ui';
import {
  ORDER_LINES_TEXT_MAX_LENGTH,
  TEXT_MAX_LENGTH,
  BuyingMessages,
  DeliveryMessages,
  ApiMessages,
  PurchaseOrderMessages,
  formatDollars,
  purchaseOrderError,
  type ParsedOrderLines,
  type QuickOrderCheck,
} from '@toolshop/contracts';
import { CheckTable } from './check-table';
import { LinesField } from './lines-field';
import { useTabDraft } from '../../lib/tab-draft';
import { ListNameDialog } from './list-name-dialog';
import { isOrderable, lineRows, listLinesOf, orderLinesOf, readLines } from './quick-order-lines';
import { mergeDuplicateLines, withLineQuantity } from './quick-order-lines';
import { useCheckLines } from './api/check-lines';
import { usePlaceQuickOrder } from './api/place-quick-order';
import { useCreateSavedList } from './api/saved-lists';
import styles from './quick-order.module.css';

export interface QuickOrderProps {
  /** The lines to start with (a saved list, an earlier order): checked at once. */
  initialText?: string;
  address?: string;
  phone?: string;
}

interface Checked {
  text: string;
  parsed: ParsedOrderLines;
  /** Absent when no line could be read (nothing was sent). */
  check?: QuickOrderCheck;
}

const LINES_ID = 'quick-order-lines';

const deliveryFields = [
  {
    name: 'address',
    id: 'quick-order-address',
    label: 'Delivery address',
    autoComplete: 'street-address',
    type: 'text',
  },
  { name: 'phone', id: 'quick-order-phone', label: 'Phone', autoComplete: 'tel', type: 'tel' },
  {
    name: 'purchaseOrder',
    id: 'quick-order-purchase-order',
    label: PurchaseOrderMessages.fieldLabel,
    hint: 'Your own purchase order number, printed on the invoice',
    autoComplete: 'off',
    type: 'text',
  },
] as const;

type Errors = Partial<Record<'lines' | 'address' | 'phone' | 'purchaseOrder', string>>;

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
/**
 * Quick order: pasted, uploaded or typed (with a typeahead) lines of "SKU or product name,
 * quantity", checked by the
 * API line by line; placed as one order, only when every line can be ordered as it is.
 */
export function QuickOrder({
  initialText = '',
  address: initialAddress = '',
  phone: initialPhone = '',
}: QuickOrderProps) {
  const user = useAuth((s) => s.user);
  const navigate = useNavigate();
  const location = useLocation();
  // What was typed is kept for the tab (signing in again, Back and Forward), unless lines were handed over.
  const draft = useTabDraft(
    'quickOrder',
    user?.email ?? '',
    () => ({ text: initialText, address: initialAddress, phone: initialPhone, purchaseOrder: '' }),
    { handedOver: initialText !== '' },
  );
  const { text, ...delivery } = draft.values;
  const setText = (next: string) => draft.change((values) => ({ ...values, text: next }));
  const [errors, setErrors] = useState<Errors>({});
  const [checked, setChecked] = useState<Checked>();
  const [refusal, setRefusal] = useState<string>();
  const [saving, setSaving] = useState(false);
  const checkLines = useCheckLines();
  const placeOrder = usePlaceQuickOrder();
  const saveList = useCreateSavedList();
  const resultsRef = useRef<HTMLHeadingElement>(null);

  const check = (lines: string, { focusResults = true } = {}) => {
    const read = readLines(lines);
    if (!read.parsed) {
      setErrors((e) => ({ ...e, lines: read.error }));
      document.getElementById(LINES_ID)?.focus();
      return;
    }
    setErrors((e) => ({ ...e, lines: undefined }));
    const { parsed } = read;
    const show = (answer?: QuickOrderCheck) => {
      setChecked({ text: lines, parsed, check: answer });
      if (focusResults) setTimeout(() => resultsRef.current?.focus());
    };
    if (parsed.lines.length === 0) return show();
    checkLines.mutate(
      parsed.lines.map(({ product, quantity }) => ({ product, quantity })),
      {
        onSuccess: show,
        onError: (error) =>
          setRefusal(
            error instanceof ApiError
              ? error.message
              : 'The lines could not be checked. Please try again.',
          ),
      },
    );
  };

  // Lines handed over (a saved list, Order again) are checked at once: one click less.
  const autoChecked = useRef(false);
  const checkHandedOver = useEffectEvent((lines: string) => check(lines, { focusResults: false }));
  useEffect(() => {
    if (autoChecked.current || !initialText) return;
    autoChecked.current = true;
    checkHandedOver(initialText);
  }, [initialText]);

  const current = checked && checked.text === text ? checked : undefined;
  const orderable = Boolean(current?.check && isOrderable(current.parsed, current.check));

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > ORDER_LINES_TEXT_MAX_LENGTH * 4) {
      setErrors((e) => ({ ...e, lines: BuyingMessages.textTooLong }));
      return;
    }
    const content = await file.text();
    setText(content);
    setRefusal(undefined);
    check(content);
  };

  /** A fix offered by the check table: the lines change and are checked again at once. */
  const fixLines = (next: string) => {
    setText(next);
    setRefusal(undefined);
    check(next);
  };

  const submitCheck = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setRefusal(undefined);
    check(text);
  };

  const place = () => {
    if (!current?.check || !orderable) return;
    const address = delivery.address.trim();
    const phone = delivery.phone.trim();
    const purchaseOrder = delivery.purchaseOrder.trim();
    const found: Errors = {
      address: address ? undefined : DeliveryMessages.address,
      phone: phone ? undefined : DeliveryMessages.phone,
      purchaseOrder: purchaseOrderError(purchaseOrder),
    };
    setErrors((e) => ({ ...e, ...found }));
    const missing = deliveryFields.find((field) => found[field.name]);
    if (missing) {
      document.getElementById(missing.id)?.focus();
      return;
    }
    setRefusal(undefined);
    placeOrder.mutate(
      {
        lines: orderLinesOf(current.check),
        address,
        phone,
        ...(user?.displayName ? { userName: user.displayName } : {}),
        ...(purchaseOrder ? { purchaseOrder } : {}),
      },
      {
        onSuccess: ({ insertedId }) => {
          draft.forget();
          navigate(`/dashboard/payment/${encodeURIComponent(insertedId)}`);
        },
        onError: (error) => {
          setRefusal(
            error instanceof ApiError
              ? error.message
              : 'The order could not be placed. Please try again.',
          );
          // A line broke a rule or the stock went meanwhile: the lines show what changed.
          if (error instanceof ApiError && (error.status === 400 || error.status === 409))
            check(text, { focusResults: false });
        },
      },
    );
  };

  const listLines = current?.check ? listLinesOf(current.check.lines) : [];

  return (
    <div className={styles.quickOrder}>
      <form
        className={styles.panel}
        onSubmit={submitCheck}
        noValidate
        aria-labelledby="quick-order-lines-title"
      >
        <h2 id="quick-order-lines-title" className={styles.title}>
          Your lines
        </h2>
        <LinesField id={LINES_ID} value={text} error={errors.lines} onChange={setText} />
        <Field
          type="file"
          label="Or upload a CSV file"
          hint="Columns: product, quantity"
          name="csv"
          accept=".csv,.txt,text/csv,text/plain"
          onChange={(event) => void upload(event as ChangeEvent<HTMLInputElement>)}
        />
        <div className={styles.actions}>
          <Button type="submit" disabled={checkLines.isPending}>
            {checkLines.isPending ? 'Checking…' : 'Check lines'}
          </Button>
        </div>
      </form>

      <section className={styles.results} aria-labelledby="quick-order-results-title">
        <h2 id="quick-order-results-title" ref={resultsRef} tabIndex={-1} className={styles.title}>
          Checked lines
        </h2>
        <p role="status" className={styles.summary}>
          {checkLines.isPending
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
                fixLines(withLineQuantity(text, row.lineNumber, row.written, quantity)),
              onMerge: () =>
                fixLines(mergeDuplicateLines(text, lineRows(current.parsed, current.check))),
              onProduct: (row, product) =>
                fixLines(withLineQuantity(text, row.lineNumber, product, row.quantity ?? 1)),
            })}
          />
        ) : null}
        {current?.check && orderable ? (
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

      <section className={styles.panel} aria-labelledby="quick-order-delivery-title">
        <h2 id="quick-order-delivery-title" className={styles.title}>
          Delivery
        </h2>
        <div className={styles.fields}>
          {deliveryFields.map((field) => (
            <Field
              key={field.name}
              {...field}
              value={delivery[field.name]}
              maxLength={TEXT_MAX_LENGTH}
              error={errors[field.name]}
              onChange={(event) => {
                draft.change((values) => ({ ...values, [field.name]: event.target.value }));
                setErrors((e) => ({ ...e, [field.name]: undefined }));
              }}
            />
          ))}
        </div>
        <div className={styles.actions}>
          <Button
            variant="secondary"
            disabled={listLines.length === 0}
            onClick={() => setSaving(true)}
          >
            Save as list
          </Button>
          <Button disabled={!orderable || placeOrder.isPending} onClick={place}>
            {placeOrder.isPending ? 'Placing…' : 'Place order'}
          </Button>
        </div>
        {!orderable ? (
          <p className={styles.hint}>Place order opens once every line can be ordered as it is.</p>
        ) : null}
      </section>

      <ListNameDialog
        key={saving ? 'open' : 'closed'}
        open={saving}
        title="Save these lines as a list"
        submitLabel="Save list"
        busy={saveList.isPending}
        error={saveList.error?.message}
        onClose={() => {
          setSaving(false);
          saveList.reset();
        }}
        onSubmit={(name) =>
          saveList.mutate(
            { name, lines: listLines },
            {
              onSuccess: () => {
                setSaving(false);
                saveList.reset();
              },
            },
          )
        }
      />
    </div>
  );
}

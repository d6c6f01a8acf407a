import { useEffect, useId, useLayoutEffect, useState, type KeyboardEvent } from 'react';
import { Field, visuallyHidden } from '@toolshop/ui';
import { ORDER_LINES_TEXT_MAX_LENGTH, skuAndName } from '@toolshop/contracts';
import { useLookupProducts, type ProductLookup } from './api/lookup-products';
import { productPartAt, withProductAt, type ProductPart } from './quick-order-lines';
import styles from './quick-order.module.css';
import { useSettled } from '../../lib/use-settled';

/** Quiet time after a keystroke before the typeahead asks the API (it is rate-limited). */
const LOOKUP_DELAY_MS = 200;

interface LinesFieldProps {
  id: string;
  value: string;
  error?: string;
  onChange: (text: string) => void;
}

const textareaOf = (id: string) => document.getElementById(id) as HTMLTextAreaElement | null;

/**
 * The lines of a quick order with a typeahead: while the caret is in a line's product
 * part, the products whose SKU or name starts with it are offered in a listbox under the field.
 * The textarea keeps its textbox role (a textarea takes no other) with aria-autocomplete="list",
 * aria-controls and aria-activedescendant, as the ARIA combobox pattern's editable element does;
 * Down and Up move through the offers, Enter picks the highlighted one (else it starts a new line
 * as always), Escape closes them. Picking writes "SKU — name" in place of the product part and keeps
 * the quantity (or adds ", " for one to be typed).
 */
export function LinesField({ id, value, error, onChange }: LinesFieldProps) {
  const listId = useId();
  const [caret, setCaret] = useState<number | null>(null);
  const [active, setActive] = useState(-1);
  /** The product part Escape closed the offers for (they stay closed until it changes). */
  const [dismissed, setDismissed] = useState<string>();
  const [caretAfterPick, setCaretAfterPick] = useState<number>();
  const part: ProductPart | undefined = caret === null ? undefined : productPartAt(value, caret);
  const wanted = part && part.prefix !== dismissed ? part.prefix : '';
  const prefix = useSettled(wanted, LOOKUP_DELAY_MS);
  const lookup = useLookupProducts(prefix);
  // While typing goes on, the offers of the last settled text stay (no flicker); none off a product part.
  const offers: ProductLookup[] = wanted && prefix ? (lookup.data ?? []) : [];
  const open = offers.length > 0;
  const optionId = (index: number) => `${listId}-option-${index}`;

  // A new set of offers starts with none highlighted: Enter still starts a new line.
  useEffect(() => setActive(-1), [wanted]);

  // After a pick the caret goes after the product (or to the quantity), once React wrote the text.
  useLayoutEffect(() => {
    const field = textareaOf(id);
    if (caretAfterPick === undefined || !field) return;
    field.setSelectionRange(caretAfterPick, caretAfterPick);
    setCaret(caretAfterPick);
    setCaretAfterPick(undefined);
  }, [caretAfterPick, value, id]);

  const readCaret = () => {
    const field = textareaOf(id);
    if (!field) return;
    setCaret(field.selectionStart === field.selectionEnd ? field.selectionStart : null);
  };

  const pick = (offer: ProductLookup) => {
    if (!part) return;
    const { text, caret: next } = withProductAt(value, part, skuAndName(offer));
    onChange(text);
    setCaretAfterPick(next);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const last = offers.length - 1;
      setActive((index) =>
        step > 0 ? (index >= last ? 0 : index + 1) : index <= 0 ? last : index - 1,
      );
      return;
    }
    if (event.key === 'Enter' && active >= 0 && offers[active]) {
      event.preventDefault();
      pick(offers[active]);
      return;
    }
    if (event.key === 'Escape') {
      // Closes the offers only, not a dialog or anything around the field.
      event.preventDefault();
      event.stopPropagation();
      setDismissed(part?.prefix);
    }
  };

  return (
    <div className={styles.typeahead}>
      <Field
        id={id}
        multiline
        rows={8}
        label="Products and quantities"
        hint="One line each: SKU or product name, quantity (for example: Cordless Drill, 5). Matching products are offered as you type: Down arrow and Enter pick one."
        name="lines"
        value={value}
        spellCheck={false}
        autoComplete="off"
        maxLength={ORDER_LINES_TEXT_MAX_LENGTH}
        error={error}
        aria-autocomplete="list"
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        onChange={(event) => {
          onChange(event.target.value);
          setCaret(
            event.target.selectionStart === event.target.selectionEnd
              ? event.target.selectionStart
              : null,
          );
        }}
        onSelect={readCaret}
        onFocus={readCaret}
        onBlur={() => setCaret(null)}
        onKeyDown={onKeyDown}
      />
      {open ? (
        <ul id={listId} role="listbox" aria-label="Matching products" className={styles.offers}>
          {offers.map((offer, index) => (
            <li
              key={offer._id}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className={styles.offer}
              // The textarea keeps the focus (and the caret) while an offer is clicked.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(offer)}
            >
              {offer.sku ? <span className={styles.offerSku}>{offer.sku}</span> : null}
              {offer.sku ? ' — ' : null}
              {offer.name}
            </li>
          ))}
        </ul>
      ) : null}
      {/* Announced politely; not a second role="status" beside the page's own summary. */}
      <p aria-live="polite" className={visuallyHidden}>
        {open
          ? `${offers.length} ${offers.length === 1 ? 'product matches' : 'products match'} "${wanted}": Down arrow to choose, Enter to pick.`
          : ''}
      </p>
    </div>
  );
}

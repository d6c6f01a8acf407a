import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button, Field } from '@toolshop/ui';
import {
  BuyingMessages,
  QUOTE_LINES_MAX,
  QUOTE_NOTE_MAX_LENGTH,
  quoteNoteError,
} from '@toolshop/contracts';
import { useRequestQuote } from './api/quotes';
import styles from './quotes.module.css';

interface DraftLine {
  key: number;
  product: string;
  quantity: string;
}

let nextKey = 0;
const emptyLine = (product = '', quantity = ''): DraftLine => ({
  key: ++nextKey,
  product,
  quantity,
});

/** Lines of products (SKU, name or id, as in Quick Order) and quantities, and a note for the shop. */
export function QuoteRequestForm({
  initialLines,
}: {
  initialLines?: ReadonlyArray<{ product: string; quantity: number }>;
}) {
  const [lines, setLines] = useState<DraftLine[]>(() =>
    initialLines?.length
      ? initialLines.map((line) => emptyLine(line.product, String(line.quantity)))
      : [emptyLine()],
  );
  const [note, setNote] = useState('');
  const [error, setError] = useState<string>();
  const request = useRequestQuote();
  const navigate = useNavigate();

  const change = (key: number, field: 'product' | 'quantity', value: string) =>
    setLines((all) => all.map((line) => (line.key === key ? { ...line, [field]: value } : line)));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const filled = lines.filter((line) => line.product.trim() || line.quantity.trim());
    const problem =
      filled.length === 0
        ? BuyingMessages.noLines
        : filled.some((line) => !line.product.trim() || !/^\d+$/.test(line.quantity.trim()))
          ? BuyingMessages.lineFormat
          : quoteNoteError(note);
    setError(problem);
    if (problem) return;
    request.mutate(
      {
        lines: filled.map((line) => ({
          product: line.product.trim(),
          quantity: Number(line.quantity),
        })),
        ...(note.trim() && { note: note.trim() }),
      },
      { onSuccess: (answer) => navigate(`/dashboard/quotes/${answer.insertedId}`) },
    );
  };

  const shown = error ?? (request.isError ? request.error.message : undefined);
  return (
    <form className={styles.panel} onSubmit={submit} noValidate aria-labelledby="quote-form-title">
      <h2 id="quote-form-title" className={styles.title}>
        Request a quote
      </h2>
      <p className={styles.hint}>
        Name each product by SKU or name, as in Quick Order; we answer with a price per line.
      </p>
      {lines.map((line, index) => (
        <div key={line.key} className={styles.line}>
          <Field
            label={`Product, line ${index + 1}`}
            value={line.product}
            autoComplete="off"
            onChange={(event) => change(line.key, 'product', event.target.value)}
          />
          <Field
            label={`Quantity, line ${index + 1}`}
            inputMode="numeric"
            value={line.quantity}
            onChange={(event) => change(line.key, 'quantity', event.target.value)}
          />
          <Button
            type="button"
            variant="secondary"
            size="small"
            disabled={lines.length === 1}
            aria-label={`Remove line ${index + 1}`}
            onClick={() => setLines((all) => all.filter((other) => other.key !== line.key))}
          >
            Remove
          </Button>
        </div>
      ))}
      <div>
        <Button
          type="button"
          variant="secondary"
          size="small"
          disabled={lines.length >= QUOTE_LINES_MAX}
          onClick={() => setLines((all) => [...all, emptyLine()])}
        >
          Add a line
        </Button>
      </div>
      <Field
        label="Note for the shop (optional)"
        multiline
        rows={3}
        maxLength={QUOTE_NOTE_MAX_LENGTH}
        value={note}
        onChange={(event) => setNote(event.target.value)}
      />
      {shown && (
        <p role="alert" className={styles.error}>
          {shown}
        </p>
      )}
      <div className={styles.actions}>
        <Button type="submit" disabled={request.isPending}>
          {request.isPending ? 'Sending…' : 'Request the quote'}
        </Button>
      </div>
    </form>
  );
}

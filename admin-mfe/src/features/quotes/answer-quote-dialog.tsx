import { useState, type FormEvent } from 'react';
import { Button, Dialog, Field } from '@toolshop/ui';
import {
  formatCount,
  QUOTE_MESSAGE_MAX_LENGTH,
  validateQuoteAnswer,
  type Quote,
} from '@toolshop/contracts';
import { useAnswerQuote, useSendQuoteMessage } from './api/quotes';
import styles from './quotes.module.css';

/** The date input's day, held until its end in UTC. */
const endOfDay = (day: string) => (day ? `${day}T23:59:59.000Z` : '');
const inTwoWeeks = () => new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);

/** Prices a quote line by line, until a day, with a message to the buyer; or only talks. */
export function AnswerQuoteDialog({ quote, onClose }: { quote: Quote; onClose: () => void }) {
  const open =
    quote.state === 'requested' || quote.state === 'answered' || quote.state === 'expired';
  const [prices, setPrices] = useState(() =>
    quote.lines.map((line) => (line.unitPrice === undefined ? '' : String(line.unitPrice))),
  );
  const [day, setDay] = useState(inTwoWeeks);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string>();
  const answer = useAnswerQuote(quote._id);
  const talk = useSendQuoteMessage(quote._id);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = {
      unitPrices: prices.map((price) => (price.trim() === '' ? Number.NaN : Number(price))),
      validUntil: endOfDay(day),
      ...(message.trim() && { message: message.trim() }),
    };
    const errors = validateQuoteAnswer(input, quote.lines.length);
    const first = errors.unitPrices ?? errors.validUntil ?? errors.message;
    setError(first);
    if (first) return;
    answer.mutate(input, { onSuccess: onClose });
  };

  const refusal = error ?? (answer.isError ? answer.error.message : undefined);
  return (
    <Dialog open title={`Quote for ${quote.email}`} onClose={onClose}>
      {quote.note && <p className={styles.hint}>Note: {quote.note}</p>}
      {quote.messages.length > 0 && (
        <ol className={styles.messages} aria-label="Messages">
          {quote.messages.map((said, index) => (
            <li key={index}>
              <strong>{said.from === 'shop' ? 'Toolshop' : said.author}:</strong> {said.text}
            </li>
          ))}
        </ol>
      )}
      {open ? (
        <form className={styles.fields} onSubmit={submit} noValidate>
          {quote.lines.map((line, index) => (
            <div key={line.toolId} className={styles.line}>
              <span>
                {formatCount(line.quantity)} × {line.name}
              </span>
              <Field
                label={`Unit price in dollars, ${line.name}`}
                inputMode="numeric"
                value={prices[index] ?? ''}
                onChange={(event) =>
                  setPrices((all) =>
                    all.map((price, at) => (at === index ? event.target.value : price)),
                  )
                }
              />
            </div>
          ))}
          <Field
            label="Prices hold until"
            type="date"
            value={day}
            onChange={(event) => setDay(event.target.value)}
          />
          <Field
            label="Message to the buyer (optional)"
            multiline
            rows={3}
            maxLength={QUOTE_MESSAGE_MAX_LENGTH}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
          />
          {refusal && (
            <p role="alert" className={styles.error}>
              {refusal}
            </p>
          )}
          <div>
            <Button type="submit" disabled={answer.isPending}>
              {answer.isPending ? 'Sending…' : 'Send the answer'}
            </Button>{' '}
            <Button type="button" variant="secondary" onClick={onClose}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <form
          className={styles.fields}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (message.trim()) talk.mutate(message.trim(), { onSuccess: () => setMessage('') });
          }}
        >
          <Field
            label="Message"
            multiline
            rows={3}
            maxLength={QUOTE_MESSAGE_MAX_LENGTH}
            value={message}
            error={talk.isError ? talk.error.message : undefined}
            onChange={(event) => setMessage(event.target.value)}
          />
          <div>
            <Button type="submit" disabled={talk.isPending}>
              Send message
            </Button>{' '}
            <Button type="button" variant="secondary" onClick={onClose}>
              Close
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

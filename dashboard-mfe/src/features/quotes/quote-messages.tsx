import { useState, type FormEvent } from 'react';
import { Button, Field } from '@toolshop/ui';
import {
  formatDateTime,
  QUOTE_MESSAGE_MAX_LENGTH,
  quoteMessageError,
  type Quote,
} from '@toolshop/contracts';
import { useSendQuoteMessage } from './api/quotes';
import styles from './quotes.module.css';

/** The talk between the buyer's side and the shop, and a form to add to it. */
export function QuoteMessages({ quote }: { quote: Quote }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const send = useSendQuoteMessage(quote._id);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = quoteMessageError(text);
    setError(problem);
    if (problem) return;
    send.mutate(text.trim(), { onSuccess: () => setText('') });
  };

  return (
    <section className={styles.panel} aria-labelledby="quote-messages-title">
      <h2 id="quote-messages-title" className={styles.title}>
        Messages
      </h2>
      {quote.messages.length === 0 ? (
        <p className={styles.hint}>No messages yet.</p>
      ) : (
        <ol className={styles.messages}>
          {quote.messages.map((message, index) => (
            <li key={index} className={styles.message}>
              <span className={styles.author}>
                {message.from === 'shop' ? 'Toolshop' : message.author} ·{' '}
                {formatDateTime(message.at)}
              </span>
              {message.text}
            </li>
          ))}
        </ol>
      )}
      <form className={styles.fields} onSubmit={submit} noValidate>
        <Field
          label="Your message"
          multiline
          rows={2}
          maxLength={QUOTE_MESSAGE_MAX_LENGTH}
          value={text}
          error={error ?? (send.isError ? send.error.message : undefined)}
          onChange={(event) => setText(event.target.value)}
        />
        <div className={styles.actions}>
          <Button type="submit" variant="secondary" disabled={send.isPending}>
            Send message
          </Button>
        </div>
      </form>
    </section>
  );
}

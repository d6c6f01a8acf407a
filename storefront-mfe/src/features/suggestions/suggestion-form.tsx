import { useState, type FormEvent } from 'react';
import { Button, Dialog, Field } from '@toolshop/ui';
import { Messages, isSuggestionComplete, type Suggestion } from '@toolshop/contracts';
import { SectionHeading } from '../../components/section-heading';
import surface from '../../components/surface.module.css';
import { useAddSuggestion } from './api/add-suggestion';
import styles from './suggestion-form.module.css';

const EMPTY: Suggestion = { email: '', opinion: '' };

/** "Tell us what to build next": both fields required, otherwise the spec's 'Oops...' dialog. */
export function SuggestionForm() {
  const [suggestion, setSuggestion] = useState<Suggestion>(EMPTY);
  const [incomplete, setIncomplete] = useState(false);
  const addSuggestion = useAddSuggestion();
  const sending = addSuggestion.isPending;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isSuggestionComplete(suggestion)) {
      setIncomplete(true);
      return;
    }
    addSuggestion.mutate(
      { email: suggestion.email.trim(), opinion: suggestion.opinion.trim() },
      { onSuccess: () => setSuggestion(EMPTY) },
    );
  }

  return (
    <section className={styles.section} aria-labelledby="suggestion-title">
      <SectionHeading
        id="suggestion-title"
        eyebrow="Your ideas"
        title="Tell us what to build next"
        lead="Missing a tool, an accessory or a battery size? Our engineers read every suggestion."
      />

      <form className={`${surface.card} ${styles.form}`} onSubmit={submit} noValidate>
        <Field
          label="Your email or name"
          autoComplete="email"
          value={suggestion.email}
          onChange={(e) => setSuggestion((s) => ({ ...s, email: e.target.value }))}
        />
        <Field
          label="Your suggestion"
          multiline
          rows={4}
          value={suggestion.opinion}
          onChange={(e) => setSuggestion((s) => ({ ...s, opinion: e.target.value }))}
        />
        <Button type="submit" disabled={sending}>
          {sending ? 'Sending…' : 'Send suggestion'}
        </Button>
      </form>

      <Dialog
        open={incomplete}
        onClose={() => setIncomplete(false)}
        title={Messages.suggestionDialogTitle}
        actions={<Button onClick={() => setIncomplete(false)}>OK</Button>}
      >
        {Messages.suggestionIncomplete}
      </Dialog>
    </section>
  );
}

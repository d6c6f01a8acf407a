import { useEffect, useId, useState, type FormEvent } from 'react';
import { Button, Dialog, Field } from '@toolshop/ui';
import { LIST_NAME_MAX_LENGTH, listNameError } from '@toolshop/contracts';
import styles from './quick-order.module.css';

interface ListNameDialogProps {
  open: boolean;
  title: string;
  submitLabel: string;
  initialName?: string;
  busy: boolean;
  /** The server's refusal (a name taken, too many lists). */
  error?: string;
  onSubmit: (name: string) => void;
  onClose: () => void;
}

/** Names a list (Save as list, Rename): the shared name rule first, then the server's answer. */
export function ListNameDialog({
  open,
  title,
  submitLabel,
  initialName = '',
  busy,
  error,
  onSubmit,
  onClose,
}: ListNameDialogProps) {
  const [name, setName] = useState(initialName);
  const [invalid, setInvalid] = useState<string>();
  const formId = useId();
  const inputId = useId();
  // The refusal is read out with the field it belongs to.
  useEffect(() => {
    if (error) document.getElementById(inputId)?.focus();
  }, [error, inputId]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = listNameError(name);
    setInvalid(problem);
    if (!problem) onSubmit(name.trim());
  };

  return (
    <Dialog
      open={open}
      title={title}
      onClose={onClose}
      actions={
        <>
          <Button variant="ghost" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={busy}>
            {busy ? 'Saving…' : submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.dialogForm} onSubmit={submit} noValidate>
        <Field
          label="List name"
          name="listName"
          value={name}
          maxLength={LIST_NAME_MAX_LENGTH + 20}
          id={inputId}
          autoFocus
          error={invalid ?? error}
          onChange={(event) => {
            setName(event.target.value);
            setInvalid(undefined);
          }}
        />
      </form>
    </Dialog>
  );
}

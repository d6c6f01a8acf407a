import { useState, type FormEvent } from 'react';
import type { Tool } from '@toolshop/contracts';
import { Button, Dialog, Field } from '@toolshop/ui';
import styles from './products-table.module.css';

interface RestockDialogProps {
  tool: Tool | null;
  busy: boolean;
  onSave: (tool: Tool, available: number) => void;
  onClose: () => void;
}

export const STOCK_INVALID = 'Enter a whole number of units, 0 or more.';

/** Sets a tool's stock (PUT /tools/{id} with available), prefilled with the current stock. */
export function RestockDialog({ tool, busy, onSave, onClose }: RestockDialogProps) {
  return (
    <Dialog open={tool !== null} title={tool ? `Stock of ${tool.name}` : 'Stock'} onClose={onClose}>
      {/* Keyed so the field starts from the chosen tool's stock every time the dialog opens. */}
      {tool && (
        <RestockForm key={tool._id} tool={tool} busy={busy} onSave={onSave} onClose={onClose} />
      )}
    </Dialog>
  );
}

function RestockForm({ tool, busy, onSave, onClose }: RestockDialogProps & { tool: Tool }) {
  const [value, setValue] = useState(String(tool.available));
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const available = Number(value);
    if (value.trim() === '' || !Number.isInteger(available) || available < 0) {
      setError(STOCK_INVALID);
      return;
    }
    onSave(tool, available);
  };

  return (
    <form onSubmit={submit} noValidate className={styles.restock}>
      <p className={styles.restockHint}>
        Currently {tool.available} in stock; the minimum order is {tool.minOrder}.
      </p>
      <Field
        label="Units in stock"
        name="available"
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        value={value}
        onChange={(event: { target: { value: string } }) => setValue(event.target.value)}
        error={error}
        autoFocus
      />
      <div className={styles.dialogActions}>
        <Button type="button" variant="ghost" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          Save stock
        </Button>
      </div>
    </form>
  );
}

import { useId, type ChangeEventHandler, type InputHTMLAttributes, type ReactNode } from 'react';
import { classNames } from '../class-names';
import styles from './field.module.css';

type FieldElement = HTMLInputElement & HTMLTextAreaElement;

export interface FieldProps extends Omit<InputHTMLAttributes<FieldElement>, 'onChange'> {
  label: ReactNode;
  /** The validation message shown under the control (and announced with it). */
  error?: string;
  hint?: ReactNode;
  /** A textarea instead of an input (`as="textarea"` does the same). */
  multiline?: boolean;
  as?: 'input' | 'textarea';
  rows?: number;
  onChange?: ChangeEventHandler<FieldElement>;
}

/** Label + input (or textarea) + hint and error text, tied together with aria-describedby. */
export function Field({
  label,
  error,
  hint,
  multiline = false,
  as,
  className,
  id: givenId,
  'aria-describedby': extraDescribedBy,
  ...control
}: FieldProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy =
    [hint ? hintId : undefined, error ? errorId : undefined, extraDescribedBy].filter(Boolean).join(' ') || undefined;
  const Control = multiline || as === 'textarea' ? 'textarea' : 'input';

  return (
    <div className={classNames(styles.field, className)}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <Control
        {...control}
        id={id}
        className={styles.control}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {hint && (
        <span id={hintId} className={styles.hint}>
          {hint}
        </span>
      )}
      {error && (
        <span id={errorId} className={styles.error}>
          {error}
        </span>
      )}
    </div>
  );
}

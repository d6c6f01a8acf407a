import {
  useId,
  type ChangeEventHandler,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
} from 'react';
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
export function Field({ multiline = false, as, ...props }: FieldProps) {
  const Control = multiline || as === 'textarea' ? 'textarea' : 'input';
  return <LabelledControl {...props} render={(control) => <Control {...control} />} />;
}

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: ReactNode;
  /** The validation message shown under the select (and announced with it). */
  error?: string;
  hint?: ReactNode;
}

/** Field's label, hint and error around a select; its options are the children. */
export function SelectField(props: SelectFieldProps) {
  return <LabelledControl {...props} render={(control) => <select {...control} />} />;
}

type ControlProps = Record<string, unknown> & { id: string; className?: string };

function LabelledControl({
  label,
  error,
  hint,
  className,
  id: givenId,
  'aria-describedby': extraDescribedBy,
  render,
  ...control
}: {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  className?: string;
  id?: string;
  'aria-describedby'?: string;
  render: (control: ControlProps) => ReactNode;
}) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy =
    [hint ? hintId : undefined, error ? errorId : undefined, extraDescribedBy]
      .filter(Boolean)
      .join(' ') || undefined;

  return (
    <div className={classNames(styles.field, className)}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {render({
        ...control,
        id,
        className: styles.control,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
      })}
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

import { useState } from 'react';
import { ORDER_REASON_MAX_LENGTH } from '@toolshop/contracts';
import { Field, type FieldProps } from '../field/field';

/**
 * A reason the other side reads (a customer's return, an admin's refusal): its text, the message
 * shown when it is missing, and the check a form runs before it submits.
 */
export function useRequiredReason(missing: string) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  return {
    reason,
    /** Whether a reason was given; if not, `missing` shows under the field. */
    check: () => {
      if (reason.trim()) return true;
      setError(missing);
      return false;
    },
    field: {
      value: reason,
      error,
      onChange: (event: { target: { value: string } }) => {
        setReason(event.target.value);
        setError(undefined);
      },
    },
  };
}

/** The reason's field: a required textarea of at most ORDER_REASON_MAX_LENGTH characters. */
export function ReasonField(props: Omit<FieldProps, 'name' | 'multiline'> & { label: string }) {
  return (
    <Field
      name="reason"
      multiline
      rows={3}
      required
      maxLength={ORDER_REASON_MAX_LENGTH}
      autoFocus
      {...props}
    />
  );
}

import { useLayoutEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { FieldErrors } from '@toolshop/contracts';
import { errorMessage } from './auth-card';
import { firstInvalidField } from '../../lib/login-state';

/**
 * State of the /login and /signup forms: the spec's validation messages per field, then the
 * identity provider's message (shown under the form) when the call itself fails. A failed check moves
 * focus to the first field with an error.
 */
export function useAuthForm<F extends string>(
  initial: Record<F, string>,
  validate: (values: Record<F, string>) => FieldErrors<F>,
  send: (values: Record<F, string>) => Promise<void>,
  initialProviderError = '',
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [providerError, setProviderError] = useState(initialProviderError);
  const [busy, setBusy] = useState(false);
  // The page may come prerendered: its fields take keys (and a password manager's autofill) before
  // React runs. React hydrates them as they are; their values go into the state in the same commit,
  // before any render could write the empty initial values back over them.
  const controls = useRef(new Map<F, HTMLInputElement | null>());
  useLayoutEffect(() => {
    setValues((current) => {
      let found = current;
      for (const [name, input] of controls.current)
        if (input && input.value !== current[name]) found = { ...found, [name]: input.value };
      return found;
    });
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    setProviderError('');
    const invalid = firstInvalidField(Object.keys(initial) as F[], found);
    if (invalid) {
      const input = (event.currentTarget as HTMLFormElement).elements.namedItem(invalid);
      if (input instanceof HTMLElement) input.focus();
      return;
    }
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await send(values);
    } catch (caught) {
      setProviderError(errorMessage(caught));
      setBusy(false);
    }
  };

  const field = (name: F) => ({
    name,
    value: values[name],
    error: errors[name],
    ref: (input: HTMLInputElement | null) => void controls.current.set(name, input),
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
  });

  return { submit, field, busy, providerError, setProviderError };
}

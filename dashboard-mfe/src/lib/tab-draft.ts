import { useEffect, useRef, useState } from 'react';

/** Far above any form field's rule: a longer stored value is not one of ours. */
const VALUE_MAX_LENGTH = 5000;

const storageKey = (form: string) => `toolshop.draft.${form}`;

function forgetStored(form: string): void {
  try {
    sessionStorage.removeItem(storageKey(form));
  } catch {
    // storage off: nothing was kept
  }
}

/** The fields of `base` that the same account kept for the form; a draft of another account is dropped. */
function restore<V extends Record<string, string>>(
  form: string,
  email: string,
  base: V,
): V | undefined {
  let stored: { email?: unknown; values?: Record<string, unknown> } | null;
  try {
    stored = JSON.parse(sessionStorage.getItem(storageKey(form)) ?? 'null') as typeof stored;
  } catch {
    return undefined;
  }
  if (!stored?.values || typeof stored.values !== 'object') return undefined;
  if (stored.email !== email) {
    forgetStored(form);
    return undefined;
  }
  const kept = stored.values;
  const restored: Record<string, string> = { ...base };
  for (const name of Object.keys(base)) {
    const value = kept[name];
    if (typeof value === 'string' && value.length <= VALUE_MAX_LENGTH) restored[name] = value;
  }
  return restored as V;
}

/**
 * What the signed-in user typed into a form, kept for the browser tab (sessionStorage) from the first
 * edit on, so that being sent to sign in again (an expired session) or going Back and Forward does not
 * lose it: the page mounts afresh and finds it again. Per account: another account signing in in the
 * same tab never sees it. `forget` once the form's work is done (sent and accepted).
 */
export function useTabDraft<V extends Record<string, string>>(
  form: string,
  email: string,
  initial: () => V,
  { handedOver = false } = {},
) {
  const [values, setValues] = useState<V>(() => {
    const base = initial();
    // Values handed to the form (Order again, a saved list) replace an older draft.
    if (handedOver) {
      forgetStored(form);
      return base;
    }
    return restore(form, email, base) ?? base;
  });
  const edited = useRef(false);
  useEffect(() => {
    // Signed out with the form still on screen ("Sign in again"), it renders once more without an
    // account: the draft stays the one kept for the account that typed it.
    if (!edited.current || !email) return;
    try {
      sessionStorage.setItem(storageKey(form), JSON.stringify({ email, values }));
    } catch {
      // storage off or full: the draft lives as long as the page
    }
  }, [form, email, values]);
  return {
    values,
    change(update: (current: V) => V) {
      edited.current = true;
      setValues(update);
    },
    forget(next?: V) {
      edited.current = false;
      forgetStored(form);
      if (next) setValues(next);
    },
  };
}

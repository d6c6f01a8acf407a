import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import type { OrderDraft } from './order-draft';
import { reorderDraft } from './reorder';

/**
 * The half-typed order of a tool, kept for the tab (sessionStorage) while the shopper is sent to
 * sign in again or goes Back and Forward: the page mounts afresh each time. Only what the form
 * holds (name, address, phone, quantity, PO number: never payment data), per tool and for the account that
 * typed it, so another account signing in in the same tab never sees it. Dropped once the order
 * is placed.
 */
interface KeptOrderDraft extends OrderDraft {
  /** The account that typed it. */
  email: string;
  /** The history entry it was typed in: an "Order again" opening a new entry wins over it. */
  entry: string;
}

const fields = ['userName', 'address', 'phone', 'quantity'] as const;
/** Far above any field's rule: a stored value past it is not ours. */
const FIELD_MAX_LENGTH = 2000;

const keyOf = (toolId: string) => `toolshop.orderDraft.${toolId}`;

export function keepOrderDraft(
  toolId: string,
  email: string,
  entry: string,
  draft: OrderDraft,
): void {
  try {
    const kept: KeptOrderDraft = { email, entry, ...draft };
    sessionStorage.setItem(keyOf(toolId), JSON.stringify(kept));
  } catch {
    // storage off or full: the draft lives as long as the page, as before
  }
}

export function dropOrderDraft(toolId: string): void {
  try {
    sessionStorage.removeItem(keyOf(toolId));
  } catch {
    // nothing kept
  }
}

function parse(raw: string | null): KeptOrderDraft | undefined {
  if (!raw) return undefined;
  try {
    const value = JSON.parse(raw) as Record<string, unknown> | null;
    if (!value || typeof value.email !== 'string' || typeof value.entry !== 'string')
      return undefined;
    const draft = { email: value.email, entry: value.entry } as KeptOrderDraft;
    for (const field of fields) {
      const text = value[field];
      if (typeof text !== 'string' || text.length > FIELD_MAX_LENGTH) return undefined;
      draft[field] = text;
    }
    // Optional: drafts kept before the PO number have none.
    const { purchaseOrder } = value;
    if (typeof purchaseOrder === 'string' && purchaseOrder.length <= FIELD_MAX_LENGTH)
      draft.purchaseOrder = purchaseOrder;
    return draft;
  } catch {
    return undefined;
  }
}

/**
 * The draft this account kept for the tool, with the history entry it was typed in; a draft of
 * another account is dropped.
 */
export function keptOrderDraft(
  toolId: string,
  email: string,
): { draft: OrderDraft; entry: string } | undefined {
  let kept: KeptOrderDraft | undefined;
  try {
    kept = parse(sessionStorage.getItem(keyOf(toolId)));
  } catch {
    return undefined;
  }
  if (!kept) return undefined;
  if (kept.email !== email) {
    dropOrderDraft(toolId);
    return undefined;
  }
  const { email: _email, entry, ...draft } = kept;
  void _email;
  return { draft, entry };
}

/**
 * The order form's draft: the one kept for this tool and account when there is one (back from
 * signing in, Back/Forward), else a fresh one with what "Order again" handed over; kept again at
 * every edit. A new history entry of "Order again" wins over a kept draft.
 */
export function useKeptOrderDraft(toolId: string, email: string, fresh: () => OrderDraft) {
  const location = useLocation();
  const [draft, setDraft] = useState<OrderDraft>(() => {
    const reorder = reorderDraft(location.state);
    const kept = keptOrderDraft(toolId, email);
    if (kept && (Object.keys(reorder).length === 0 || kept.entry === location.key))
      return kept.draft;
    return { ...fresh(), ...reorder };
  });
  const edited = useRef(false);
  useEffect(() => {
    // Signed out with the form still on screen ("Sign in again"), it renders once more without an
    // account: the draft stays the one kept for the account that typed it.
    if (edited.current && email) keepOrderDraft(toolId, email, location.key, draft);
  }, [toolId, email, location.key, draft]);
  return {
    draft,
    /** A change the shopper made: kept for the tab. */
    edit(change: (draft: OrderDraft) => OrderDraft) {
      edited.current = true;
      setDraft(change);
    },
    /** The order was placed: nothing left to keep. */
    done() {
      edited.current = false;
      dropOrderDraft(toolId);
    },
    /** A new, untouched draft ("Place another order"). */
    restart(next: OrderDraft) {
      edited.current = false;
      setDraft(next);
    },
  };
}

import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError, useAuth } from '@toolshop/auth';
import type { Tool } from '@toolshop/contracts';
import {
  draftPrice,
  largestOrder,
  parseQuantity,
  quantityError,
  toNewOrder,
  validateOrderDraft,
  type OrderDraft,
  type OrderDraftErrors,
} from './order-draft';
import { useMemberPrice } from '../../lib/member-price';
import { firstInvalidOrderField, type PlacedOrder } from './placed-order';
import { useKeptOrderDraft } from './kept-order-draft';
import { usePlaceOrder } from './api/place-order';

export interface OrderFormEvents {
  /** Called after the server accepted the order, with the quantity taken from the stock (the stock shown refreshes itself). */
  onOrdered?: (quantity: number) => void;
  /** Called when the server refused the order, e.g. because the stock changed meanwhile (it is read again). */
  onRejected?: () => void;
}

/**
 * The order form's state and steps: the draft (kept for the tab), its checks, the order placed
 * (shown instead of the form, so a second click cannot duplicate it) and a fresh start after it.
 */
export function useOrderForm(tool: Tool, { onOrdered, onRejected }: OrderFormEvents) {
  const user = useAuth((s) => s.user);
  const emptyDraft = (): OrderDraft => ({
    userName: user?.displayName ?? '',
    address: '',
    phone: '',
    quantity: String(tool.minOrder),
    purchaseOrder: '',
  });
  // "Order again" from My Orders prefills the earlier order's quantity, address and phone; a draft
  // kept for the tab (sent to sign in again, Back/Forward) comes back as it was typed.
  const { draft, edit, done, restart } = useKeptOrderDraft(tool._id, user?.email ?? '', emptyDraft);
  const [errors, setErrors] = useState<OrderDraftErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  // The API no longer takes the session (expired, revoked): offer to sign in again, the draft is kept.
  const [sessionEnded, setSessionEnded] = useState(false);
  const placeOrder = usePlaceOrder();
  const [placed, setPlaced] = useState<PlacedOrder | null>(null);
  const placedRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const [focusForm, setFocusForm] = useState(false);
  useEffect(() => {
    if (placed) placedRef.current?.focus();
  }, [placed]);
  useEffect(() => {
    if (!focusForm) return;
    setFocusForm(false);
    formRef.current?.querySelector<HTMLElement>('[name="address"]')?.focus();
  }, [focusForm]);

  const quantity = parseQuantity(draft.quantity);
  const company = useMemberPrice(tool._id).data?.company;
  const price = draftPrice(draft.quantity, tool, company);

  const update = (field: keyof OrderDraft, value: string) => {
    edit((d) => ({ ...d, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateOrderDraft(draft, tool);
    setErrors(found);
    const invalid = firstInvalidOrderField(found);
    if (invalid) {
      const control = event.currentTarget.elements.namedItem(invalid);
      if (control instanceof HTMLElement) control.focus();
      return;
    }

    setServerError(null);
    setSessionEnded(false);
    setPlaced(null);
    placeOrder.mutate(toNewOrder(draft, tool._id), {
      onSuccess: ({ insertedId }) => {
        done();
        setPlaced({
          id: insertedId,
          quantity,
          total: price?.total ?? 0,
          address: draft.address.trim(),
        });
        onOrdered?.(quantity);
      },
      onError: (error) => {
        setServerError(
          error instanceof ApiError
            ? error.message
            : 'The order could not be placed. Please try again.',
        );
        setSessionEnded(error instanceof ApiError && error.status === 401);
        onRejected?.();
      },
    });
  };

  const placeAnother = () => {
    setPlaced(null);
    restart(emptyDraft());
    setErrors({});
    setFocusForm(true);
  };

  return {
    email: user?.email ?? '',
    draft,
    errors,
    update,
    quantity,
    quantityMessage: quantityError(draft.quantity, tool),
    price,
    /** The shopper's company, when its price list prices this tool. */
    company,
    outOfStock: largestOrder(tool) < tool.minOrder,
    serverError,
    sessionEnded,
    submitting: placeOrder.isPending,
    submit,
    placed,
    placedRef,
    formRef,
    placeAnother,
  };
}

export type OrderFormState = ReturnType<typeof useOrderForm>;

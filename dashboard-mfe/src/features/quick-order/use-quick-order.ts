import { useEffect, useEffectEvent, useRef, useState, type ChangeEvent } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, useAuth } from '@toolshop/auth';
import {
  ORDER_LINES_TEXT_MAX_LENGTH,
  BuyingMessages,
  DeliveryMessages,
  purchaseOrderError,
  type ParsedOrderLines,
  type QuickOrderCheck,
} from '@toolshop/contracts';
import { useTabDraft } from '../../lib/tab-draft';
import { isOrderable, listLinesOf, orderLinesOf, readLines } from './quick-order-lines';
import { useCheckLines } from './api/check-lines';
import { usePlaceQuickOrder } from './api/place-quick-order';

export interface QuickOrderStart {
  /** The lines to start with (a saved list, an earlier order): checked at once. */
  initialText?: string;
  address?: string;
  phone?: string;
}

export interface Checked {
  text: string;
  parsed: ParsedOrderLines;
  /** Absent when no line could be read (nothing was sent). */
  check?: QuickOrderCheck;
}

export type DeliveryName = 'address' | 'phone' | 'purchaseOrder';
export type QuickOrderErrors = Partial<Record<'lines' | DeliveryName, string>>;

export const LINES_ID = 'quick-order-lines';
/** The delivery fields' ids, in the order a missing one is focused. */
export const DELIVERY_IDS: Record<DeliveryName, string> = {
  address: 'quick-order-address',
  phone: 'quick-order-phone',
  purchaseOrder: 'quick-order-purchase-order',
};

/** The lines' check by the API: what was checked, its answer, and the lines' own error. */
function useLinesCheck(setRefusal: (refusal: string | undefined) => void) {
  const [checked, setChecked] = useState<Checked>();
  const [linesError, setLinesError] = useState<string>();
  const checkLines = useCheckLines();
  const resultsRef = useRef<HTMLHeadingElement>(null);

  const check = (lines: string, { focusResults = true } = {}) => {
    const read = readLines(lines);
    if (!read.parsed) {
      setLinesError(read.error);
      document.getElementById(LINES_ID)?.focus();
      return;
    }
    setLinesError(undefined);
    const { parsed } = read;
    const show = (answer?: QuickOrderCheck) => {
      setChecked({ text: lines, parsed, check: answer });
      if (focusResults) setTimeout(() => resultsRef.current?.focus());
    };
    if (parsed.lines.length === 0) return show();
    checkLines.mutate(
      parsed.lines.map(({ product, quantity }) => ({ product, quantity })),
      {
        onSuccess: show,
        onError: (error) =>
          setRefusal(
            error instanceof ApiError
              ? error.message
              : 'The lines could not be checked. Please try again.',
          ),
      },
    );
  };
  return { checked, check, linesError, setLinesError, checking: checkLines.isPending, resultsRef };
}

/**
 * Quick order's state and steps: the lines typed (kept for the tab), their check by the API, the
 * fixes the check offers, the delivery details and the placing of the order.
 */
export function useQuickOrder({
  initialText = '',
  address: initialAddress = '',
  phone: initialPhone = '',
}: QuickOrderStart) {
  const user = useAuth((s) => s.user);
  const navigate = useNavigate();
  // What was typed is kept for the tab (signing in again, Back and Forward), unless lines were handed over.
  const draft = useTabDraft(
    'quickOrder',
    user?.email ?? '',
    () => ({ text: initialText, address: initialAddress, phone: initialPhone, purchaseOrder: '' }),
    { handedOver: initialText !== '' },
  );
  const { text, ...delivery } = draft.values;
  const setText = (next: string) => draft.change((values) => ({ ...values, text: next }));
  const [deliveryErrors, setDeliveryErrors] = useState<Omit<QuickOrderErrors, 'lines'>>({});
  const [refusal, setRefusal] = useState<string>();
  const { checked, check, linesError, setLinesError, checking, resultsRef } =
    useLinesCheck(setRefusal);
  const placeOrder = usePlaceQuickOrder();
  const errors: QuickOrderErrors = { ...deliveryErrors, lines: linesError };

  // Lines handed over (a saved list, Order again) are checked at once: one click less.
  const autoChecked = useRef(false);
  const checkHandedOver = useEffectEvent((lines: string) => check(lines, { focusResults: false }));
  useEffect(() => {
    if (autoChecked.current || !initialText) return;
    autoChecked.current = true;
    checkHandedOver(initialText);
  }, [initialText]);

  const current = checked && checked.text === text ? checked : undefined;
  const orderable = Boolean(current?.check && isOrderable(current.parsed, current.check));

  /** Lines changed by hand, a file or a fix: checked again at once (not for typing). */
  const replaceLines = (next: string) => {
    setText(next);
    setRefusal(undefined);
    check(next);
  };

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > ORDER_LINES_TEXT_MAX_LENGTH * 4) {
      setLinesError(BuyingMessages.textTooLong);
      return;
    }
    replaceLines(await file.text());
  };

  const checkTyped = () => {
    setRefusal(undefined);
    check(text);
  };

  const changeDelivery = (name: DeliveryName, value: string) => {
    draft.change((values) => ({ ...values, [name]: value }));
    setDeliveryErrors((e) => ({ ...e, [name]: undefined }));
  };

  const place = () => {
    if (!current?.check || !orderable) return;
    const address = delivery.address.trim();
    const phone = delivery.phone.trim();
    const purchaseOrder = delivery.purchaseOrder.trim();
    const found: Omit<QuickOrderErrors, 'lines'> = {
      address: address ? undefined : DeliveryMessages.address,
      phone: phone ? undefined : DeliveryMessages.phone,
      purchaseOrder: purchaseOrderError(purchaseOrder),
    };
    setDeliveryErrors(found);
    const missing = (Object.keys(DELIVERY_IDS) as DeliveryName[]).find((name) => found[name]);
    if (missing) {
      document.getElementById(DELIVERY_IDS[missing])?.focus();
      return;
    }
    setRefusal(undefined);
    placeOrder.mutate(
      {
        lines: orderLinesOf(current.check),
        address,
        phone,
        ...(user?.displayName ? { userName: user.displayName } : {}),
        ...(purchaseOrder ? { purchaseOrder } : {}),
      },
      {
        onSuccess: ({ insertedId }) => {
          draft.forget();
          navigate(`/dashboard/payment/${encodeURIComponent(insertedId)}`);
        },
        onError: (error) => {
          setRefusal(
            error instanceof ApiError
              ? error.message
              : 'The order could not be placed. Please try again.',
          );
          // A line broke a rule or the stock went meanwhile: the lines show what changed.
          if (error instanceof ApiError && (error.status === 400 || error.status === 409))
            check(text, { focusResults: false });
        },
      },
    );
  };

  return {
    text,
    setText,
    delivery,
    changeDelivery,
    errors,
    checked,
    current,
    orderable,
    refusal,
    checking,
    placing: placeOrder.isPending,
    resultsRef,
    listLines: current?.check ? listLinesOf(current.check.lines) : [],
    checkTyped,
    upload,
    replaceLines,
    place,
  };
}

export type QuickOrderState = ReturnType<typeof useQuickOrder>;

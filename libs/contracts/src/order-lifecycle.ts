import { ApiMessages, PaymentMessages } from './messages';

/**
 * The order lifecycle, declared once: its states, the actions that move an order between them, who
 * may take each, and what each does to stock and the customer's mail. The API takes every change
 * through this table (a change it does not list is a 409); both remotes show the actions it allows.
 */

/** Every state an order can be in, in the order a normal one passes them. */
export const ORDER_STATES = [
  'awaiting_approval',
  'unpaid',
  'on_account',
  'paid',
  'shipped',
  'delivered',
  'return_requested',
  'return_approved',
  'return_received',
  'refunded',
  'cancelled',
  'expired',
  'declined',
] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** The states of an order being returned: what the admins' "returns" filter lists. */
export const RETURN_STATES = ['return_requested', 'return_approved', 'return_received'] as const;

/** What an order list may be filtered by: one state, or every return under way. */
export const ORDER_STATE_FILTERS = [...ORDER_STATES, 'returns'] as const;
export type OrderStateFilter = (typeof ORDER_STATE_FILTERS)[number];

/** The states a filter lists. */
export function statesOf(filter: OrderStateFilter): readonly OrderState[] {
  return filter === 'returns' ? RETURN_STATES : [filter];
}

/**
 * Who takes an action: the order's customer, an admin, the shop itself (the expiry sweep), or an
 * owner or approver of the company the order was placed for (never its own buyer).
 */
export type OrderRole = 'customer' | 'admin' | 'system' | 'approver';

export type OrderAction =
  | 'approve'
  | 'approveOnAccount'
  | 'decline'
  | 'recordPayment'
  | 'pay'
  | 'ship'
  | 'deliver'
  | 'cancel'
  | 'expire'
  | 'requestReturn'
  | 'approveReturn'
  | 'rejectReturn'
  | 'receiveReturn'
  | 'refund'
  | 'refundPart';

/**
 * What a timeline entry records: placed, each state entered, a rejected return (back to delivered)
 * or a refund of some of the units.
 */
export type OrderEvent =
  | 'placed'
  | 'approved'
  | Exclude<OrderState, 'unpaid' | 'awaiting_approval'>
  | 'return_rejected'
  | 'refunded_in_part';

/** Never back to awaiting approval: an order is placed in it, once (unpaid: placed, or approved). */
type EnteredState = Exclude<OrderState, 'awaiting_approval'>;

export interface OrderTransition {
  from: readonly OrderState[];
  /** The state it enters: one, or one for each state it is taken from. */
  to: EnteredState | Readonly<Partial<Record<OrderState, EnteredState>>>;
  by: readonly OrderRole[];
  /** Puts the order's units back in stock when they never left the warehouse (see holdsGoods). */
  releasesStock: boolean;
  /** The customer gets an email about it. */
  emails: boolean;
  /** The timeline's name for it when not the state it enters. */
  event?: OrderEvent;
}

export const ORDER_TRANSITIONS: Readonly<Record<OrderAction, OrderTransition>> = {
  // A company buyer's order above their monthly limit (or any, as the company decides) waits for
  // an owner or approver; it holds its stock meanwhile and expires like an unpaid one.
  approve: {
    from: ['awaiting_approval'],
    to: 'unpaid',
    by: ['approver'],
    releasesStock: false,
    emails: true,
    event: 'approved',
  },
  // A company with net terms: approved, the order is invoiced to its account instead of paid by card.
  approveOnAccount: {
    from: ['awaiting_approval'],
    to: 'on_account',
    by: ['approver'],
    releasesStock: false,
    emails: true,
    event: 'approved',
  },
  // An admin records the company's payment of an order on account (its credit is free again).
  recordPayment: {
    from: ['on_account'],
    to: 'paid',
    by: ['admin'],
    releasesStock: false,
    emails: true,
  },
  decline: {
    from: ['awaiting_approval'],
    to: 'declined',
    by: ['approver'],
    releasesStock: true,
    emails: true,
  },
  pay: { from: ['unpaid'], to: 'paid', by: ['customer'], releasesStock: false, emails: true },
  ship: { from: ['paid'], to: 'shipped', by: ['admin'], releasesStock: false, emails: true },
  deliver: {
    from: ['shipped'],
    to: 'delivered',
    by: ['admin'],
    releasesStock: false,
    emails: true,
  },
  cancel: {
    from: ['awaiting_approval', 'unpaid'],
    to: 'cancelled',
    by: ['customer', 'admin'],
    releasesStock: true,
    emails: false,
  },
  expire: {
    from: ['awaiting_approval', 'unpaid'],
    to: 'expired',
    by: ['system'],
    releasesStock: true,
    emails: true,
  },
  requestReturn: {
    from: ['shipped', 'delivered'],
    to: 'return_requested',
    by: ['customer'],
    releasesStock: false,
    emails: true,
  },
  approveReturn: {
    from: ['return_requested'],
    to: 'return_approved',
    by: ['admin'],
    releasesStock: false,
    emails: true,
  },
  // The customer has the goods: a refused return leaves the order delivered.
  rejectReturn: {
    from: ['return_requested'],
    to: 'delivered',
    by: ['admin'],
    releasesStock: false,
    emails: true,
    event: 'return_rejected',
  },
  receiveReturn: {
    from: ['return_approved'],
    to: 'return_received',
    by: ['admin'],
    releasesStock: false,
    emails: false,
  },
  refund: {
    from: ['paid', 'shipped', 'delivered', 'return_received'],
    to: 'refunded',
    by: ['admin'],
    releasesStock: true,
    emails: true,
  },
  // Some units refunded: the order goes on (the rest still ships); a returned part is done with.
  refundPart: {
    from: ['paid', 'shipped', 'delivered', 'return_received'],
    to: { paid: 'paid', shipped: 'shipped', delivered: 'delivered', return_received: 'delivered' },
    by: ['admin'],
    releasesStock: true,
    emails: true,
    event: 'refunded_in_part',
  },
};

/** The state `action` takes an order in `from` to (undefined: it is not taken from there). */
export function nextState(action: OrderAction, from: OrderState): EnteredState | undefined {
  const { to, from: sources } = ORDER_TRANSITIONS[action];
  if (!sources.includes(from)) return undefined;
  return typeof to === 'string' ? to : to[from];
}

/** The states whose units are in the warehouse (reserved, not yet shipped, or returned): a release puts them back in stock. */
export function holdsGoods(state: OrderState): boolean {
  return (
    state === 'awaiting_approval' ||
    state === 'unpaid' ||
    state === 'on_account' ||
    state === 'paid' ||
    state === 'return_received'
  );
}

/** The longest reason an admin or a customer gives for a refund, a return or its refusal. */
export const ORDER_REASON_MAX_LENGTH = 500;

/** The states an order leaves the customer's and the admins' daily lists in (it stays, findable by state). */
export const CLOSED_UNFULFILLED_STATES: readonly OrderState[] = ['cancelled', 'expired'];

/**
 * The states of an order not yet paid that still holds its stock: the expiry sweep closes them at
 * reservedUntil, and each keeps one of the customer's unpaid-order slots.
 */
export const OPEN_UNPAID_STATES = ['awaiting_approval', 'unpaid'] as const;

/**
 * The states whose orders do not count against a company buyer's monthly limit: closed before
 * payment, declined, or refunded in full.
 */
export const NOT_SPENT_STATES: readonly OrderState[] = [
  'cancelled',
  'expired',
  'declined',
  'refunded',
];

/** Net terms a company may be granted: days from placing an order on account to its due date. */
export const NET_TERMS_DAYS = [30, 60] as const;
export type NetTermsDays = (typeof NET_TERMS_DAYS)[number];

/** An order on account whose due date has passed: "Overdue" in My Orders and Manage All Orders. */
export function isOverdue(
  order: { state?: OrderState; dueAt?: string | Date },
  now = new Date(),
): boolean {
  return (
    order.state === 'on_account' &&
    order.dueAt !== undefined &&
    new Date(order.dueAt).getTime() < now.getTime()
  );
}

export const AccountMessages = {
  onAccount: 'This order is on your company’s account: it is paid by invoice, not by card',
  netDaysInvalid: `netDays must be one of ${NET_TERMS_DAYS.join(', ')}`,
  creditLimitInvalid: 'creditLimit must be a whole number of dollars from 0 to 10000000',
  overCredit: (remaining: number) =>
    `This order is over your company’s remaining credit ($${remaining}): ask the shop to raise it, or wait until a payment is recorded`,
  termsSaved: 'Payment terms saved',
  paymentRecorded: 'Payment recorded',
} as const;

/** The longest reason an approver gives for declining an order. */
export const DECLINE_REASON_MAX_LENGTH = ORDER_REASON_MAX_LENGTH;

export const ApprovalMessages = {
  awaiting: 'This order is awaiting approval by your company: it cannot be paid yet',
  reasonRequired: `Give a reason for declining, 1 to ${ORDER_REASON_MAX_LENGTH} characters`,
  approveInvalid: 'approve must be true or false',
  notYourOwn: 'You cannot approve or decline your own order',
  notAwaiting: (state: OrderState) =>
    `This order is not awaiting approval: it is ${ORDER_STATE_LABELS[state].toLowerCase()}`,
  approversOnly: 'Only the company’s owners and approvers can approve orders',
  approved: 'Order approved',
  declined: 'Order declined',
} as const;

/** May `role` take `action` on an order in `state`? */
export function canTake(action: OrderAction, state: OrderState, roles: readonly OrderRole[]) {
  const transition = ORDER_TRANSITIONS[action];
  return transition.from.includes(state) && transition.by.some((role) => roles.includes(role));
}

/** The actions `roles` may take on an order in `state`, in the table's order. */
export function allowedActions(state: OrderState, roles: readonly OrderRole[]): OrderAction[] {
  return (Object.keys(ORDER_TRANSITIONS) as OrderAction[]).filter((action) =>
    canTake(action, state, roles),
  );
}

/** How the pages name each state. */
export const ORDER_STATE_LABELS: Readonly<Record<OrderState, string>> = {
  awaiting_approval: 'Awaiting approval',
  unpaid: 'Unpaid',
  on_account: 'On account',
  paid: 'Paid',
  shipped: 'Shipped',
  delivered: 'Delivered',
  return_requested: 'Return requested',
  return_approved: 'Return approved',
  return_received: 'Return received',
  refunded: 'Refunded',
  cancelled: 'Canceled',
  expired: 'Expired',
  declined: 'Declined',
};

const DONE: Readonly<Record<OrderAction, string>> = {
  approve: 'approved',
  approveOnAccount: 'approved',
  decline: 'declined',
  recordPayment: 'paid',
  pay: 'paid',
  ship: 'approved for shipping',
  deliver: 'marked delivered',
  cancel: 'canceled',
  expire: 'expired',
  requestReturn: 'returned',
  approveReturn: 'approved for return',
  rejectReturn: 'refused for return',
  receiveReturn: 'received back',
  refund: 'refunded',
  refundPart: 'refunded in part',
};

/** The 409's message for an action the order's state does not allow. */
export function refusalOf(action: OrderAction, state: OrderState): string {
  if (action === 'pay' && state === 'awaiting_approval') return ApprovalMessages.awaiting;
  if (action === 'pay' && state === 'on_account') return AccountMessages.onAccount;
  const decides = action === 'approve' || action === 'approveOnAccount' || action === 'decline';
  if (decides && state !== 'declined') return ApprovalMessages.notAwaiting(state);
  const wasPaid =
    !(OPEN_UNPAID_STATES as readonly OrderState[]).includes(state) &&
    state !== 'declined' &&
    !CLOSED_UNFULFILLED_STATES.includes(state);
  if (action === 'cancel' && wasPaid) return ApiMessages.paidOrderNotCancelable;
  if (action === 'ship' && state === 'unpaid') return ApiMessages.onlyPaidOrdersShip;
  if (action === 'pay' && wasPaid) return PaymentMessages.alreadyPaid;
  const refunds = action === 'refund' || action === 'refundPart';
  if (refunds && state === 'unpaid') return 'Only a paid order can be refunded';
  if (action === 'refundPart' && state === 'refunded') return 'This order is already refunded';
  if (ORDER_TRANSITIONS[action].to === state) return `This order is already ${DONE[action]}`;
  return `This order is ${ORDER_STATE_LABELS[state].toLowerCase()}: it cannot be ${DONE[action]}`;
}

/** The state of an order answered by an API from before states (paid and shipped only). */
export function orderState(order: {
  state?: OrderState;
  paid: boolean;
  shipped: boolean;
}): OrderState {
  if (order.state) return order.state;
  if (order.shipped) return 'shipped';
  return order.paid ? 'paid' : 'unpaid';
}

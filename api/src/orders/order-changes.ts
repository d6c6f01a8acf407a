import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import {
  allowedActions,
  ApiMessages,
  CLOSED_UNFULFILLED_STATES,
  RETURN_WINDOW_DAYS,
  nextState,
  ORDER_TRANSITIONS,
  orderState,
  refusalOf,
  statesOf,
  type OrderAction,
  type OrderRole,
  type OrderState,
  type OrderStateFilter,
} from '@toolshop/contracts';
import type { Model, QueryFilter, UpdateQuery } from 'mongoose';
import { conflict, notFound, type DomainError } from '../common/domain-error';
import { countOf, type Page } from '../common/pagination';
import { Order } from './order.schema';
import type { OrderTimelineEntry } from './order-timeline';

/** What an order list answers: the payment reference and slot bookkeeping stay server-side. */
export const PUBLIC_FIELDS = {
  paymentIntentId: 0,
  unpaidSlot: 0,
  stockReleased: 0,
  // Who refunded is in the timeline for admins; the state it came from is the timeline's too.
  'refunds.by': 0,
  'refunds.from': 0,
  'refunds.stockReleased': 0,
};
/**
 * Newest first is the ObjectId order (an id starts with its creation second): the primary key
 * serves it as an index scan from the end, at any page, where a sort by createdAt would read and
 * sort the whole filtered set (DocumentDB orders by an index only by the primary key).
 */
export const NEWEST_FIRST = { _id: -1 } as const;

/** The orders of a state filter; without one, every order but the closed (cancelled, expired). */
export function ordersInState(filter: OrderStateFilter | undefined): QueryFilter<Order> {
  if (!filter) return { state: { $nin: CLOSED_UNFULFILLED_STATES } };
  const states = statesOf(filter);
  return states.length === 1 ? { state: states[0] } : { state: { $in: [...states] } };
}

/**
 * How many orders `ordersInState()` (no filter) matches: every order less the closed ones, two
 * counts an index serves, where a count of "not closed" reads every open order (at 50,000 orders
 * 38-50 ms against 5-11).
 */
export async function countOpenOrders(orders: Model<Order>): Promise<number> {
  const [all, closed] = await Promise.all([
    countOf(orders),
    orders.countDocuments({ state: { $in: [...CLOSED_UNFULFILLED_STATES] } }),
  ]);
  return all - closed;
}

/** A caller's roles on an order: its customer, else an admin (nobody else may read it). */
export const rolesOf = (owner: string, caller: string): OrderRole[] =>
  owner === caller ? ['customer'] : ['admin'];

/** An order as answered: its state, and the actions the asking roles may take on it now. */
export function withActions<T extends object>(
  order: T,
  roles: readonly OrderRole[],
  now = new Date(),
) {
  // A lean read with an exclusion projection is typed loosely; these are always read.
  const fields = order as Partial<Order>;
  const state = orderState({
    state: fields.state,
    paid: Boolean(fields.paid),
    shipped: Boolean(fields.shipped),
  });
  const actions = allowedActions(state, roles).filter(
    (action) => action !== 'requestReturn' || returnWindowOpen(fields, now),
  );
  return { ...order, state, allowedActions: actions };
}

/** Whether a return may still be asked for: within RETURN_WINDOW_DAYS of delivery (or shipping). */
export function returnWindowOpen(
  order: Partial<Pick<Order, 'deliveredAt' | 'shippedAt'>>,
  now = new Date(),
): boolean {
  const from = order.deliveredAt ?? order.shippedAt;
  return !from || now.getTime() - new Date(from).getTime() <= RETURN_WINDOW_DAYS * 86_400_000;
}

/**
 * A page of orders, newest first, with the total when the page was asked for. `byKey`: walk the
 * primary key from its end and filter on the way, for filters that match many recent orders (the
 * admin's states: unpaid orders expire within days, paid ones wait days to ship); the planner
 * would rather sort every match of the state's index (paid page 100: 112 ms against 21 ms).
 */
export async function listOrders(
  orders: Model<Order>,
  filter: QueryFilter<Order>,
  page: Page,
  {
    byKey = false,
    count = () => countOf(orders, filter),
  }: { byKey?: boolean; count?: () => Promise<number> } = {},
) {
  const query = orders
    .find(filter, PUBLIC_FIELDS)
    .sort(NEWEST_FIRST)
    .skip(page.skip)
    .limit(page.limit);
  const [items, total] = await Promise.all([
    (byKey ? query.hint({ _id: 1 }) : query).lean(),
    page.requested ? count() : Promise.resolve(undefined),
  ]);
  return { orders: items, total };
}

/** Who takes a change, as the timeline records it (the admin's email in `actor`). */
export interface OrderChangeBy {
  role: OrderRole;
  actor?: string;
}

/** What a change writes besides the state, and what else the order must match for it. */
export interface OrderChangeParts {
  /** The state the order was read in: required by an action whose next state depends on it. */
  from?: OrderState;
  where?: QueryFilter<Order>;
  /** Array entries appended in the same write (a refund). */
  push?: Record<string, unknown>;
  set?: UpdateQuery<Order>['$set'];
  unset?: Record<string, 1>;
  /** Facts the timeline entry records with the event (carrier, transaction, amount…). */
  entry?: Partial<OrderTimelineEntry>;
}

/**
 * Every state change of an order goes through `take`: the lifecycle's action, allowed only from its
 * declared states and to its declared roles, as one conditional write (the database applies it
 * atomically, so of two racing changes only one finds the order in a state it allows), with the
 * timeline entry pushed in the same write.
 */
@Injectable()
export class OrderChanges {
  constructor(@InjectModel(Order.name) private readonly orders: Model<Order>) {}

  /** Applies `action`; false for a missing order, one in another state or not matching `where`. */
  async take(
    id: string,
    action: OrderAction,
    by: OrderChangeBy,
    { from, where = {}, set = {}, unset, push, entry = {} }: OrderChangeParts = {},
  ): Promise<boolean> {
    const { from: sources, to, by: roles, event: named } = ORDER_TRANSITIONS[action];
    // A role the lifecycle does not give the action is a caller's bug, not a request's choice.
    if (!roles.includes(by.role)) throw new Error(`${by.role} may not ${action} an order`);
    const next = from ? nextState(action, from) : typeof to === 'string' ? to : undefined;
    if (from && !next) return false;
    if (!next) throw new Error(`${action} needs the state the order was read in`);
    // Back to unpaid (an approval) is never a state the timeline names: the action names it.
    const eventName = named ?? (next === 'unpaid' ? undefined : next);
    if (!eventName) throw new Error(`${action} needs a timeline event of its own`);
    const event: OrderTimelineEntry = {
      event: eventName,
      at: new Date(),
      by: by.role,
      ...(by.actor && { actor: by.actor }),
      ...entry,
    };
    const result = await this.orders.updateOne(
      // `where` may narrow the state further (a refund from the state it read): both must hold.
      { _id: id, $and: [{ state: from ?? { $in: sources } }, where] },
      {
        $set: { ...set, state: next },
        ...(unset && { $unset: unset }),
        $push: { ...push, timeline: event },
      },
    );
    return result.modifiedCount > 0;
  }

  /** Why `action` was not taken: 404 for an unknown order, else 409 with the lifecycle's words. */
  async refusal(id: string, action: OrderAction): Promise<DomainError> {
    const order = await this.orders.findById(id, { state: 1 }).lean();
    if (!order) return notFound(ApiMessages.orderNotFound);
    return conflict(refusalOf(action, order.state));
  }

  /** `take`, or its refusal thrown. */
  async require(
    id: string,
    action: OrderAction,
    by: OrderChangeBy,
    parts?: OrderChangeParts,
  ): Promise<void> {
    if (!(await this.take(id, action, by, parts))) throw await this.refusal(id, action);
  }

  /**
   * Whether the holder of a stock hold still keeps the stock: an order (`<id>`) that exists and
   * that no change gave back, or one refund of it (`<id>-refund-<n>`) that has not put its units
   * back. A hold left by a process that died mid-change is settled by this.
   */
  async keepsStock(holder: string): Promise<boolean> {
    const [id, refund] = holder.split(REFUND_HOLD);
    if (refund === undefined)
      return Boolean(await this.orders.exists({ _id: id, stockReleased: { $ne: true } }));
    return Boolean(
      await this.orders.exists({
        _id: id,
        [`refunds.${Number(refund)}.stockReleased`]: { $ne: true },
      }),
    );
  }
}

const REFUND_HOLD = '-refund-';

/** Who holds the stock a refund gives back, while it is given back (see keepsStock). */
export const refundHolder = (id: string, index: number) => `${id}${REFUND_HOLD}${index}`;

import { ForbiddenException, Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import {
  AccountMessages,
  ApiMessages,
  ApprovalMessages,
  CompanyMessages,
  monthStartIn,
  NOT_SPENT_STATES,
  type OrderAwaitingApproval,
} from '@toolshop/contracts';
import type { Model, Types } from 'mongoose';
import { approves, CompanyBuying } from '../companies/company-buying';
import { conflict, invalid, notFound } from '../common/domain-error';
import { DatabaseLocks } from '../common/lease-locks';
import { API_CONFIG, type ApiConfig } from '../config/config';
import { ORDER_FACT_FIELDS } from '../notifications/order-emails';
import { OrderNotifications } from '../notifications/order-notifications';
import { CancelableOrders } from './cancelable-orders';
import { OrderChanges, type OrderChangeBy } from './order-changes';
import type { ApprovalDto, ApprovalResponse } from './order-approval.dto';
import { Order } from './order.schema';
import { UnpaidOrderSlots } from './unpaid-order-slots';

const DAY_MS = 86_400_000;

/** One placement or approval of a company's orders at a time (monthly limits and credit). */
export const companyOrdersLock = (companyId: Types.ObjectId) =>
  `company-orders:${String(companyId)}`;

/** An order on account is due this many days after it went on account. */
export const dueDate = (netDays: number, now = new Date()) =>
  new Date(now.getTime() + netDays * DAY_MS);

/** What the company owes on account now: its orders on account, not yet recorded as paid. */
export async function outstandingOnAccount(
  orders: Model<Order>,
  companyId: Types.ObjectId,
): Promise<number> {
  const [row] = await orders.aggregate<{ total: number }>([
    { $match: { companyId, state: 'on_account' } },
    { $group: { _id: null, total: { $sum: '$totalPrice' } } },
  ]);
  return row?.total ?? 0;
}

/** The orders awaiting approval an approver's list shows at most (oldest wait the longest). */
const AWAITING_LIST_MAX = 100;

/**
 * What `email` has spent for `companyId` this month in its time zone: one aggregation over the
 * orders' { companyId, email, createdAt } index, never a counter that could drift. Orders closed
 * unpaid, declined or refunded in full do not count; one awaiting approval does.
 */
export async function spentThisMonth(
  orders: Model<Order>,
  companyId: Types.ObjectId,
  email: string,
  timeZone: string,
  now = new Date(),
): Promise<number> {
  const [row] = await orders.aggregate<{ total: number }>([
    {
      $match: {
        companyId,
        email,
        createdAt: { $gte: monthStartIn(timeZone, now) },
        state: { $nin: [...NOT_SPENT_STATES] },
      },
    },
    { $group: { _id: null, total: { $sum: '$totalPrice' } } },
  ]);
  return row?.total ?? 0;
}

/**
 * A company's owners and approvers decide on their buyers' orders awaiting approval: approve (the
 * buyer pays it, with a fresh reservation) or decline with a reason (its stock goes back). Each
 * decision is the lifecycle's conditional change, so of two approvers at once one decides.
 */
@Injectable()
export class OrderApprovals {
  constructor(
    @InjectModel(Order.name) private readonly orders: Model<Order>,
    private readonly changes: OrderChanges,
    private readonly cancelable: CancelableOrders,
    private readonly companies: CompanyBuying,
    private readonly notifications: OrderNotifications,
    private readonly locks: DatabaseLocks,
    private readonly slots: UnpaidOrderSlots,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  /**
   * POST /orders/{id}/approval. Anyone outside the order's company (admins included: approval is
   * the company's own decision) gets 404, as for a missing order; its buyers 403.
   */
  async decide(id: string, caller: string, input: ApprovalDto): Promise<ApprovalResponse> {
    const order = await this.orders
      .findById(id, { ...ORDER_FACT_FIELDS, companyId: 1, state: 1 })
      .lean();
    const member = await this.companies.membershipOf(caller);
    if (!order?.companyId || !member || !member.companyId.equals(order.companyId))
      throw notFound(ApiMessages.orderNotFound);
    if (!approves(member.role)) throw new ForbiddenException(ApprovalMessages.approversOnly);
    if (order.email === caller) throw new ForbiddenException(ApprovalMessages.notYourOwn);
    if (order.state !== 'awaiting_approval')
      throw await this.changes.refusal(id, input.approve ? 'approve' : 'decline');
    const by: OrderChangeBy = { role: 'approver', actor: caller };
    const facts = { ...order, id };
    const account = input.approve && (await this.companies.accountOf(order.companyId));
    if (account) {
      const companyId = order.companyId;
      // Under the placements' lock: the credit it takes is not taken by an order placed meanwhile.
      return this.locks.run(companyOrdersLock(companyId), async () => {
        const remaining =
          account.creditLimit - (await outstandingOnAccount(this.orders, companyId));
        if (order.totalPrice > remaining)
          throw conflict(AccountMessages.overCredit(Math.max(0, remaining)));
        const dueAt = dueDate(account.netDays);
        await this.changes.require(id, 'approveOnAccount', by, {
          set: { dueAt },
          unset: { reservedUntil: 1, unpaidSlot: 1 },
        });
        await this.slots.releaseOrder(id);
        await this.notifications.onAccount({ ...facts, dueAt });
        return { state: 'on_account' as const };
      });
    }
    if (input.approve) {
      // The buyer gets a full reservation to pay in from now.
      const reservedUntil = new Date(Date.now() + this.config.unpaidOrderTtlSeconds * 1000);
      await this.changes.require(id, 'approve', by, { set: { reservedUntil } });
      await this.notifications.approved({ ...facts, reservedUntil }, caller);
      return { state: 'unpaid' };
    }
    const reason = input.reason;
    if (!reason) throw invalid(ApprovalMessages.reasonRequired);
    const held = await this.cancelable.findCancelable(id);
    const closed = await this.cancelable.closeAndGiveBack(id, held, 'decline', by, {
      set: { declineReason: reason },
      entry: { reason },
    });
    if (!closed) throw await this.changes.refusal(id, 'decline');
    await this.notifications.declined(facts, caller, reason);
    return { state: 'declined' };
  }

  /** GET /companies/mine/approvals: the caller's company's orders awaiting approval, oldest first. */
  async awaiting(caller: string): Promise<OrderAwaitingApproval[]> {
    const member = await this.companies.membershipOf(caller);
    if (!member) throw notFound(CompanyMessages.notMember);
    if (!approves(member.role)) throw new ForbiddenException(ApprovalMessages.approversOnly);
    const orders = await this.orders
      .find(
        { companyId: member.companyId, state: 'awaiting_approval' },
        {
          number: 1,
          email: 1,
          userName: 1,
          name: 1,
          orderQuantity: 1,
          totalPrice: 1,
          purchaseOrder: 1,
          createdAt: 1,
        },
      )
      .sort({ _id: 1 })
      .limit(AWAITING_LIST_MAX)
      .lean();
    return orders.map((order) => ({
      _id: String(order._id),
      ...(order.number && { number: order.number }),
      email: order.email,
      ...(order.userName && { userName: order.userName }),
      name: order.name,
      orderQuantity: order.orderQuantity,
      totalPrice: order.totalPrice,
      ...(order.purchaseOrder && { purchaseOrder: order.purchaseOrder }),
      createdAt: order.createdAt.toISOString(),
    }));
  }
}

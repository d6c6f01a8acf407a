import type { OrderAction, OrderEvent, OrderRole, OrderState } from './order-lifecycle';
import type { OrderRefund, RefundLine } from './order-refunds';
import type { OrderLine, PriceTier } from './buying';
import type { ToolCategory } from './catalog';

/** Entities of SPEC.md §3, as the API sends them (ids as strings). */
export interface Tool {
  _id: string;
  name: string;
  img: string;
  shortDescription: string;
  minOrder: number;
  available: number;
  /** Whole dollars. */
  price: number;
  /** One of TOOL_CATEGORIES; products saved before categories have none ("Other"). */
  category?: ToolCategory;
  /** Stock-keeping unit, unique, upper-case (SKU_PATTERN); every product has one once the API started. */
  sku?: string;
  /** Stock below this is low (default 2 x minOrder). */
  lowStockThreshold?: number;
  /** Sold in multiples of this (a box of 5 blades); absent means 1. */
  packSize?: number;
  /** Lower unit prices from a quantity on, ascending (buying.ts); `price` applies below the first. */
  priceTiers?: PriceTier[];
}

export type NewTool = Omit<Tool, '_id'>;

export interface Order {
  _id: string;
  /** Id of the ordered tool (added to the spec: a product name cannot identify stock). */
  toolId: string;
  /** Product name. */
  name: string;
  /** The order's short human number (`TS-100234`, ORDER_NUMBER_PREFIX), given when it is placed; unique. */
  number?: string;
  /** A single-tool order: the product's SKU when ordered (a multi-line order's are on its lines); older orders have none. */
  sku?: string;
  /** The buyer's own purchase order number, if they gave one (purchase-order.ts). */
  purchaseOrder?: string;
  userName: string;
  img: string;
  email: string;
  address: string;
  phone: string;
  orderQuantity: number;
  /** Whole dollars: orderQuantity × unitPrice (a multi-line order: the sum of its lines). */
  totalPrice: number;
  /** Whole dollars a unit, from the tool's price tiers when ordered (orders from before tiers have none). */
  unitPrice?: number;
  /**
   * A multi-line order (quick order, saved list): its lines. The order's own toolId, name and img
   * are its first line's, orderQuantity and totalPrice the sums.
   */
  lines?: OrderLine[];
  /** A company member's order: the company's id (its approvers decide when it awaits approval). */
  companyId?: string;
  /** An order on account: ISO date its invoice is due; past it the order is overdue. */
  dueAt?: string;
  /** A declined order: the approver's reason. */
  declineReason?: string;
  /** Kept beside `state` for the spec's clients: paid once paid (also when refunded later), shipped once shipped. */
  paid: boolean;
  shipped: boolean;
  /** Where the order is in its lifecycle (order-lifecycle.ts); absent in answers of an API from before it. */
  state?: OrderState;
  /** The number of the invoice issued when it was paid. */
  invoiceNumber?: number;
  /** Its refunds, oldest first: whole dollars for some or all units, each with its credit note once confirmed. */
  refunds?: OrderRefund[];
  /** The customer's latest return request; `lines` when only some units go back. */
  return?: { reason: string; requestedAt: string; lines?: RefundLine[] };
  /** What the asking user may do with it now (the lifecycle's actions for their roles). */
  allowedActions?: OrderAction[];
  transactionId?: string;
  createdAt?: string;
  /** Unpaid orders only: the stock is held until then; after it the order is cancelled (expired). */
  reservedUntil?: string;
  /** Shipped orders: what the admin entered on approval (both optional). */
  carrier?: string;
  trackingNumber?: string;
  /** The order's history, oldest first; written with each state change. Orders from before it have none. */
  timeline?: OrderTimelineEntry[];
}

/** Who did it: the customer, an admin (actor = their email) or the shop itself (the expiry sweep). */
export type OrderActor = OrderRole;

export interface OrderTimelineEntry {
  event: OrderEvent;
  /** ISO date-time. */
  at: string;
  by: OrderActor;
  /** The admin's email when by = admin. */
  actor?: string;
  carrier?: string;
  trackingNumber?: string;
  transactionId?: string;
  /** A refund: the whole dollars given back, and the admin's reason if they gave one. */
  amount?: number;
  reason?: string;
  /** A refund or return of some units: which. */
  lines?: RefundLine[];
}

/** Longest carrier name and tracking number an admin may enter on approval. */
export const CARRIER_MAX_LENGTH = 60;
export const TRACKING_NUMBER_MAX_LENGTH = 60;
/** Letters, digits, spaces and - _ . / # only (a tracking number is printed in emails and pages). */
export const TRACKING_NUMBER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 ._/#-]*$/;

/** What PATCH /adminOrders/{id} may carry (everything optional: the spec's call sends neither). */
export interface ShippingDetails {
  carrier?: string;
  trackingNumber?: string;
}

/** What the order form sends; the server fills in the rest from the token and the tool. */
export interface NewOrder {
  toolId: string;
  address: string;
  phone: string;
  orderQuantity: number;
  userName?: string;
  /** The buyer's purchase order number (optional; purchase-order.ts). */
  purchaseOrder?: string;
}

/** One day of GET /adminOrders/stats (days are UTC, oldest first; revenue = paid orders' totalPrice). */
export interface OrderDayStats {
  /** YYYY-MM-DD */
  day: string;
  orders: number;
  revenue: number;
}

export interface Review {
  _id: string;
  email: string;
  customerName: string;
  opinion: string;
  rating: number;
  /** The product the review is about, if the author named one. */
  toolId?: string;
  /** The author has a paid order (of the reviewed product, if it names one; computed when read). */
  verifiedBuyer?: boolean;
  /** An admin hid it from the public list; only its author and admins still see it. */
  hidden?: boolean;
  /** ISO date. */
  createdAt?: string;
}

/** PATCH /reviews/{id} (admins): hide or show a review in the public list. */
export interface ReviewVisibility {
  hidden: boolean;
}

/** What the audit log records: every admin action. */
export const AUDIT_ACTIONS = [
  'user.makeAdmin',
  'product.add',
  'product.restock',
  'product.edit',
  'product.delete',
  'order.cancel',
  'order.approve',
  'order.deliver',
  'order.refund',
  'order.return',
  'review.hide',
  'review.unhide',
  'image.upload',
  'company.prices',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One entry of GET /audit: who (the admin's email), when (ISO date), what. */
export interface AuditEntry {
  _id: string;
  actor: string;
  action: AuditAction;
  /** The id (or email) the action was on. */
  targetId: string;
  /** A product's name, when the request named it. */
  targetName?: string;
  /** What changed, e.g. { available: 40 } for a restock. */
  details?: Record<string, unknown>;
  /** The fields the action changed, as they were, e.g. { available: 10 } (none for a creation). */
  before?: Record<string, unknown>;
  /** The same fields as the action left them, e.g. { available: 40 }. */
  after?: Record<string, unknown>;
  at: string;
}

export interface NewReview {
  opinion: string;
  rating: number;
  /** Optional: the product reviewed (GET /reviews?toolId= lists a product's reviews). */
  toolId?: string;
}

/** The answers about a review's product. */
export const ReviewMessages = {
  toolIdInvalid: 'toolId must be the id of a product',
  toolNotFound: 'There is no product with this toolId',
} as const;

export interface Suggestion {
  /** Labelled 'Your email or name'. */
  email: string;
  opinion: string;
}

export interface UserProfile {
  _id: string;
  email: string;
  location?: string;
  phone?: string;
  education?: string;
  linkedIn?: string;
  /** Optional billing details for invoices. */
  company?: string;
  taxId?: string;
  role?: 'admin' | string;
}

export type ProfileFields = Pick<
  UserProfile,
  'email' | 'location' | 'phone' | 'education' | 'linkedIn'
>;

export interface AuthUser {
  email: string;
  displayName: string;
}

/** Answers of SPEC.md §7. */
export interface InsertedAnswer {
  acknowledged: boolean;
  insertedId: string;
}
export interface ModifiedAnswer {
  acknowledged: boolean;
  matchedCount: number;
  modifiedCount: number;
}
export interface DeletedAnswer {
  acknowledged: boolean;
  deletedCount: number;
}
export interface AdminAnswer {
  admin: boolean;
}
export interface PaymentIntentAnswer {
  clientSecret: string;
}
/**
 * GET /orders/{id}/payment: the payment's real state, read before a retry. `paid` (do not pay
 * again), `processing` (money on its way; do not pay again yet) or `unpaid` (not charged).
 */
export interface PaymentStatusAnswer {
  state: 'paid' | 'processing' | 'unpaid';
  /** The order's paid flag after the check (an unrecorded success is recorded by it). */
  paid: boolean;
  /** The provider's PaymentIntent status, or null when no payment was started. */
  intentStatus: string | null;
  /** The payment id of a paid order. */
  transactionId?: string;
}

/** The one error shape of the API. */
export interface ApiErrorBody {
  statusCode: number;
  message: string | string[];
  error: string;
}

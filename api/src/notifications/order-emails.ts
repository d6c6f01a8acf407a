import {
  formatDollars,
  renderEmail,
  type EmailParagraph,
  type ShippingDetails,
} from '@toolshop/contracts';
import type { Mail } from '../mail/mail.service';

/** What the order emails name; plain data, so this folder never depends on orders. */
export interface OrderFacts {
  id: string;
  email: string;
  name: string;
  orderQuantity: number;
  /** Whole dollars. */
  totalPrice: number;
  /** A multi-line order's lines; `name` then says "Drill and 2 more". */
  lines?: Array<{ name: string; orderQuantity: number; unitPrice: number; totalPrice: number }>;
  userName?: string;
  reservedUntil?: Date;
  transactionId?: string;
  /** The human order number (orders made before numbering have none: their id is shown). */
  number?: number | string;
  /** The buyer's own purchase order number, if they gave one. */
  purchaseOrder?: string;
}

/** The stored order's fields OrderFacts comes from: the projection of every read for an email. */
export const ORDER_FACT_FIELDS = {
  number: 1,
  purchaseOrder: 1,
  email: 1,
  name: 1,
  userName: 1,
  orderQuantity: 1,
  totalPrice: 1,
  lines: 1,
} as const;

const dateTime = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});

/** "25 Nov 2026, 18:30 UTC": an email is read anywhere, so the time zone is named. */
export function formatUtc(date: Date): string {
  return `${dateTime.format(date)} UTC`;
}

type Line = EmailParagraph;

/** Where an order's emails link to, on the shop's public origin. */
export interface ShopLinks {
  shopUrl: string;
}
const myOrdersUrl = ({ shopUrl }: ShopLinks) => `${shopUrl}/dashboard/myOrders`;
/** My Orders with this order's row marked and scrolled to. */
const orderUrl = (links: ShopLinks, order: Pick<OrderFacts, 'id'>) =>
  `${myOrdersUrl(links)}?order=${encodeURIComponent(order.id)}`;
const paymentUrl = ({ shopUrl }: ShopLinks, order: Pick<OrderFacts, 'id'>) =>
  `${shopUrl}/dashboard/payment/${encodeURIComponent(order.id)}`;

/** The carriers of the admin's approve dialog, each with its public tracking page ("Other": none). */
const TRACKING_PAGES: Record<string, (trackingNumber: string) => string> = {
  ups: (number) => `https://www.ups.com/track?tracknum=${number}`,
  fedex: (number) => `https://www.fedex.com/fedextrack/?trknbr=${number}`,
  usps: (number) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${number}`,
  dhl: (number) =>
    `https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id=${number}`,
};

/** The carrier's public tracking page of a parcel, when the carrier is one we know. */
export function trackingUrl(shipping: ShippingDetails): string | undefined {
  const page = TRACKING_PAGES[(shipping.carrier ?? '').trim().toLowerCase()];
  const number = shipping.trackingNumber?.trim();
  return page && number ? page(encodeURIComponent(number)) : undefined;
}

/** Builds both parts of one email in the shop's layout. */
function compose(
  to: string,
  subject: string,
  greeting: string,
  paragraphs: Line[],
  links: ShopLinks,
  action?: { label: string; href: string },
  after: Line[] = [],
): Mail {
  return {
    to,
    subject,
    ...renderEmail({ greeting, paragraphs, action, after, shopUrl: links.shopUrl }),
  };
}

/** The order's human number once it has one, its id before; then the buyer's PO number, when given. */
const orderReferences = (order: Pick<OrderFacts, 'id' | 'number' | 'purchaseOrder'>): Line[] => [
  [
    'Order number: ',
    { code: order.number !== undefined && order.number !== null ? String(order.number) : order.id },
  ],
  ...(order.purchaseOrder ? [['PO number: ', { code: order.purchaseOrder }]] : []),
];
const seeOrders = (links: ShopLinks): Line => [
  'Your orders, their invoices and their status are in ',
  { link: 'My Orders', href: myOrdersUrl(links) },
  '.',
];

const hello = (order: Pick<OrderFacts, 'userName'>) =>
  order.userName ? `Hello ${order.userName},` : 'Hello,';
/** "2 × Drill", or a multi-line order's name ("Drill and 2 more"). */
const summary = (order: Pick<OrderFacts, 'name' | 'orderQuantity' | 'lines'>) =>
  order.lines?.length ? order.name : `${order.orderQuantity} × ${order.name}`;
const item = (order: Pick<OrderFacts, 'name' | 'orderQuantity' | 'lines'>): Line => [
  { strong: summary(order) },
];

/** Each line of a multi-line order: "10 × Saw blades at $12: $120". */
const lineItems = (order: Pick<OrderFacts, 'lines'>): Line[] =>
  (order.lines ?? []).map((line) => [
    { strong: `${line.orderQuantity} × ${line.name}` },
    ` at ${formatDollars(line.unitPrice)}: ${formatDollars(line.totalPrice)}`,
  ]);

export function orderPlacedEmail(order: OrderFacts, links: ShopLinks): Mail {
  const pay = { label: 'Pay for your order', href: paymentUrl(links, order) };
  return compose(
    order.email,
    `Order received: ${summary(order)}`,
    hello(order),
    [
      ['Thank you for your order of ', ...item(order), ` for ${formatDollars(order.totalPrice)}.`],
      ...lineItems(order),
      order.reservedUntil
        ? [
            'The tools are reserved for you until ',
            { strong: formatUtc(order.reservedUntil) },
            '. Pay for the order in My Orders before then; an unpaid order is cancelled after that time.',
          ]
        : ['Pay for the order in My Orders.'],
      ...orderReferences(order),
    ],
    links,
    pay,
    [seeOrders(links)],
  );
}

export function paymentReceiptEmail(order: OrderFacts, links: ShopLinks): Mail {
  return compose(
    order.email,
    `Payment receipt: ${summary(order)}`,
    hello(order),
    [
      ['We received your payment for ', ...item(order), '.'],
      ...lineItems(order),
      ['Amount paid: ', { strong: formatDollars(order.totalPrice) }],
      ['Transaction id: ', { code: order.transactionId ?? '' }],
      ...orderReferences(order),
      ['We will email you again when the order ships. The invoice is ready in My Orders.'],
    ],
    links,
    { label: 'View your order', href: orderUrl(links, order) },
  );
}

export function orderShippedEmail(
  order: OrderFacts,
  shipping: ShippingDetails,
  links: ShopLinks,
): Mail {
  const details: Line[] = [];
  const tracking = trackingUrl(shipping);
  if (shipping.carrier) details.push(['Carrier: ', { strong: shipping.carrier }]);
  if (shipping.trackingNumber)
    details.push(['Tracking number: ', { code: shipping.trackingNumber }]);
  return compose(
    order.email,
    `Your order of ${order.name} has shipped`,
    hello(order),
    [
      ['Your order of ', ...item(order), ' is on its way.'],
      ...lineItems(order),
      ...details,
      ...orderReferences(order),
    ],
    links,
    tracking
      ? { label: `Track your parcel with ${shipping.carrier?.trim()}`, href: tracking }
      : { label: 'View your order', href: orderUrl(links, order) },
    tracking ? [seeOrders(links)] : [],
  );
}

export function orderDeliveredEmail(order: OrderFacts, links: ShopLinks): Mail {
  return compose(
    order.email,
    `Your order of ${order.name} was delivered`,
    hello(order),
    [
      ['Your order of ', ...item(order), ' was delivered.'],
      ...lineItems(order),
      ...orderReferences(order),
      ['We hope the tools serve you well. Reviews help other buyers choose.'],
    ],
    links,
    { label: 'View your order', href: orderUrl(links, order) },
  );
}

/** Some units of an order, named: "1 × Drill". */
export interface NamedUnits {
  name: string;
  quantity: number;
}

/** A refund as its email tells it; `units` when only some of the order's units were refunded. */
export interface RefundFacts {
  amount: number;
  reason?: string;
  units?: NamedUnits[];
}

const unitLines = (units: readonly NamedUnits[]): Line[] =>
  units.map((unit) => [{ strong: `${unit.quantity} × ${unit.name}` }]);

export function orderRefundedEmail(order: OrderFacts, refund: RefundFacts, links: ShopLinks): Mail {
  const part = refund.units;
  return compose(
    order.email,
    part
      ? `Part of your order of ${order.name} was refunded`
      : `Your order of ${order.name} was refunded`,
    hello(order),
    [
      ...(part
        ? [
            ['We refunded these units of your order of ', ...item(order), ':'] as Line,
            ...unitLines(part),
          ]
        : [['We refunded your order of ', ...item(order), '.'] as Line, ...lineItems(order)]),
      ['Amount refunded: ', { strong: formatDollars(refund.amount) }],
      ...(refund.reason ? [['Reason: ', refund.reason] as Line] : []),
      ['The money goes back to the card you paid with; your bank may take a few days to show it.'],
      ...orderReferences(order),
    ],
    links,
    { label: 'View your order', href: orderUrl(links, order) },
  );
}

const RETURN_NEWS = {
  requested: {
    subject: 'We received your return request',
    text: 'We received your request to return',
    next: 'We will email you once we have looked at it.',
  },
  approved: {
    subject: 'Your return is approved',
    text: 'Your return is approved for',
    next: 'Send the tools back to 42 Foundry Lane, Pittsburgh, PA 15222. We refund the card you paid with once they arrive.',
  },
  rejected: {
    subject: 'Your return was refused',
    text: 'We cannot accept the return of',
    next: 'Reply to this email if you would like to talk about it.',
  },
} as const;

/** A return's news; `units` when only some of the order's units go back. */
export function orderReturnEmail(
  order: OrderFacts,
  news: keyof typeof RETURN_NEWS,
  reason: string | undefined,
  links: ShopLinks,
  units?: NamedUnits[],
): Mail {
  const words = RETURN_NEWS[news];
  return compose(
    order.email,
    `${words.subject}: ${order.name}`,
    hello(order),
    [
      ...(units
        ? [[`${words.text} these units of `, ...item(order), ':'] as Line, ...unitLines(units)]
        : [[`${words.text} `, ...item(order), '.'] as Line, ...lineItems(order)]),
      ...(reason ? [['Reason: ', reason] as Line] : []),
      [words.next],
      ...orderReferences(order),
    ],
    links,
    { label: 'View your order', href: orderUrl(links, order) },
  );
}

export function orderExpiringEmail(
  order: OrderFacts & { reservedUntil: Date },
  links: ShopLinks,
): Mail {
  return compose(
    order.email,
    `Your unpaid order of ${order.name} expires soon`,
    hello(order),
    [
      ['Your order of ', ...item(order), ' is not paid yet.'],
      ...lineItems(order),
      [
        'The tools stay reserved for you until ',
        { strong: formatUtc(order.reservedUntil) },
        '. Pay for it in My Orders before then, or it will be cancelled.',
      ],
      ...orderReferences(order),
    ],
    links,
    { label: 'Pay for your order', href: paymentUrl(links, order) },
    [seeOrders(links)],
  );
}

/** What the "order expired" email names of an order (expiry reads no more of it). */
export type ExpiredOrderFacts = Pick<
  OrderFacts,
  'id' | 'email' | 'name' | 'orderQuantity' | 'lines' | 'userName' | 'number' | 'purchaseOrder'
>;

export function orderExpiredEmail(order: ExpiredOrderFacts, links: ShopLinks): Mail {
  return compose(
    order.email,
    `Your unpaid order of ${order.name} has expired`,
    hello(order),
    [
      [
        'Your order of ',
        ...item(order),
        ' was not paid in time, so it has been cancelled and the tools are back in stock. You are welcome to order again at any time.',
      ],
      ...lineItems(order),
      ...orderReferences(order),
    ],
    links,
    { label: 'Order again', href: myOrdersUrl(links) },
  );
}

/** A company buyer's order above their limit: it waits for the company's owner or approver. */
export function orderAwaitingApprovalEmail(order: OrderFacts, links: ShopLinks): Mail {
  return compose(
    order.email,
    `Order awaiting approval: ${summary(order)}`,
    hello(order),
    [
      [
        'Your order of ',
        ...item(order),
        ` for ${formatDollars(order.totalPrice)} needs the approval of your company’s owner or approver. The tools are held for you meanwhile; we email you as soon as it is decided.`,
      ],
      ...lineItems(order),
      ...orderReferences(order),
    ],
    links,
    { label: 'See your order', href: orderUrl(links, order) },
  );
}

/** The company approved it: it can be paid now, before reservedUntil. */
export function orderApprovedEmail(
  order: OrderFacts & { reservedUntil: Date },
  approver: string,
  links: ShopLinks,
): Mail {
  return compose(
    order.email,
    `Order approved: ${summary(order)}`,
    hello(order),
    [
      [
        { strong: approver },
        ' approved your order of ',
        ...item(order),
        ` for ${formatDollars(order.totalPrice)}.`,
      ],
      [
        'The tools are reserved for you until ',
        { strong: formatUtc(order.reservedUntil) },
        '. Pay for the order before then; an unpaid order is cancelled after that time.',
      ],
      ...orderReferences(order),
    ],
    links,
    { label: 'Pay for your order', href: paymentUrl(links, order) },
  );
}

/** The company declined it, with the approver's reason; its tools are back in stock. */
export function orderDeclinedEmail(
  order: OrderFacts,
  approver: string,
  reason: string,
  links: ShopLinks,
): Mail {
  return compose(
    order.email,
    `Order declined: ${summary(order)}`,
    hello(order),
    [
      [{ strong: approver }, ' declined your order of ', ...item(order), '.'],
      ['Reason: ', { strong: reason }],
      ...orderReferences(order),
    ],
    links,
    { label: 'See your order', href: orderUrl(links, order) },
  );
}

const day = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });

/** An order of a company with net terms: on its account, its invoice due on `dueAt`. */
export function orderOnAccountEmail(order: OrderFacts & { dueAt: Date }, links: ShopLinks): Mail {
  return compose(
    order.email,
    `Order on account: ${summary(order)}`,
    hello(order),
    [
      [
        'Your order of ',
        ...item(order),
        ` for ${formatDollars(order.totalPrice)} is on your company’s account: no card payment is needed.`,
      ],
      ['The invoice is due on ', { strong: day.format(order.dueAt) }, '.'],
      ...orderReferences(order),
    ],
    links,
    { label: 'See your order', href: orderUrl(links, order) },
  );
}

/** An order on account past its due date: one reminder. */
export function orderOverdueEmail(order: OrderFacts & { dueAt: Date }, links: ShopLinks): Mail {
  return compose(
    order.email,
    `Invoice overdue: ${summary(order)}`,
    hello(order),
    [
      [
        'The invoice of your company’s order of ',
        ...item(order),
        ` for ${formatDollars(order.totalPrice)} was due on `,
        { strong: day.format(order.dueAt) },
        ' and we have not recorded its payment yet.',
      ],
      ...orderReferences(order),
    ],
    links,
    { label: 'See your order', href: orderUrl(links, order) },
  );
}

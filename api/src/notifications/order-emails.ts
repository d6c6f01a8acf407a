import { formatDollars, type ShippingDetails } from '@toolshop/contracts';
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
}

const SIGNATURE = '— Toolshop';
const dateTime = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});

/** "25 Nov 2026, 18:30 UTC": an email is read anywhere, so the time zone is named. */
export function formatUtc(date: Date): string {
  return `${dateTime.format(date)} UTC`;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A line of the email: plain text, or HTML with every value escaped and some parts bold. */
type Part = string | { strong: string } | { code: string };
type Line = Part[];

function asText(line: Line): string {
  return line
    .map((part) => (typeof part === 'string' ? part : 'strong' in part ? part.strong : part.code))
    .join('');
}

function asHtml(line: Line): string {
  return line
    .map((part) =>
      typeof part === 'string'
        ? escapeHtml(part)
        : 'strong' in part
          ? `<strong>${escapeHtml(part.strong)}</strong>`
          : `<code>${escapeHtml(part.code)}</code>`,
    )
    .join('');
}

/** Builds both parts of one email from the same paragraphs, so they always say the same. */
function compose(to: string, subject: string, greeting: string, paragraphs: Line[]): Mail {
  const text = [greeting, ...paragraphs.map(asText), SIGNATURE].join('\n\n') + '\n';
  const html =
    '<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#0f172a">' +
    `<p>${escapeHtml(greeting)}</p>` +
    paragraphs.map((line) => `<p>${asHtml(line)}</p>`).join('') +
    `<p>${escapeHtml(SIGNATURE)}</p></body></html>`;
  return { to, subject, text, html };
}

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

export function orderPlacedEmail(order: OrderFacts): Mail {
  return compose(order.email, `Order received: ${summary(order)}`, hello(order), [
    ['Thank you for your order of ', ...item(order), ` for ${formatDollars(order.totalPrice)}.`],
    ...lineItems(order),
    order.reservedUntil
      ? [
          'The tools are reserved for you until ',
          { strong: formatUtc(order.reservedUntil) },
          '. Pay for the order in My Orders before then; an unpaid order is cancelled after that time.',
        ]
      : ['Pay for the order in My Orders.'],
    [`Order number: `, { code: order.id }],
  ]);
}

export function paymentReceiptEmail(order: OrderFacts): Mail {
  return compose(order.email, `Payment receipt: ${summary(order)}`, hello(order), [
    ['We received your payment for ', ...item(order), '.'],
    ...lineItems(order),
    ['Amount paid: ', { strong: formatDollars(order.totalPrice) }],
    ['Transaction id: ', { code: order.transactionId ?? '' }],
    [`Order number: `, { code: order.id }],
    ['We will email you again when the order ships.'],
  ]);
}

export function orderShippedEmail(order: OrderFacts, shipping: ShippingDetails): Mail {
  const details: Line[] = [];
  if (shipping.carrier) details.push(['Carrier: ', { strong: shipping.carrier }]);
  if (shipping.trackingNumber)
    details.push(['Tracking number: ', { code: shipping.trackingNumber }]);
  return compose(order.email, `Your order of ${order.name} has shipped`, hello(order), [
    ['Your order of ', ...item(order), ' is on its way.'],
    ...lineItems(order),
    ...details,
    [`Order number: `, { code: order.id }],
  ]);
}

export function orderExpiringEmail(order: OrderFacts & { reservedUntil: Date }): Mail {
  return compose(order.email, `Your unpaid order of ${order.name} expires soon`, hello(order), [
    ['Your order of ', ...item(order), ' is not paid yet.'],
    ...lineItems(order),
    [
      'The tools stay reserved for you until ',
      { strong: formatUtc(order.reservedUntil) },
      '. Pay for it in My Orders before then, or it will be cancelled.',
    ],
    [`Order number: `, { code: order.id }],
  ]);
}

/** What the "order expired" email names of an order (expiry reads no more of it). */
export type ExpiredOrderFacts = Pick<
  OrderFacts,
  'id' | 'email' | 'name' | 'orderQuantity' | 'lines' | 'userName'
>;

export function orderExpiredEmail(order: ExpiredOrderFacts): Mail {
  return compose(order.email, `Your unpaid order of ${order.name} has expired`, hello(order), [
    [
      'Your order of ',
      ...item(order),
      ' was not paid in time, so it has been cancelled and the tools are back in stock. You are welcome to order again at any time.',
    ],
    ...lineItems(order),
    [`Order number: `, { code: order.id }],
  ]);
}

import {
  orderExpiredEmail,
  orderPlacedEmail,
  orderShippedEmail,
  paymentReceiptEmail,
  trackingUrl,
} from './order-emails';

const links = { shopUrl: 'https://shop.example' };

const lines = [
  { name: 'Drill <Pro>', orderQuantity: 50, unitPrice: 119, totalPrice: 5950 },
  { name: 'Saw blades', orderQuantity: 10, unitPrice: 12, totalPrice: 120 },
];

describe('the "order expired" email', () => {
  it('greets by name and lists every line of a multi-line order, with its number', () => {
    const mail = orderExpiredEmail(
      {
        id: '665f1c2e9b1d4a0012345678',
        email: 'ada@toolshop.test',
        name: 'Drill <Pro> and 1 more',
        orderQuantity: 60,
        lines,
        userName: 'Ada',
      },
      links,
    );
    expect(mail.subject).toBe('Your unpaid order of Drill <Pro> and 1 more has expired');
    expect(mail.text).toMatch(/^Hello Ada,\n/);
    expect(mail.text).toContain('50 × Drill <Pro> at $119: $5,950');
    expect(mail.text).toContain('10 × Saw blades at $12: $120');
    expect(mail.text).toContain('Order number: 665f1c2e9b1d4a0012345678');
    expect(mail.html).toContain('<strong>50 × Drill &#60;Pro&#62;</strong>');
    expect(mail.html).not.toContain('<Pro>');
  });

  it('names the quantity of a one-line order and greets plainly without a name', () => {
    const mail = orderExpiredEmail(
      {
        id: 'a1',
        email: 'bo@toolshop.test',
        name: 'Drill',
        orderQuantity: 2,
      },
      links,
    );
    expect(mail.text).toMatch(/^Hello,\n\nYour order of 2 × Drill was not paid in time/);
    expect(mail.text).not.toContain(' at $');
    expect(mail.text).toContain('Order number: a1');
  });
});

const order = {
  id: '665f1c2e9b1d4a0012345678',
  email: 'zoe@toolshop.test',
  name: 'Drill <Pro>',
  orderQuantity: 2,
  totalPrice: 238,
  userName: 'Zoë <script>',
};

describe('the order emails', () => {
  it('link the unpaid order to its payment page and to My Orders, in both parts', () => {
    const mail = orderPlacedEmail(
      { ...order, reservedUntil: new Date('2026-11-25T18:30:00Z') },
      links,
    );
    const pay = 'https://shop.example/dashboard/payment/665f1c2e9b1d4a0012345678';
    expect(mail.text).toContain(`Pay for your order: ${pay}`);
    expect(mail.text).toContain('My Orders (https://shop.example/dashboard/myOrders)');
    expect(mail.html).toMatch(new RegExp(`<a href="${pay}"[^>]*>Pay for your order</a>`));
    expect(mail.text).toContain('25 Nov 2026, 18:30 UTC');
    expect(mail.html).toContain('Hello Zoë &#60;script&#62;,');
    expect(mail.html).not.toContain('<script>');
    expect(mail.text).toContain('Toolshop Manufacturing');
  });

  it('name the order by its human number once it has one', () => {
    const mail = paymentReceiptEmail(
      { ...order, number: 'TS-100007', transactionId: 'pi_1' },
      links,
    );
    expect(mail.text).toContain('Order number: TS-100007');
    // My Orders with this order's row marked.
    expect(mail.text).toContain(
      'View your order: https://shop.example/dashboard/myOrders?order=665f1c2e9b1d4a0012345678',
    );
  });

  it('name the buyer’s PO number on its own line when the order has one', () => {
    const placed = orderPlacedEmail(
      { ...order, number: 'TS-100007', purchaseOrder: 'PO 88/B' },
      links,
    );
    expect(placed.text).toContain('Order number: TS-100007\n\nPO number: PO 88/B');
    expect(placed.html).toContain('PO number: ');
    const shipped = orderShippedEmail({ ...order, purchaseOrder: 'PO 88/B' }, {}, links);
    expect(shipped.text).toContain('PO number: PO 88/B');
    expect(paymentReceiptEmail({ ...order, transactionId: 'pi_1' }, links).text).not.toContain(
      'PO number',
    );
  });

  it('link a shipped order to its carrier’s tracking page, or to My Orders for "Other"', () => {
    const ups = orderShippedEmail(order, { carrier: 'UPS', trackingNumber: '1Z 999' }, links);
    expect(ups.text).toContain(
      'Track your parcel with UPS: https://www.ups.com/track?tracknum=1Z%20999',
    );
    expect(ups.html).toContain('href="https://www.ups.com/track?tracknum=1Z%20999"');
    const other = orderShippedEmail(order, { carrier: 'Bob’s Vans', trackingNumber: 'B1' }, links);
    expect(other.text).toContain(
      'View your order: https://shop.example/dashboard/myOrders?order=665f1c2e9b1d4a0012345678',
    );
    expect(other.text).not.toContain('Track your parcel');
  });

  it.each([
    ['FedEx', 'https://www.fedex.com/fedextrack/?trknbr=X1'],
    ['usps', 'https://tools.usps.com/go/TrackConfirmAction?tLabels=X1'],
    [
      ' DHL ',
      'https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id=X1',
    ],
  ])('knows the tracking page of %s', (carrier, url) => {
    expect(trackingUrl({ carrier, trackingNumber: 'X1' })).toBe(url);
  });

  it('has no tracking page without a tracking number or for another carrier', () => {
    expect(trackingUrl({ carrier: 'UPS' })).toBeUndefined();
    expect(trackingUrl({ carrier: 'Other', trackingNumber: 'X1' })).toBeUndefined();
  });
});

import { renderToStaticMarkup } from 'react-dom/server';
import type { OrderTimelineEntry } from '@toolshop/contracts';
import { formatDateTime, ORDER_STATES } from '@toolshop/contracts';
import { EVENT_LABEL, OrderTimeline, actorText, timelineOf } from './order-timeline';

const shipped: OrderTimelineEntry = {
  event: 'shipped',
  at: '2026-11-25T10:00:00.000Z',
  by: 'admin',
  actor: 'admin@toolshop.test',
  carrier: 'DHL',
  trackingNumber: 'JD014600',
};
const timeline: OrderTimelineEntry[] = [
  { event: 'placed', at: '2026-11-24T09:00:00.000Z', by: 'customer' },
  { event: 'paid', at: '2026-11-24T09:05:00.000Z', by: 'customer', transactionId: 'pi_1' },
  shipped,
];

describe('OrderTimeline', () => {
  it('lists every entry in order inside a disclosure named after the order', () => {
    const html = renderToStaticMarkup(
      <OrderTimeline order={{ name: 'Drill', timeline }} audience="customer" />,
    );
    expect(html).toMatch(
      /^<details[^>]*><summary[^>]*>History<span[^>]*> of the order of Drill<\/span><\/summary><ol/,
    );
    expect(html.match(/<li/g)).toHaveLength(3);
    expect(html.indexOf('Placed')).toBeLessThan(html.indexOf('Paid'));
    expect(html.indexOf('Paid')).toBeLessThan(html.indexOf('Shipped'));
    expect(html).toContain('<time dateTime="2026-11-25T10:00:00.000Z">');
    expect(html).toContain('Carrier DHL · Tracking number <code>JD014600</code>');
    expect(html).toContain('Transaction id <code>pi_1</code>');
    // A customer is not told which admin shipped it.
    expect(html).not.toContain('admin@toolshop.test');
  });

  it('names every state an order can enter, "Canceled" in US spelling as the spec writes it', () => {
    const entered = ORDER_STATES.filter(
      (state): state is Exclude<typeof state, 'unpaid' | 'awaiting_approval'> =>
        state !== 'unpaid' && state !== 'awaiting_approval',
    );
    for (const state of entered) {
      expect(EVENT_LABEL[state]).toMatch(/^[A-Z][a-z]+( [a-z]+)?$/);
    }
    const html = renderToStaticMarkup(
      <OrderTimeline
        order={{
          name: 'Saw',
          timeline: [
            { event: 'placed', at: '2026-11-24T09:00:00.000Z', by: 'customer' },
            { event: 'cancelled', at: '2026-11-24T09:01:00.000Z', by: 'customer' },
          ],
        }}
        audience="customer"
      />,
    );
    expect(html).toContain('>Canceled</span>');
    expect(html).not.toContain('Cancelled');
    expect(EVENT_LABEL.delivered).toBe('Delivered');
    expect(EVENT_LABEL.expired).toBe('Expired');
  });

  it('shows the amount and the reason of a refund', () => {
    const refunded: OrderTimelineEntry[] = [
      ...timeline,
      {
        event: 'refunded',
        at: '2026-11-26T10:00:00.000Z',
        by: 'admin',
        actor: 'admin@toolshop.test',
        amount: 1234,
        reason: 'Arrived damaged',
      },
    ];
    const customer = renderToStaticMarkup(
      <OrderTimeline order={{ name: 'Drill', timeline: refunded }} audience="customer" />,
    );
    expect(customer).toContain('>Refunded</span>');
    expect(customer).toContain('Amount <strong>$1,234</strong>');
    expect(customer).toContain('Reason: Arrived damaged');
  });

  it('names the admin for admins, and "you" or "the customer" for the customer', () => {
    expect(actorText(shipped, 'admin')).toBe('by admin@toolshop.test');
    expect(actorText(shipped, 'customer')).toBe('by the shop');
    expect(actorText(timeline[0]!, 'customer')).toBe('by you');
    expect(actorText(timeline[0]!, 'admin')).toBe('by the customer');
    expect(actorText({ event: 'expired', at: '', by: 'system' }, 'admin')).toBe('automatically');
  });

  it('shows only "Placed" for an order from before the history, nothing without a date', () => {
    expect(timelineOf({ createdAt: '2026-01-01T00:00:00.000Z' })).toEqual([
      { event: 'placed', at: '2026-01-01T00:00:00.000Z', by: 'customer' },
    ]);
    expect(renderToStaticMarkup(<OrderTimeline order={{ name: 'Saw' }} audience="admin" />)).toBe(
      '',
    );
  });

  it('writes its dates with no Intl formatter (the first one of a page loads the locale data)', async () => {
    const made = jest.spyOn(Intl, 'DateTimeFormat');
    try {
      await jest.isolateModulesAsync(async () => {
        const fresh = await import('./order-timeline');
        const html = renderToStaticMarkup(
          <fresh.OrderTimeline order={{ name: 'Drill', timeline }} audience="customer" />,
        );
        expect(html).toContain(formatDateTime(timeline[0]!.at));
      });
      expect(made).not.toHaveBeenCalled();
    } finally {
      made.mockRestore();
    }
  });
});

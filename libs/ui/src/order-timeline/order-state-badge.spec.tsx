import { renderToStaticMarkup } from 'react-dom/server';
import { ORDER_STATES } from '@toolshop/contracts';
import { OrderStateBadge, ORDER_STATE_TONES } from './order-state-badge';

describe('OrderStateBadge', () => {
  it('names the state the API answers, as the lifecycle labels it', () => {
    const badge = (state: (typeof ORDER_STATES)[number]) =>
      renderToStaticMarkup(<OrderStateBadge order={{ state, paid: true, shipped: true }} />);
    expect(badge('delivered')).toMatch(/>Delivered<\/span>$/);
    expect(badge('refunded')).toMatch(/>Refunded<\/span>$/);
    expect(badge('cancelled')).toMatch(/>Canceled<\/span>$/);
    expect(badge('expired')).toMatch(/>Expired<\/span>$/);
  });

  it('falls back on paid and shipped for an API from before states', () => {
    const badge = (paid: boolean, shipped: boolean) =>
      renderToStaticMarkup(<OrderStateBadge order={{ paid, shipped }} />);
    expect(badge(false, false)).toContain('>Unpaid<');
    expect(badge(true, false)).toContain('>Paid<');
    expect(badge(true, true)).toContain('>Shipped<');
  });

  it('has a tone for every state: closed ones neutral, unpaid a warning', () => {
    expect(Object.keys(ORDER_STATE_TONES).sort()).toEqual([...ORDER_STATES].sort());
    expect(ORDER_STATE_TONES.unpaid).toBe('warning');
    for (const closed of ['refunded', 'cancelled', 'expired'] as const) {
      expect(ORDER_STATE_TONES[closed]).toBe('neutral');
    }
  });
});

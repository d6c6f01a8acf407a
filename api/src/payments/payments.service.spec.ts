import { Logger } from '@nestjs/common';
import { PayableOrders, type PayableOrder } from './payable-orders';
import { PaymentsService } from './payments.service';
import { TestPaymentProvider } from './test-payment-provider';

/** Orders kept in memory with the same conditional-update semantics as PayableOrdersService. */
class MemoryOrders extends PayableOrders {
  readonly rows = new Map<string, PayableOrder>();
  async findPayable(id: string) {
    const row = this.rows.get(id);
    return row ? { ...row } : null;
  }
  async attachPaymentIntent(id: string, paymentIntentId: string) {
    const row = this.rows.get(id);
    if (!row || row.state !== 'unpaid') return false;
    row.paymentIntentId = paymentIntentId;
    return true;
  }
  async markPaid(id: string, paymentIntentId: string) {
    const row = this.rows.get(id);
    if (!row || row.state !== 'unpaid' || row.paymentIntentId !== paymentIntentId) return false;
    Object.assign(row, { state: 'paid', paid: true, transactionId: paymentIntentId });
    return true;
  }
}

const ANN = 'ann@example.com';
const visa = { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' };
const billing = { email: ANN, address: { line1: '1 Main St' } };

function setup() {
  const orders = new MemoryOrders();
  const provider = new TestPaymentProvider();
  const payments = new PaymentsService(orders, provider);
  orders.rows.set('a', { id: 'a', email: ANN, totalPrice: 125, state: 'unpaid', paid: false });
  orders.rows.set('b', { id: 'b', email: ANN, totalPrice: 40, state: 'unpaid', paid: false });
  const pay = async (orderId: string) => {
    const secret = await payments.clientSecretFor(orderId);
    return provider.confirmCardPayment(secret, visa, billing);
  };
  return { orders, provider, payments, pay };
}

/** The provider answers the next retrieval of this intent with another status. */
async function nextRetrievalSays(provider: TestPaymentProvider, intentId: string, status: string) {
  const intent = await provider.retrieveIntent(intentId);
  jest.spyOn(provider, 'retrieveIntent').mockResolvedValueOnce({ ...intent, status });
}

beforeAll(() => Logger.overrideLogger(false));

describe('PaymentsService', () => {
  describe('client secret', () => {
    it('charges the stored total in cents with the order id in the metadata', async () => {
      const { orders, provider, payments } = setup();
      const secret = await payments.clientSecretFor('a');
      const intentId = orders.rows.get('a')?.paymentIntentId;
      expect(secret.startsWith(`${intentId}_secret_`)).toBe(true);
      expect(await provider.retrieveIntent(intentId!)).toMatchObject({
        amount: 12_500,
        currency: 'usd',
        metadata: { orderId: 'a' },
      });
    });

    it('reuses the order’s intent on a retry', async () => {
      const { payments } = setup();
      expect(await payments.clientSecretFor('a')).toBe(await payments.clientSecretFor('a'));
    });

    it('never starts a second payment while one is processing', async () => {
      const { orders, payments, provider } = setup();
      await payments.clientSecretFor('a');
      const intentId = orders.rows.get('a')!.paymentIntentId!;
      await nextRetrievalSays(provider, intentId, 'processing');
      await expect(payments.clientSecretFor('a')).rejects.toThrow(
        'A payment for this order is being processed',
      );
      expect(orders.rows.get('a')!.paymentIntentId).toBe(intentId);
    });

    it('replaces an intent that can no longer be paid', async () => {
      const { orders, payments, provider } = setup();
      await payments.clientSecretFor('a');
      const first = orders.rows.get('a')!.paymentIntentId!;
      await nextRetrievalSays(provider, first, 'canceled');
      await payments.clientSecretFor('a');
      expect(orders.rows.get('a')!.paymentIntentId).not.toBe(first);
    });

    // Another customer's order is refused by the route (OwnerOnly), tested over HTTP.
    it('refuses a missing order and a paid order', async () => {
      const { payments, pay } = setup();
      await expect(payments.clientSecretFor('nope')).rejects.toMatchObject({ kind: 'notFound' });
      await pay('a');
      await expect(payments.clientSecretFor('a')).rejects.toThrow('This order is already paid');
    });
  });

  describe('marking paid', () => {
    it('marks the order paid once the provider confirms the payment', async () => {
      const { orders, payments, provider } = setup();
      const secret = await payments.clientSecretFor('a');
      const intentId = orders.rows.get('a')!.paymentIntentId!;
      // Without the provider's success nothing changes, whatever the browser says.
      await expect(payments.confirmPaid('a', intentId)).rejects.toMatchObject({
        kind: 'paymentRequired',
        message: 'The payment has not succeeded',
      });
      expect(orders.rows.get('a')!.paid).toBe(false);

      await provider.confirmCardPayment(secret, visa, billing);
      expect(await payments.confirmPaid('a', intentId)).toEqual({
        acknowledged: true,
        matchedCount: 1,
        modifiedCount: 1,
      });
      expect(orders.rows.get('a')).toMatchObject({ paid: true, transactionId: intentId });
    });

    it('answers a harmless repeat with modifiedCount 0', async () => {
      const { payments, pay } = setup();
      const intent = await pay('a');
      await payments.confirmPaid('a', intent.id);
      expect(await payments.confirmPaid('a', intent.id)).toMatchObject({ modifiedCount: 0 });
    });

    it('refuses replaying one order’s payment for another order', async () => {
      const { orders, payments, pay } = setup();
      const intentA = await pay('a');
      await payments.clientSecretFor('b');
      await expect(payments.confirmPaid('b', intentA.id)).rejects.toThrow(
        'This payment does not belong to this order',
      );
      expect(orders.rows.get('b')!.paid).toBe(false);
    });

    it('refuses a payment whose amount differs from the order total', async () => {
      const { orders, payments, pay } = setup();
      const intent = await pay('a');
      orders.rows.get('a')!.totalPrice = 126;
      await expect(payments.confirmPaid('a', intent.id)).rejects.toThrow(
        'The payment does not match this order',
      );
      expect(orders.rows.get('a')!.paid).toBe(false);
    });

    it('refuses an intent made for another order even when stored on this one', async () => {
      const { orders, payments, pay } = setup();
      const intentB = await pay('b');
      // As if the stored reference had been tampered with: metadata and amount must match.
      Object.assign(orders.rows.get('a')!, { paymentIntentId: intentB.id, totalPrice: 40 });
      await expect(payments.confirmPaid('a', intentB.id)).rejects.toThrow(
        'The payment does not match this order',
      );
    });

    it('refuses before any payment was started, and an unknown intent', async () => {
      const { orders, payments } = setup();
      await expect(payments.confirmPaid('a', 'pi_x')).rejects.toThrow(
        'No payment was started for this order',
      );
      orders.rows.get('a')!.paymentIntentId = 'pi_test_gone';
      await expect(payments.confirmPaid('a', 'pi_test_gone')).rejects.toMatchObject({
        kind: 'invalid',
      });
    });

    it('refuses a different payment for an order already paid', async () => {
      const { orders, payments, pay } = setup();
      const intent = await pay('a');
      await payments.confirmPaid('a', intent.id);
      expect(orders.rows.get('a')!.transactionId).toBe(intent.id);
      await expect(payments.confirmPaid('a', 'pi_other')).rejects.toMatchObject({
        kind: 'conflict',
      });
    });
  });

  describe('provider events', () => {
    it('settles a succeeded intent without the browser, once', async () => {
      const { orders, payments, pay } = setup();
      const intent = await pay('a');
      await payments.settleSucceededIntent(intent);
      await payments.settleSucceededIntent(intent);
      expect(orders.rows.get('a')).toMatchObject({ paid: true, transactionId: intent.id });
      expect(await payments.confirmPaid('a', intent.id)).toMatchObject({ modifiedCount: 0 });
    });

    it('ignores events for unknown orders and for intents the order no longer expects', async () => {
      const { orders, payments, pay } = setup();
      await expect(
        payments.settleSucceededIntent({ id: 'pi_1', metadata: {} }),
      ).resolves.toBeUndefined();
      const intent = await pay('a');
      orders.rows.get('a')!.paymentIntentId = 'pi_newer';
      await expect(payments.settleSucceededIntent(intent)).resolves.toBeUndefined();
      expect(orders.rows.get('a')!.paid).toBe(false);
    });

    it('settles on the next client-secret request when the success was never reported', async () => {
      const { orders, payments, pay } = setup();
      await pay('a');
      await expect(payments.clientSecretFor('a')).rejects.toMatchObject({ kind: 'conflict' });
      expect(orders.rows.get('a')!.paid).toBe(true);
    });
  });

  describe('releasing a payment before its order is cancelled', () => {
    const startPayment = async (setupResult: ReturnType<typeof setup>) => {
      await setupResult.payments.clientSecretFor('a');
      return setupResult.orders.rows.get('a')!.paymentIntentId!;
    };

    it('cancels an intent that has not taken money, so it can no longer be paid', async () => {
      const context = setup();
      const intentId = await startPayment(context);
      await expect(
        context.payments.release({ id: 'a', paymentIntentId: intentId }),
      ).resolves.toBeUndefined();
      expect(await context.provider.retrieveIntent(intentId)).toMatchObject({ status: 'canceled' });
    });

    it('settles an intent that succeeded unreported and keeps the order (409)', async () => {
      const context = setup();
      const intentId = await startPayment(context);
      const { clientSecret } = await context.provider.retrieveIntent(intentId);
      // Confirmed at the provider, but neither the browser nor an event reported it yet.
      await context.provider.confirmCardPayment(clientSecret, visa, billing);
      await expect(
        context.payments.release({ id: 'a', paymentIntentId: intentId }),
      ).rejects.toThrow('This order has already been paid');
      expect(context.orders.rows.get('a')).toMatchObject({ paid: true, transactionId: intentId });
    });

    it('keeps an order whose payment is processing (409)', async () => {
      const context = setup();
      const intentId = await startPayment(context);
      const intent = await context.provider.retrieveIntent(intentId);
      jest
        .spyOn(context.provider, 'cancelIntent')
        .mockResolvedValueOnce({ ...intent, status: 'processing' });
      await expect(
        context.payments.release({ id: 'a', paymentIntentId: intentId }),
      ).rejects.toThrow('A payment for this order is being processed');
      expect(context.orders.rows.get('a')!.paid).toBe(false);
    });

    it('lets an order go whose intent the provider does not know', async () => {
      const { payments } = setup();
      await expect(
        payments.release({ id: 'a', paymentIntentId: 'pi_test_gone' }),
      ).resolves.toBeUndefined();
    });

    it('passes other provider failures on, so the order is not deleted', async () => {
      const context = setup();
      const intentId = await startPayment(context);
      jest.spyOn(context.provider, 'cancelIntent').mockRejectedValueOnce(new Error('network down'));
      await expect(
        context.payments.release({ id: 'a', paymentIntentId: intentId }),
      ).rejects.toThrow('network down');
    });
  });

  describe('refund', () => {
    it('gives each refund back once, however often it is asked, and refuses more', async () => {
      const context = setup();
      const intent = await context.pay('a');
      const refund = { id: 'a', transactionId: intent.id, amount: 100, index: 0 };
      const first = await context.payments.refund(refund);
      await expect(context.payments.refund(refund)).resolves.toEqual(first);
      const second = await context.payments.refund({ ...refund, amount: 25, index: 1 });
      expect(second.id).not.toBe(first.id);
      const stored = await context.provider.retrieveIntent(intent.id);
      expect(Object.values(stored.refunds ?? {})).toEqual([
        { id: first.id, amount: 10_000, status: 'succeeded' },
        { id: second.id, amount: 2_500, status: 'succeeded' },
      ]);
      await expect(
        context.provider.refund({ paymentIntentId: intent.id, amount: 1, idempotencyKey: 'x' }),
      ).rejects.toThrow('greater than unrefunded amount');
    });

    it('answers a 409 with the provider’s words for a payment that took no money', async () => {
      const context = setup();
      const secret = await context.payments.clientSecretFor('a');
      const intentId = secret.split('_secret_')[0]!;
      await expect(
        context.payments.refund({ id: 'a', transactionId: intentId, amount: 125, index: 0 }),
      ).rejects.toMatchObject({
        kind: 'conflict',
        message: expect.stringMatching(
          /^The payment provider refused the refund: .*successful charge/,
        ),
      });
    });
  });
});

import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, createServerDataWrapper, useFakeShop } from '@toolshop/auth/testing';
import { CardPayment } from './card-payment';
import type { PayableOrder } from './api/payable-order';

const network = useFakeShop();
const paid = { acknowledged: true, matchedCount: 1, modifiedCount: 1 };
const bodiesOf = (method: string, path: string) =>
  network.requests(method, path).map((request) => request.body);

const loadStripe = jest.fn();
jest.mock('@stripe/stripe-js/pure', () => ({
  loadStripe: (...args: unknown[]) => loadStripe(...args),
}));

// Stripe Elements replaced by a card box that is ready at once and a Stripe object we control.
const confirmCardPayment = jest.fn();
const cardElement = { kind: 'card element' };
jest.mock('@stripe/react-stripe-js', () => {
  const { useEffect } = jest.requireActual<typeof import('react')>('react');
  return {
    Elements: ({ children }: { children: unknown }) => children,
    CardElement: ({ onReady, onChange }: { onReady: () => void; onChange: () => void }) => {
      useEffect(() => onReady(), [onReady]);
      return <input aria-label="Stripe card" data-testid="stripe-card" onChange={onChange} />;
    },
    useStripe: () => ({ confirmCardPayment }),
    useElements: () => ({ getElement: () => cardElement }),
  };
});

const order: PayableOrder = {
  _id: 'o1',
  name: 'Cordless Drill',
  img: '/drill.webp',
  email: 'ada@example.com',
  address: '1 Analytical Way',
  userName: 'Ada Lovelace',
  orderQuantity: 5,
  totalPrice: 125,
  paid: false,
};

/** The API answers the client secret once `release` has been called (before or after the request). */
function clientSecretLater() {
  let secret: string | undefined;
  let answer: ((value: { clientSecret: string }) => void) | undefined;
  network.on(
    'POST',
    '/create-payment-intent',
    () =>
      new Promise((resolve) => {
        answer = resolve;
        if (secret) resolve({ clientSecret: secret });
      }),
  );
  return (clientSecret: string) => {
    secret = clientSecret;
    answer?.({ clientSecret });
  };
}

const onPaid = jest.fn();
const payButton = () => screen.getByRole('button', { name: /^(Pay|Paid|Paying)/ });

// Rendering with user-event takes seconds when the two CI cores are busy with other projects.
jest.setTimeout(15_000);

beforeEach(() => jest.resetAllMocks());

describe('CardPayment with the test provider', () => {
  /** Pastes rather than types: keystroke by keystroke is slow on a busy CI machine. */
  async function fillCard(user: ReturnType<typeof userEvent.setup>, number = '4242424242424242') {
    const fields = [
      ['Card number', number],
      ['Expiry (MM / YY)', '1234'],
      ['CVC', '123'],
    ] as const;
    for (const [label, value] of fields) {
      await user.click(screen.getByLabelText(label));
      await user.paste(value);
    }
  }

  it('keeps the pay button disabled until the client secret has arrived', async () => {
    const release = clientSecretLater();
    render(<CardPayment order={order} config={{ provider: 'test' }} onPaid={onPaid} />, {
      wrapper: createServerDataWrapper(),
    });
    expect(payButton()).toBeDisabled();
    expect(payButton()).toHaveTextContent('Pay $125');
    await waitFor(() =>
      expect(bodiesOf('POST', '/create-payment-intent')).toEqual([
        { orderId: 'o1', totalPrice: 125 },
      ]),
    );
    expect(network.last('POST', '/create-payment-intent').headers['Idempotency-Key']).toMatch(
      /^attempt-/,
    );
    release('pi_test_1_secret_x');
    await waitFor(() => expect(payButton()).toBeEnabled());
  });

  it('shows the provider’s card error in red under the form and lets the customer retry', async () => {
    clientSecretLater()('pi_test_1_secret_x');
    render(<CardPayment order={order} config={{ provider: 'test' }} onPaid={onPaid} />, {
      wrapper: createServerDataWrapper(),
    });
    await waitFor(() => expect(payButton()).toBeEnabled());
    network.on('POST', '/payments/test/confirm', apiError(402, 'Your card was declined.'));
    const user = userEvent.setup();
    await fillCard(user, '4000000000000002');
    await user.click(payButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(screen.getByRole('alert')).toHaveClass('error');
    expect(network.requests('PATCH')).toEqual([]);
    expect(payButton()).toBeEnabled();
  });

  it('checks that the card is complete before sending it', async () => {
    clientSecretLater()('pi_test_1_secret_x');
    render(<CardPayment order={order} config={{ provider: 'test' }} onPaid={onPaid} />, {
      wrapper: createServerDataWrapper(),
    });
    await waitFor(() => expect(payButton()).toBeEnabled());
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Card number'), '4242');
    await user.click(payButton());
    expect(screen.getByRole('alert')).toHaveTextContent('Your card number is incomplete.');
    expect(network.requests('POST').map((request) => request.path)).toEqual([
      '/create-payment-intent',
    ]);
  });

  it('confirms with the billing details, reports the payment and shows the transaction id', async () => {
    clientSecretLater()('pi_test_1_secret_x');
    render(<CardPayment order={order} config={{ provider: 'test' }} onPaid={onPaid} />, {
      wrapper: createServerDataWrapper(),
    });
    await waitFor(() => expect(payButton()).toBeEnabled());
    network.on('POST', '/payments/test/confirm', { id: 'pi_test_1', status: 'succeeded' });
    network.on('PATCH', '/orders/o1', paid);
    const user = userEvent.setup();
    await fillCard(user, '4242 4242 4242 4242');
    await user.click(payButton());

    await waitFor(() => expect(onPaid).toHaveBeenCalledWith({ transactionId: 'pi_test_1' }));
    expect(bodiesOf('POST', '/payments/test/confirm')).toEqual([
      {
        clientSecret: 'pi_test_1_secret_x',
        card: { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' },
        billingDetails: {
          name: 'Ada Lovelace',
          email: 'ada@example.com',
          address: { line1: '1 Analytical Way' },
        },
      },
    ]);
    expect(bodiesOf('PATCH', '/orders/o1')).toEqual([{ order: 'o1', transactionId: 'pi_test_1' }]);
    expect(network.last('PATCH', '/orders/o1').headers['Idempotency-Key']).toMatch(/^attempt-/);
    expect(payButton()).toBeDisabled();
  });

  it('says why the payment cannot start, with a retry', async () => {
    network.on('POST', '/create-payment-intent', apiError(409, 'This order is already paid'));
    render(<CardPayment order={order} config={{ provider: 'test' }} onPaid={onPaid} />, {
      wrapper: createServerDataWrapper(),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('This order is already paid');
    expect(payButton()).toBeDisabled();
  });
});

describe('CardPayment with Stripe', () => {
  const config = { provider: 'stripe' as const, publishableKey: 'pk_test_123' };

  it('says so when Stripe.js cannot be loaded, and can try again', async () => {
    clientSecretLater()('pi_1_secret_x');
    loadStripe.mockRejectedValueOnce(new Error('Failed to load Stripe.js'));
    render(<CardPayment order={order} config={config} onPaid={onPaid} />, {
      wrapper: createServerDataWrapper(),
    });
    expect(await screen.findByText('Card payments are unavailable')).toBeInTheDocument();
    expect(loadStripe).toHaveBeenCalledWith('pk_test_123');

    loadStripe.mockResolvedValueOnce({});
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('stripe-card')).toBeInTheDocument();
  });

  it('confirms the card payment with billing email and address and shows Stripe’s errors', async () => {
    const release = clientSecretLater();
    loadStripe.mockResolvedValue({});
    render(<CardPayment order={order} config={config} onPaid={onPaid} />, {
      wrapper: createServerDataWrapper(),
    });
    await screen.findByTestId('stripe-card');
    expect(payButton()).toBeDisabled();
    release('pi_1_secret_x');
    await waitFor(() => expect(payButton()).toBeEnabled());

    const user = userEvent.setup();
    confirmCardPayment.mockResolvedValueOnce({
      error: { message: 'Your card has insufficient funds.' },
    });
    await user.click(payButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card has insufficient funds.');
    expect(confirmCardPayment).toHaveBeenCalledWith('pi_1_secret_x', {
      payment_method: {
        card: cardElement,
        billing_details: {
          name: 'Ada Lovelace',
          email: 'ada@example.com',
          address: { line1: '1 Analytical Way' },
        },
      },
    });

    confirmCardPayment.mockResolvedValueOnce({
      paymentIntent: { id: 'pi_1', status: 'succeeded' },
    });
    network.on('PATCH', '/orders/o1', paid);
    await user.click(payButton());
    await waitFor(() => expect(onPaid).toHaveBeenCalledWith({ transactionId: 'pi_1' }));
    expect(bodiesOf('PATCH', '/orders/o1')).toEqual([{ order: 'o1', transactionId: 'pi_1' }]);
    expect(payButton()).toBeDisabled();
  });

  it('clears Stripe’s refusal when the card Element changes', async () => {
    clientSecretLater()('pi_1_secret_x');
    loadStripe.mockResolvedValue({});
    render(<CardPayment order={order} config={config} onPaid={onPaid} />, {
      wrapper: createServerDataWrapper(),
    });
    await waitFor(() => expect(payButton()).toBeEnabled());
    const user = userEvent.setup();
    confirmCardPayment.mockResolvedValueOnce({ error: { message: 'Your card was declined.' } });
    await user.click(payButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    await user.type(screen.getByLabelText('Stripe card'), '4');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    ['unpaid', 'your card was not charged. You can try again.', true],
    ['processing', 'still being processed', false],
  ] as const)(
    'after Stripe’s connection error reads the payment’s state (%s) before offering a retry',
    async (state, said, retry) => {
      clientSecretLater()('pi_1_secret_x');
      loadStripe.mockResolvedValue({});
      render(<CardPayment order={order} config={config} onPaid={onPaid} />, {
        wrapper: createServerDataWrapper(),
      });
      await waitFor(() => expect(payButton()).toBeEnabled());
      confirmCardPayment.mockResolvedValueOnce({
        error: {
          type: 'api_connection_error',
          message: 'An error occurred with our connection to Stripe.',
        },
      });
      network.once('GET', '/orders/o1/payment', {
        state,
        paid: false,
        intentStatus: state === 'unpaid' ? 'requires_payment_method' : 'processing',
      });
      await userEvent.setup().click(payButton());
      expect(await screen.findByRole('alert')).toHaveTextContent(said);
      expect(network.requests('GET', '/orders/o1/payment')).toHaveLength(1);
      if (retry) expect(payButton()).toBeEnabled();
      else expect(payButton()).toBeDisabled();
      expect(onPaid).not.toHaveBeenCalled();
    },
  );
});

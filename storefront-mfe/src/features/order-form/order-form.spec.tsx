import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { toast } from 'react-toastify';
import { useAuth } from '@toolshop/auth';
import {
  BuyingMessages,
  Messages,
  PurchaseOrderMessages,
  RuleMessages,
  type Tool,
} from '@toolshop/contracts';
import {
  apiError,
  createServerDataWrapper,
  fakeCustomer as signedInUser,
  signInAs,
  useFakeShop,
} from '@toolshop/auth/testing';
import { OrderForm } from './order-form';
import { EXAMPLE_TIERS } from '../../testing/price-tiers';
import { cordlessDrill } from '../../testing/tools';
import type { ComponentProps, ReactNode } from 'react';

jest.mock('react-toastify', () => ({ toast: { success: jest.fn(), error: jest.fn() } }));

const network = useFakeShop();
const placed = () => network.requests('POST', '/orders');
const answerOrder = (answer: unknown) => network.on('POST', '/orders', answer);
const tool: Tool = cordlessDrill;

/** The shell's guard of the page: its content only while signed in. */
function SignedInOnly({ children }: { children: ReactNode }) {
  return useAuth((state) => state.status === 'signedIn') ? children : null;
}

function renderForm(shown: Tool = tool) {
  const onOrdered = jest.fn();
  const onRejected = jest.fn();
  const ServerData = createServerDataWrapper();
  render(<OrderForm tool={shown} onOrdered={onOrdered} onRejected={onRejected} />, {
    // As in the shop: the page is for signed-in users, "Sign in again" leaves it.
    wrapper: ({ children }) => (
      <MemoryRouter>
        <ServerData>
          <Routes>
            <Route path="*" element={<SignedInOnly>{children}</SignedInOnly>} />
            <Route path="/login" element={<p>Sign-in page</p>} />
          </Routes>
        </ServerData>
      </MemoryRouter>
    ),
  });
  const submit = screen.getByRole('button', { name: 'Place order' });
  const quantity = screen.getByLabelText('Quantity');
  const fill = () => {
    fireEvent.change(screen.getByLabelText('Delivery address'), { target: { value: '1 Main St' } });
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '555 0100' } });
  };
  return { onOrdered, onRejected, submit, quantity, fill };
}

beforeEach(() => {
  jest.clearAllMocks();
  sessionStorage.clear();
});

it('fills name and read-only email from the signed-in user and starts at the minimum order', () => {
  const { quantity, submit } = renderForm();
  expect(screen.getByLabelText('Name')).toHaveProperty('value', signedInUser.displayName);
  const email = screen.getByLabelText('Email');
  expect(email).toHaveProperty('value', 'ada@example.com');
  expect(email).toHaveProperty('readOnly', true);
  expect(quantity).toHaveProperty('value', '10');
  expect(submit).toHaveProperty('disabled', false);
  expect(screen.queryByText(Messages.invalidQuantity)).toBeNull();
});

it.each([
  ['below the minimum order', '9'],
  ['above the stock', '41'],
  ['empty', ''],
])('refuses a quantity %s', (_case, value) => {
  const { quantity, submit } = renderForm();
  fireEvent.change(quantity, { target: { value } });
  expect(screen.getByText(Messages.invalidQuantity)).toBeTruthy();
  expect(submit).toHaveProperty('disabled', true);

  fireEvent.change(quantity, { target: { value: '40' } });
  expect(screen.queryByText(Messages.invalidQuantity)).toBeNull();
  expect(submit).toHaveProperty('disabled', false);
});

it('shows the total for the chosen quantity', () => {
  const { quantity } = renderForm();
  fireEvent.change(quantity, { target: { value: '12' } });
  expect(screen.getByText('$1,440')).toBeTruthy();
});

it('requires address and phone before sending anything', () => {
  const { submit } = renderForm();
  fireEvent.click(submit);
  expect(screen.getByText('Please enter a delivery address')).toBeTruthy();
  expect(screen.getByText('Please enter a phone number')).toBeTruthy();
  expect(placed()).toEqual([]);
});

it('places the order, says so and reports the quantity taken from the stock', async () => {
  answerOrder({ acknowledged: true, insertedId: 'o1' });
  const { submit, quantity, fill, onOrdered } = renderForm();
  fill();
  fireEvent.change(quantity, { target: { value: '15' } });
  fireEvent.click(submit);

  await waitFor(() => expect(onOrdered).toHaveBeenCalledWith(15));
  const sent = network.last('POST', '/orders');
  expect(sent.body).toEqual({
    toolId: 'drill-1',
    userName: signedInUser.displayName,
    address: '1 Main St',
    phone: '555 0100',
    orderQuantity: 15,
  });
  expect(sent.headers['Idempotency-Key']).toMatch(/^attempt-/);
  expect(toast.success).toHaveBeenCalledWith(Messages.ordered);
  expect(screen.getByRole('link', { name: 'My Orders' }).getAttribute('href')).toBe(
    '/dashboard/myOrders',
  );
});

it('sends the optional PO number, and refuses a bad one before sending anything', async () => {
  answerOrder({ acknowledged: true, insertedId: 'o2' });
  const { submit, fill, onOrdered } = renderForm();
  fill();
  const purchaseOrder = screen.getByLabelText(PurchaseOrderMessages.fieldLabel);
  fireEvent.change(purchaseOrder, { target: { value: 'PO <17>' } });
  fireEvent.click(submit);
  expect(screen.getByText(PurchaseOrderMessages.format)).toBeTruthy();
  expect(document.activeElement).toBe(purchaseOrder);
  expect(placed()).toEqual([]);

  fireEvent.change(purchaseOrder, { target: { value: ' PO-2026/17 ' } });
  fireEvent.click(submit);
  await waitFor(() => expect(onOrdered).toHaveBeenCalled());
  expect(placed()[0]?.body).toMatchObject({ purchaseOrder: 'PO-2026/17' });
});

it('shows the placed order with Pay now instead of the form until "Place another order"', async () => {
  answerOrder({ acknowledged: true, insertedId: 'o1' });
  const { submit, quantity, fill } = renderForm();
  fill();
  fireEvent.change(quantity, { target: { value: '15' } });
  fireEvent.click(submit);

  const status = await screen.findByRole('status');
  expect(status.textContent).toContain('Order placed');
  expect(status.textContent).toContain('$1,800');
  expect(status.textContent).toContain('1 Main St');
  expect(document.activeElement).toBe(status);
  expect(screen.getByRole('link', { name: 'Pay now' }).getAttribute('href')).toBe(
    '/dashboard/payment/o1',
  );
  expect(screen.queryByRole('button', { name: 'Place order' })).toBeNull();

  fireEvent.click(screen.getByRole('button', { name: 'Place another order' }));
  expect(screen.getByLabelText('Quantity')).toHaveProperty('value', '10');
  expect(screen.getByLabelText('Delivery address')).toHaveProperty('value', '');
  expect(screen.getByLabelText('Phone')).toHaveProperty('value', '');
  expect(document.activeElement).toBe(screen.getByLabelText('Delivery address'));
  expect(placed()).toHaveLength(1);
});

it('moves focus to the first invalid field after a failed submit', () => {
  const { submit } = renderForm();
  fireEvent.change(screen.getByLabelText('Delivery address'), { target: { value: '1 Main St' } });
  fireEvent.click(submit);
  expect(document.activeElement).toBe(screen.getByLabelText('Phone'));
});

it('shows the server refusal and asks for fresh stock', async () => {
  answerOrder(apiError(409, 'Only 3 left in stock'));
  const { submit, fill, onOrdered, onRejected } = renderForm();
  fill();
  fireEvent.click(submit);

  expect((await screen.findByRole('alert')).textContent).toBe('Only 3 left in stock');
  expect(onRejected).toHaveBeenCalled();
  expect(onOrdered).not.toHaveBeenCalled();
  expect(toast.success).not.toHaveBeenCalled();
});

it('shows the 409 for too many unpaid orders with the way to My Orders', async () => {
  answerOrder(apiError(409, RuleMessages.tooManyUnpaidOrders));
  const { submit, fill, onOrdered } = renderForm();
  fill();
  fireEvent.click(submit);

  expect((await screen.findByRole('alert')).textContent).toBe(RuleMessages.tooManyUnpaidOrders);
  expect(screen.getByRole('link', { name: 'Open My Orders' }).getAttribute('href')).toBe(
    '/dashboard/myOrders',
  );
  expect(onOrdered).not.toHaveBeenCalled();
  expect(toast.success).not.toHaveBeenCalled();
});

it('offers My Orders only for the unpaid-orders refusal, a new sign-in only for an ended session', async () => {
  answerOrder(apiError(409, 'Only 3 left in stock'));
  const { submit, fill } = renderForm();
  fill();
  fireEvent.click(submit);
  await screen.findByRole('alert');
  expect(screen.queryByRole('link', { name: 'Open My Orders' })).toBeNull();
  expect(screen.queryByRole('link', { name: 'Sign in again' })).toBeNull();
});

describe('a half-typed order is kept for the tab', () => {
  const remount = () => {
    cleanup();
    return renderForm();
  };

  /** The form without the guard renderForm puts around it, at `entries` of the history. */
  const renderUnguarded = (entries?: ComponentProps<typeof MemoryRouter>['initialEntries']) =>
    render(<OrderForm tool={tool} />, {
      wrapper: ({ children }) => {
        const ServerData = createServerDataWrapper();
        return (
          <MemoryRouter initialEntries={entries}>
            <ServerData>{children}</ServerData>
          </MemoryRouter>
        );
      },
    });

  it('comes back when the form mounts again (back from signing in, Back/Forward), until the order is placed', async () => {
    const first = renderForm();
    first.fill();
    fireEvent.change(first.quantity, { target: { value: '12' } });
    const again = remount();
    expect(screen.getByLabelText('Delivery address')).toHaveProperty('value', '1 Main St');
    expect(screen.getByLabelText('Phone')).toHaveProperty('value', '555 0100');
    expect(again.quantity).toHaveProperty('value', '12');

    answerOrder({ acknowledged: true, insertedId: 'order-1' });
    fireEvent.click(again.submit);
    await screen.findByText('Order placed');
    remount();
    expect(screen.getByLabelText('Delivery address')).toHaveProperty('value', '');
  });

  it('keeps nothing for a form nobody typed in, and never shows the draft of another account', () => {
    renderForm();
    expect(sessionStorage.length).toBe(0);
    cleanup();
    const theirs = {
      email: 'someone@example.com',
      entry: 'default',
      userName: 'Eve',
      address: '9 Other Rd',
      phone: '1',
      quantity: '20',
    };
    sessionStorage.setItem(`toolshop.orderDraft.${tool._id}`, JSON.stringify(theirs));
    renderForm();
    expect(screen.getByLabelText('Delivery address')).toHaveProperty('value', '');
    expect(sessionStorage.length).toBe(0);
  });

  it('"Order again" in a new history entry wins over an older draft; Back to the draft\'s entry shows the draft', () => {
    const keep = (entry: string) =>
      sessionStorage.setItem(
        `toolshop.orderDraft.${tool._id}`,
        JSON.stringify({
          email: signedInUser.email,
          entry,
          userName: 'Ada',
          address: 'Typed Rd',
          phone: '1',
          quantity: '11',
        }),
      );
    const reorder = {
      pathname: `/tools/${tool._id}`,
      state: { reorder: { quantity: 20, address: 'Earlier Rd', phone: '2' } },
    };
    const renderAt = () => renderUnguarded([reorder]);
    keep('an-older-entry');
    renderAt();
    expect(screen.getByLabelText('Delivery address')).toHaveProperty('value', 'Earlier Rd');
    cleanup();
    // The first entry of a MemoryRouter has the key "default".
    keep('default');
    renderAt();
    expect(screen.getByLabelText('Delivery address')).toHaveProperty('value', 'Typed Rd');
  });

  it("stays the typing account's when the session ends while the form is still on screen", () => {
    // The tool page is open to visitors: signed out, the form may render once more before it goes.
    renderUnguarded();
    fireEvent.change(screen.getByLabelText('Delivery address'), { target: { value: '1 Main St' } });
    act(() => useAuth.setState({ status: 'signedOut', user: null }));
    cleanup();
    signInAs('customer');
    renderUnguarded();
    expect(screen.getByLabelText('Delivery address')).toHaveProperty('value', '1 Main St');
  });

  it('offers to sign in again when the session has ended, signing out first', async () => {
    answerOrder(apiError(401, 'Your session has expired. Please sign in again.'));
    const { submit, fill } = renderForm();
    fill();
    fireEvent.click(submit);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your session has expired.');
    const link = screen.getByRole('link', { name: 'Sign in again' });
    expect(link.getAttribute('href')).toBe('/login');
    fireEvent.click(link);
    expect(useAuth.getState().status).toBe('signedOut');
    expect(screen.getByText('Sign-in page')).toBeTruthy();
    // Signed in again, the same account finds its draft.
    signInAs('customer');
    remount();
    expect(screen.getByLabelText('Delivery address')).toHaveProperty('value', '1 Main St');
  });
});

it.each([
  [{ minOrder: 1, available: 12 }, 'Between 1 and 12 units'],
  [{ minOrder: 20, available: 1200 }, 'Between 20 and 1,200 units'],
  [{ minOrder: 1, available: 1 }, 'Only 1 unit left'],
  [{ minOrder: 1500, available: 1500 }, 'Only 1,500 units left'],
  [
    { minOrder: 1000, available: 12_000, packSize: 1000 },
    'Sold in packs of 1,000: between 1,000 and 12,000 units, 1,000 at a time',
  ],
])('says which quantities may be ordered: %p', (stock, hint) => {
  const { quantity } = renderForm({ ...tool, ...stock });
  expect(screen.getByText(hint).id).toBe(quantity.getAttribute('aria-describedby')?.split(' ')[0]);
});

describe('a tool sold in packs with quantity price tiers', () => {
  const blades: Tool = {
    ...tool,
    _id: 'blades-1',
    name: 'Saw blades',
    minOrder: 10,
    available: 502,
    price: 129,
    packSize: 5,
    priceTiers: EXAMPLE_TIERS,
  };
  const unitPrice = () =>
    screen.getByText('Unit price', { selector: 'span' }).nextElementSibling?.textContent;
  const total = () => screen.getByText('Total').nextElementSibling?.textContent;
  const applyingRow = () =>
    screen.getAllByRole('row').find((row) => row.getAttribute('aria-current') === 'true');

  it('steps the quantity by the pack and explains it', () => {
    const { quantity } = renderForm(blades);
    expect(quantity).toHaveProperty('step', '5');
    expect(quantity).toHaveProperty('min', '10');
    expect(quantity).toHaveProperty('max', '500');
    const hint = screen.getByText('Sold in packs of 5: between 10 and 500 units, 5 at a time');
    expect(hint.id).not.toBe('');
    expect(quantity.getAttribute('aria-describedby')).toContain(hint.id);
  });

  it('refuses a part of a pack with the packs message and disables submit', () => {
    const { quantity, submit } = renderForm(blades);
    fireEvent.change(quantity, { target: { value: '12' } });
    expect(screen.getByText(BuyingMessages.packMultiple(5, 10))).toBeTruthy();
    expect(screen.queryByText(Messages.invalidQuantity)).toBeNull();
    expect(submit).toHaveProperty('disabled', true);
    expect(total()).toBe('—');

    fireEvent.change(quantity, { target: { value: '505' } });
    expect(screen.getByText(Messages.invalidQuantity)).toBeTruthy();
    fireEvent.change(quantity, { target: { value: '15' } });
    expect(submit).toHaveProperty('disabled', false);
  });

  it('shows the tier table with the applying row marked, and the unit price and total as the quantity changes', () => {
    const { quantity } = renderForm(blades);
    const table = screen.getByRole('table', { name: 'Price per unit by quantity' });
    expect(
      screen
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent?.replace(' (your quantity)', '')),
    ).toEqual(['10–49$129', '50–199$119', '200+$109']);
    expect(table).toBeTruthy();
    expect(applyingRow()?.textContent).toContain('10–49');
    expect(unitPrice()).toBe('$129');
    expect(total()).toBe('$1,290');

    fireEvent.change(quantity, { target: { value: '50' } });
    expect(applyingRow()?.textContent).toContain('50–199');
    expect(unitPrice()).toBe('$119');
    expect(total()).toBe('$5,950');

    fireEvent.change(quantity, { target: { value: '200' } });
    expect(applyingRow()?.textContent).toContain('200+ (your quantity)');
    expect(unitPrice()).toBe('$109');
    expect(total()).toBe('$21,800');
  });

  it('shows the tier total of the placed order', async () => {
    answerOrder({ acknowledged: true, insertedId: 'o2' });
    const { submit, quantity, fill } = renderForm(blades);
    fill();
    fireEvent.change(quantity, { target: { value: '60' } });
    fireEvent.click(submit);
    expect((await screen.findByRole('status')).textContent).toContain('$7,140');
    expect(network.last('POST', '/orders').body).toMatchObject({ orderQuantity: 60 });
  });

  it('has no tier table or unit-price line for a tool of one price', () => {
    renderForm();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText('Unit price', { selector: 'span' })).toBeNull();
  });
});

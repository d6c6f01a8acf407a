import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useParams } from 'react-router';
import {
  BuyingMessages,
  PurchaseOrderMessages,
  type CheckedOrderLine,
  type Order,
  type QuickOrderCheck,
  type SavedList,
} from '@toolshop/contracts';
import {
  apiError,
  createServerDataWrapper,
  useFakeShop,
  type FakeRequest,
} from '@toolshop/auth/testing';
import { quickOrderState } from '../lib/quick-order-state';
import QuickOrderPage from './quick-order-page';

jest.mock('react-toastify', () => ({ toast: { success: jest.fn(), error: jest.fn() } }));

const DRILL = 'd'.repeat(24);
const BLADE = 'b'.repeat(24);
const found = {
  drill: { toolId: DRILL, name: 'Cordless Drill', unitPrice: 129 },
  blade: { toolId: BLADE, name: 'Saw Blade', unitPrice: 9 },
};

/** What the API answers for the lines sent: known names, a pack of 5 for the blade. */
function answerCheck({
  lines,
}: {
  lines: { product: string; quantity: number }[];
}): QuickOrderCheck {
  const checked = lines.map(({ product, quantity }): CheckedOrderLine => {
    const tool = [found.drill, found.blade].find(
      (t) => t.name.toLowerCase() === product.toLowerCase() || t.toolId === product,
    );
    if (!tool)
      return {
        product,
        quantity,
        problem: BuyingMessages.unknownProduct(product),
        ...(/^cord/i.test(product) && { suggestions: [{ toolId: DRILL, name: 'Cordless Drill' }] }),
      };
    const line = { product, quantity, ...tool, lineTotal: quantity * tool.unitPrice };
    return tool === found.blade && quantity % 5
      ? { ...line, problem: BuyingMessages.packMultiple(5) }
      : line;
  });
  return {
    lines: checked,
    total: checked.filter((l) => !l.problem).reduce((sum, l) => sum + (l.lineTotal ?? 0), 0),
    orderable: checked.every((l) => !l.problem),
  };
}

const lastOrder = {
  _id: 'o1',
  address: '12 Elm Street',
  phone: '+1 555 0100',
  createdAt: '2026-01-02T00:00:00Z',
} as Order;
const olderOrder = {
  _id: 'o0',
  address: 'Old Road 1',
  phone: '000',
  createdAt: '2025-01-02T00:00:00Z',
} as Order;
const list: SavedList = {
  _id: 'l'.repeat(24),
  name: 'Monthly consumables',
  lines: [
    { toolId: DRILL, name: 'Cordless Drill', quantity: 2 },
    { toolId: BLADE, name: 'Saw Blade', quantity: 10 },
  ],
};

function PaymentStandIn() {
  return <p>Payment page of {useParams().id}</p>;
}

async function renderAt(entry: string | { pathname: string; state: unknown }) {
  render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/dashboard/quickOrder" element={<QuickOrderPage />} />
        <Route path="/dashboard/payment/:id" element={<PaymentStandIn />} />
      </Routes>
    </MemoryRouter>,
    { wrapper: createServerDataWrapper() },
  );
  await waitFor(() => expect(screen.queryByLabelText('Loading quick order')).toBeNull());
  return userEvent.setup();
}

const rowOf = (name: string) =>
  screen.getByRole('rowheader', { name: new RegExp(name) }).closest('tr') as HTMLElement;
const network = useFakeShop();
const checkPosts = () => network.requests('POST', '/quickOrders/check');
const checkedLines = () => checkPosts().map((request) => request.body);
const orderPosts = () => network.requests('POST', '/quickOrders');
/** The order placed: sent once, as one attempt. */
async function placedOrder(): Promise<FakeRequest> {
  await waitFor(() => expect(orderPosts()).toHaveLength(1));
  const sent = orderPosts()[0]!;
  expect(sent.headers['Idempotency-Key']).toMatch(/^attempt-/);
  return sent;
}
const checkOf = ({ body }: FakeRequest) => answerCheck(body as never);

beforeEach(() => {
  jest.clearAllMocks();
  network.on('GET', '/orders', [olderOrder, lastOrder]);
  network.on('GET', '/savedLists', [list]);
  network.on('GET', '/users', [{ _id: 'u1', email: 'ada@example.com', phone: '+1 555 0142' }]);
  network.on('POST', '/quickOrders/check', checkOf);
  network.on('POST', '/quickOrders', { acknowledged: true, insertedId: 'o9' });
  network.on('POST', '/savedLists', { acknowledged: true, insertedId: 'l2' });
});

describe('QuickOrderPage', () => {
  it('shows every problem per line and the unreadable lines; Place order waits until all can be ordered', async () => {
    const user = await renderAt('/dashboard/quickOrder');
    const place = screen.getByRole('button', { name: 'Place order' });
    expect(place).toBeDisabled();

    await user.type(
      screen.getByLabelText('Products and quantities'),
      'Cordless Drill, 5\nSaw Blade, 7\nWidget, 1\njust words',
    );
    await user.click(screen.getByRole('button', { name: 'Check lines' }));

    await waitFor(() =>
      expect(checkedLines()).toContainEqual({
        lines: [
          { product: 'Cordless Drill', quantity: 5 },
          { product: 'Saw Blade', quantity: 7 },
          { product: 'Widget', quantity: 1 },
        ],
      }),
    );
    await screen.findByText(BuyingMessages.packMultiple(5));
    // the table adds its rows in steps, a step a frame
    await screen.findByRole('rowheader', { name: /just words/ });
    expect(within(rowOf('Cordless Drill')).getByText('$645')).toBeInTheDocument();
    expect(
      within(rowOf('Widget')).getByText(BuyingMessages.unknownProduct('Widget')),
    ).toBeInTheDocument();
    expect(within(rowOf('just words')).getByText(BuyingMessages.lineFormat)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('4 lines checked: 3 need attention');
    expect(place).toBeDisabled();
    expect(orderPosts()).toEqual([]);

    const lines = screen.getByLabelText('Products and quantities');
    await user.clear(lines);
    await user.type(lines, 'Cordless Drill, 5\nSaw Blade, 10');
    expect(screen.getByText(/The lines changed since this check/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Check lines' }));
    await waitFor(() => expect(place).toBeEnabled());
    expect(screen.getByRole('status')).toHaveTextContent(
      '2 lines checked: every line can be ordered.',
    );
    expect(screen.getByText('$735')).toBeInTheDocument();

    // The newest order's address and phone are prefilled.
    expect(screen.getByLabelText('Delivery address')).toHaveValue('12 Elm Street');
    expect(screen.getByLabelText('Phone')).toHaveValue('+1 555 0100');
    await user.click(place);
    expect((await placedOrder()).body).toEqual({
      lines: [
        { toolId: DRILL, quantity: 5 },
        { toolId: BLADE, quantity: 10 },
      ],
      address: '12 Elm Street',
      phone: '+1 555 0100',
      userName: 'Ada Lovelace',
    });
    expect(await screen.findByText('Payment page of o9')).toBeInTheDocument();
  });

  it('reads an uploaded CSV (header, quotes, semicolons) into the lines and checks them', async () => {
    // jsdom's Blob has no text() (browsers do): read it as browsers would.
    Blob.prototype.text ??= function (this: Blob) {
      return new Promise<string>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.readAsText(this);
      });
    };
    const user = await renderAt('/dashboard/quickOrder');
    const csv = new File(
      ['product;quantity\r\n"Cordless Drill";3\r\nSaw Blade;15\r\n'],
      'order.csv',
      { type: 'text/csv' },
    );
    await user.upload(screen.getByLabelText('Or upload a CSV file'), csv);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Place order' })).toBeEnabled());
    expect(checkedLines()).toContainEqual({
      lines: [
        { product: 'Cordless Drill', quantity: 3 },
        { product: 'Saw Blade', quantity: 15 },
      ],
    });
    expect(screen.getByLabelText('Products and quantities')).toHaveValue(
      'product;quantity\r\n"Cordless Drill";3\r\nSaw Blade;15\r\n'.replace(/\r\n/g, '\n'),
    );
  });

  it('refuses an empty text and an empty address before sending anything', async () => {
    for (const path of ['/orders', '/savedLists', '/users']) network.on('GET', path, []);
    const user = await renderAt('/dashboard/quickOrder');
    await user.click(screen.getByRole('button', { name: 'Check lines' }));
    expect(screen.getByLabelText('Products and quantities')).toHaveAccessibleDescription(
      expect.stringContaining(BuyingMessages.noLines),
    );
    expect(checkPosts()).toHaveLength(0);

    await user.type(screen.getByLabelText('Products and quantities'), 'Cordless Drill, 1');
    await user.click(screen.getByRole('button', { name: 'Check lines' }));
    await user.click(await screen.findByRole('button', { name: 'Place order' }, { timeout: 2000 }));
    await waitFor(() =>
      expect(screen.getByLabelText('Delivery address')).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(screen.getByLabelText('Delivery address')).toHaveFocus();
    expect(orderPosts()).toEqual([]);
  });

  it('sends the optional PO number trimmed, and refuses a bad one with the shared rule', async () => {
    const user = await renderAt('/dashboard/quickOrder');
    await user.type(screen.getByLabelText('Products and quantities'), 'Cordless Drill, 1');
    await user.click(screen.getByRole('button', { name: 'Check lines' }));
    const place = screen.getByRole('button', { name: 'Place order' });
    await waitFor(() => expect(place).toBeEnabled());
    const purchaseOrder = screen.getByLabelText(PurchaseOrderMessages.fieldLabel);
    await user.type(purchaseOrder, 'PO <7>');
    await user.click(place);
    expect(purchaseOrder).toHaveAccessibleDescription(
      expect.stringContaining(PurchaseOrderMessages.format),
    );
    expect(purchaseOrder).toHaveFocus();
    expect(orderPosts()).toEqual([]);

    await user.clear(purchaseOrder);
    await user.type(purchaseOrder, ' WS-2026/11 #4 ');
    await user.click(place);
    expect((await placedOrder()).body).toMatchObject({ purchaseOrder: 'WS-2026/11 #4' });
  });

  it('says when the stock went meanwhile and checks the lines again', async () => {
    const user = await renderAt('/dashboard/quickOrder');
    await user.type(screen.getByLabelText('Products and quantities'), 'Cordless Drill, 5');
    await user.click(screen.getByRole('button', { name: 'Check lines' }));
    const place = screen.getByRole('button', { name: 'Place order' });
    await waitFor(() => expect(place).toBeEnabled());
    network.on('POST', '/quickOrders', apiError(409, BuyingMessages.stockChanged));
    network.on('POST', '/quickOrders/check', (request: FakeRequest) => ({
      ...checkOf(request),
      lines: [{ ...checkOf(request).lines[0], problem: 'Only 2 in stock' }],
      orderable: false,
    }));
    await user.click(place);
    expect(await screen.findByRole('alert')).toHaveTextContent(BuyingMessages.stockChanged);
    expect(await screen.findByText('Only 2 in stock')).toBeInTheDocument();
    expect(checkPosts()).toHaveLength(2);
    expect(place).toBeDisabled();
  });

  it('offers "did you mean" for an unmatched line; one click rewrites it and checks again', async () => {
    const user = await renderAt('/dashboard/quickOrder');
    await user.type(screen.getByLabelText('Products and quantities'), 'Cordles Dril, 5');
    await user.click(screen.getByRole('button', { name: 'Check lines' }));
    const row = rowOf('Cordles Dril');
    expect(await within(row).findByText('Did you mean:')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Cordless Drill' }));
    expect(screen.getByLabelText('Products and quantities')).toHaveValue('Cordless Drill, 5');
    await waitFor(() =>
      expect(within(rowOf('Cordless Drill')).getByText('$645')).toBeInTheDocument(),
    );
  });

  it('opens a saved list (?list=) with its lines checked at once: one click to place the order', async () => {
    const user = await renderAt(`/dashboard/quickOrder?list=${list._id}`);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Place order' })).toBeEnabled());
    expect(checkedLines()).toContainEqual({
      lines: [
        { product: 'Cordless Drill', quantity: 2 },
        { product: 'Saw Blade', quantity: 10 },
      ],
    });
    // The box shows names a buyer reads, never the 24-character ids.
    expect(screen.queryByText(new RegExp(BLADE))).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText('Payment page of o9')).toBeInTheDocument();
  });

  it("says a list that is not the customer's (or is gone) is not found", async () => {
    await renderAt(`/dashboard/quickOrder?list=${'f'.repeat(24)}`);
    expect(screen.getByRole('alert')).toHaveTextContent(BuyingMessages.listNotFound);
    expect(screen.getByRole('link', { name: 'Your saved lists' })).toHaveAttribute(
      'href',
      '/dashboard/lists',
    );
    expect(checkPosts()).toHaveLength(0);
  });

  it("opens an earlier order's lines, address and phone (Order again) and checks them", async () => {
    await renderAt({
      pathname: '/dashboard/quickOrder',
      state: quickOrderState({
        lines: [{ product: DRILL, quantity: 3 }],
        address: '9 Other Way',
        phone: '+1 555 0199',
      }),
    });
    expect(screen.getByLabelText('Products and quantities')).toHaveValue(`${DRILL}, 3`);
    expect(screen.getByLabelText('Delivery address')).toHaveValue('9 Other Way');
    expect(screen.getByLabelText('Phone')).toHaveValue('+1 555 0199');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Place order' })).toBeEnabled());
  });

  it("takes the profile's phone when there is no earlier order", async () => {
    network.on('GET', '/orders', []).on('GET', '/savedLists', []);
    await renderAt('/dashboard/quickOrder');
    expect(network.last('GET', '/users').path).toBe('/users?email=ada%40example.com');
    expect(screen.getByLabelText('Delivery address')).toHaveValue('');
    expect(screen.getByLabelText('Phone')).toHaveValue('+1 555 0142');
  });

  it('saves the checked lines as a named list, each product once', async () => {
    const user = await renderAt('/dashboard/quickOrder');
    await user.type(
      screen.getByLabelText('Products and quantities'),
      'Cordless Drill, 5\nWidget, 1\ncordless drill, 2',
    );
    await user.click(screen.getByRole('button', { name: 'Check lines' }));
    await user.click(await screen.findByRole('button', { name: 'Save as list' }));
    const dialog = screen.getByRole('dialog', { name: 'Save these lines as a list' });
    await user.click(within(dialog).getByRole('button', { name: 'Save list' }));
    expect(within(dialog).getByLabelText('List name')).toHaveAccessibleDescription(
      BuyingMessages.listNameRequired,
    );

    network.once('POST', '/savedLists', apiError(409, BuyingMessages.listNameTaken));
    await user.type(within(dialog).getByLabelText('List name'), 'Site A');
    await user.click(within(dialog).getByRole('button', { name: 'Save list' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('List name')).toHaveAccessibleDescription(
        BuyingMessages.listNameTaken,
      ),
    );

    await user.click(within(dialog).getByRole('button', { name: 'Save list' }));
    await waitFor(() => expect(network.requests('POST', '/savedLists')).toHaveLength(2));
    expect(network.last('POST', '/savedLists').body).toEqual({
      name: 'Site A',
      lines: [{ toolId: DRILL, quantity: 5 }],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { toast } from 'react-toastify';
import { LIST_MAX_LIMIT, type Order } from '@toolshop/contracts';
import { useAuth } from '@toolshop/auth';
import {
  apiError,
  browser,
  createServerDataWrapper,
  unreachable,
  useFakeShop,
} from '@toolshop/auth/testing';
import MyOrdersPage, { ORDER_ROWS_STEP } from './my-orders-page';

jest.mock('react-toastify', () => ({ toast: { success: jest.fn(), error: jest.fn() } }));

const order = (overrides: Partial<Order>): Order => ({
  _id: 'o1',
  toolId: 't1',
  name: 'Cordless Drill',
  userName: 'Ada Lovelace',
  img: '/drill.webp',
  email: 'ada@example.com',
  address: '1 Analytical Way',
  phone: '123',
  orderQuantity: 1200,
  totalPrice: 30000,
  paid: false,
  shipped: false,
  ...overrides,
});

const unpaid = order({ _id: 'o1' });
const paid = order({ _id: 'o2', name: 'Angle Grinder', paid: true, transactionId: 'pi_123' });
const shipped = order({
  _id: 'o3',
  name: 'Jigsaw',
  paid: true,
  shipped: true,
  transactionId: 'pi_456',
});

/** Where Order again leads, with the state it carries. */
function Landing() {
  const location = useLocation();
  return (
    <pre data-testid="landing">
      {JSON.stringify({ path: location.pathname, state: location.state })}
    </pre>
  );
}

/** Renders once the list (or its failure) is on screen, with every row shown at first. */
async function renderPage(entry = '/dashboard/myOrders') {
  render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/dashboard/myOrders" element={<MyOrdersPage />} />
        <Route path="*" element={<Landing />} />
      </Routes>
    </MemoryRouter>,
    { wrapper: createServerDataWrapper() },
  );
  await waitFor(() => expect(screen.queryByLabelText('Loading your orders')).toBeNull());
  // the table adds its rows a step a frame (jsdom's frames are slow on a loaded machine)
  const rows = Array.isArray(answered) ? Math.min(answered.length, ORDER_ROWS_STEP) : 0;
  await waitFor(
    () =>
      expect(document.querySelector('table')?.tBodies[0]?.rows.length ?? 0).toBeGreaterThanOrEqual(
        rows,
      ),
    { timeout: 30_000 },
  );
  return userEvent.setup();
}

/** How often the list was asked for. */
const listReads = () => network.requests('GET', '/orders').length;

const rowOf = (name: string) =>
  screen.getByRole('rowheader', { name }).closest('tr') as HTMLElement;

const network = useFakeShop();
/** What the orders list answers from now on. */
let answered: unknown;
const answerQuery = (answer: unknown) => {
  answered = answer;
  network.on('GET', '/orders', answer);
};
const cancels = () => network.requests('DELETE', '/orders/o1');

beforeEach(() => {
  jest.clearAllMocks();
  answered = undefined;
});

describe('MyOrdersPage', () => {
  it("asks for the user's own orders and signs out on 401/403", async () => {
    answerQuery([]);
    await renderPage();
    expect(network.last('GET', '/orders').path).toBe('/orders?email=ada%40example.com');
    cleanup();
    answerQuery(apiError(403, 'Forbidden'));
    render(
      <MemoryRouter>
        <MyOrdersPage />
      </MemoryRouter>,
      { wrapper: createServerDataWrapper() },
    );
    await waitFor(() => expect(useAuth.getState().status).toBe('signedOut'));
    expect(browser.visited).toEqual(['/']);
  });

  it('lists product, quantity, total in dollars and state', async () => {
    answerQuery([unpaid, paid, shipped]);
    await renderPage();
    // the rows come in steps (DataTable): all are there once the last is
    await screen.findByRole('rowheader', { name: 'Jigsaw' });
    const row = within(rowOf('Cordless Drill'));
    expect(row.getByText('1,200 units')).toBeInTheDocument();
    expect(row.getByText('$30,000')).toBeInTheDocument();
    expect(row.getByText('Unpaid')).toBeInTheDocument();
    expect(within(rowOf('Angle Grinder')).getByText('Paid')).toBeInTheDocument();
    expect(within(rowOf('Jigsaw')).getByText('Shipped')).toBeInTheDocument();
  });

  it('says until when an unpaid order holds its stock, in local date and time', async () => {
    const reservedUntil = '2030-05-04T13:30:00.000Z';
    answerQuery([
      order({ _id: 'o1', reservedUntil }),
      order({
        _id: 'o2',
        name: 'Angle Grinder',
        paid: true,
        transactionId: 'pi_123',
        reservedUntil,
      }),
    ]);
    await renderPage();
    const local = new Intl.DateTimeFormat(undefined, {
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(new Date(reservedUntil));
    const reserved = within(rowOf('Cordless Drill')).getByText(/^Reserved until/);
    expect(reserved).toHaveTextContent(`Reserved until ${local}`);
    expect(within(reserved).getByText(local)).toHaveAttribute('datetime', reservedUntil);
    expect(within(rowOf('Angle Grinder')).queryByText(/Reserved until/)).not.toBeInTheDocument();
  });

  it('says nothing about a reservation the API did not give', async () => {
    answerQuery([
      order({ _id: 'o1' }),
      order({ _id: 'o2', name: 'Jigsaw', reservedUntil: 'not a date' }),
    ]);
    await renderPage();
    expect(screen.queryByText(/Reserved until/)).not.toBeInTheDocument();
  });

  it('offers Pay and Cancel for an unpaid order only', async () => {
    answerQuery([unpaid, paid]);
    await renderPage();
    const unpaidRow = within(rowOf('Cordless Drill'));
    expect(unpaidRow.getByRole('link', { name: /^Pay/ })).toHaveAttribute(
      'href',
      '/dashboard/payment/o1',
    );
    expect(unpaidRow.getByRole('button', { name: /^Cancel/ })).toBeInTheDocument();

    const paidRow = within(rowOf('Angle Grinder'));
    expect(paidRow.getByText('pi_123')).toBeInTheDocument();
    expect(paidRow.queryByRole('link', { name: /^Pay/ })).not.toBeInTheDocument();
    expect(paidRow.queryByRole('button', { name: /^Cancel/ })).not.toBeInTheDocument();
  });

  it('cancels only after confirmation, then reloads', async () => {
    answerQuery([unpaid]);
    network.on('DELETE', '/orders/o1', { acknowledged: true, deletedCount: 1 });
    const user = await renderPage();
    const reads = listReads();

    await user.click(screen.getByRole('button', { name: /^Cancel/ }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this order?' });
    expect(network.requests('DELETE')).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(cancels()).toHaveLength(1));
    expect(cancels()[0]?.headers['Idempotency-Key']).toMatch(/^attempt-/);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('canceled order'));
    await waitFor(() => expect(listReads()).toBeGreaterThan(reads));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('keeps the order when the user changes their mind', async () => {
    answerQuery([unpaid]);
    const user = await renderPage();
    await user.click(screen.getByRole('button', { name: /^Cancel/ }));
    await user.click(screen.getByRole('button', { name: 'Keep order' }));
    expect(network.requests('DELETE')).toEqual([]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows the server's refusal and refreshes the list", async () => {
    answerQuery([unpaid]);
    network.on('DELETE', '/orders/o1', apiError(409, 'A paid order cannot be cancelled'));
    const user = await renderPage();
    const reads = listReads();
    await user.click(screen.getByRole('button', { name: /^Cancel/ }));
    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('A paid order cannot be cancelled'),
    );
    expect(toast.success).not.toHaveBeenCalled();
    await waitFor(() => expect(listReads()).toBeGreaterThan(reads));
  });

  it('leaves a 401 to the shared client, which signs the user out', async () => {
    answerQuery([unpaid]);
    network.on('DELETE', '/orders/o1', apiError(401, 'Unauthorized'));
    const user = await renderPage();
    await user.click(screen.getByRole('button', { name: /^Cancel/ }));
    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(toast.error).not.toHaveBeenCalled();
    expect(useAuth.getState().status).toBe('signedOut');
    expect(browser.visited).toEqual(['/']);
  });

  it("shows a multi-line order's lines, and Order again opens Quick Order with them", async () => {
    const lines = [
      {
        toolId: 't1',
        name: 'Cordless Drill',
        img: '/drill.webp',
        orderQuantity: 5,
        unitPrice: 129,
        totalPrice: 645,
      },
      {
        toolId: 't2',
        name: 'Saw Blade',
        img: '/blade.webp',
        orderQuantity: 50,
        unitPrice: 9,
        totalPrice: 450,
      },
    ];
    answerQuery([
      order({
        _id: 'o5',
        name: 'Cordless Drill and 1 more',
        orderQuantity: 55,
        totalPrice: 1095,
        lines,
      }),
    ]);
    const user = await renderPage();
    const row = within(rowOf('Cordless Drill and 1 more'));
    await user.click(row.getByText('2 lines'));
    const shown = row.getByRole('list', { name: 'Lines of Cordless Drill and 1 more' });
    expect(
      within(shown)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Cordless Drill× 5 @ $129 = $645', 'Saw Blade× 50 @ $9 = $450']);

    await user.click(row.getByRole('link', { name: 'Order again: Cordless Drill and 1 more' }));
    expect(JSON.parse(screen.getByTestId('landing').textContent ?? '')).toEqual({
      path: '/dashboard/quickOrder',
      state: {
        quickOrder: {
          lines: [
            { product: 'Cordless Drill', quantity: 5 },
            { product: 'Saw Blade', quantity: 50 },
          ],
          address: '1 Analytical Way',
          phone: '123',
        },
      },
    });
  });

  it('has an empty state with a way to the shop', async () => {
    answerQuery([]);
    await renderPage();
    expect(screen.getByText('No orders yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the tools' })).toHaveAttribute('href', '/');
  });

  it('offers a retry when the list cannot be loaded', async () => {
    answerQuery(unreachable);
    const user = await renderPage();
    const reads = listReads();
    await user.click(screen.getByRole('button', { name: /retry|try again/i }));
    await waitFor(() => expect(listReads()).toBeGreaterThan(reads));
  });

  describe('a big buyer’s list', () => {
    const many = Array.from({ length: 45 }, (_, i) =>
      order({ _id: `m${i}`, name: `Tool ${i}`, paid: true, transactionId: `pi_${i}` }),
    );
    const rowCount = () => screen.getAllByRole('rowheader', { name: /^Tool \d+/ }).length;

    // The table adds its rows a step a frame, steps sized by how long frames take: two rows a
    // frame where frames are slow, as jsdom's are on a loaded machine (18 of 20 rows in 5 s once).
    const tableFilled = { timeout: 30_000 };

    it('shows the newest orders first and more on request', async () => {
      answerQuery(many);
      const user = await renderPage();
      await waitFor(() => expect(rowCount()).toBe(ORDER_ROWS_STEP), tableFilled);
      await user.click(screen.getByRole('button', { name: 'Show more orders (25 more)' }));
      await waitFor(() => expect(rowCount()).toBe(40), tableFilled);
      await user.click(screen.getByRole('button', { name: 'Show more orders (5 more)' }));
      await waitFor(() => expect(rowCount()).toBe(45), tableFilled);
      expect(screen.queryByRole('button', { name: /Show more orders/ })).toBeNull();
    }, 90_000);

    it('says how to find the older orders under a list the API cut at its limit', async () => {
      const newest = Array.from({ length: LIST_MAX_LIMIT }, (_, i) =>
        order({ _id: `n${i}`, name: `Tool ${i}`, paid: true, transactionId: `pi_${i}` }),
      );
      answerQuery(newest);
      // (the last order linked to: every row shown at once)
      Object.defineProperty(Element.prototype, 'scrollIntoView', {
        value: () => undefined,
        configurable: true,
      });
      await renderPage(`/dashboard/myOrders?order=n${LIST_MAX_LIMIT - 1}`);
      const note = `Only your ${LIST_MAX_LIMIT} newest orders are listed: find an older one by its number.`;
      expect(await screen.findByText(note)).toBeVisible();
      delete (Element.prototype as { scrollIntoView?: unknown }).scrollIntoView;
    }, 90_000);

    it('says nothing of older orders under a list shorter than the limit', async () => {
      answerQuery(many.slice(0, 5));
      await renderPage();
      expect(screen.queryByText(/newest orders are listed/)).toBeNull();
    });

    it('shows the order a link points at, however far down the list', async () => {
      answerQuery(many);
      // (jsdom lays nothing out: the page scrolls the row into view)
      const scrolled = jest.fn();
      Object.defineProperty(Element.prototype, 'scrollIntoView', {
        value: scrolled,
        configurable: true,
      });
      await renderPage('/dashboard/myOrders?order=m29');
      await waitFor(() => expect(scrolled).toHaveBeenCalled());
      expect(rowCount()).toBe(30);
      expect(rowOf('Tool 29')).toHaveAttribute('aria-current', 'true');
      expect(screen.getByRole('button', { name: 'Show more orders (15 more)' })).toBeVisible();
      delete (Element.prototype as { scrollIntoView?: unknown }).scrollIntoView;
    });
  });
});

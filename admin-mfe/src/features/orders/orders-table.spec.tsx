import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { toast } from 'react-toastify';
import { createQueryClient, useAuth } from '@toolshop/auth';
import {
  apiError,
  browser,
  createServerDataWrapper,
  listPage,
  pending,
  useFakeShop,
  type FakeRequest,
} from '@toolshop/auth/testing';
import { InvoiceMessages, Messages, type Order } from '@toolshop/contracts';
import { ApproveMessages } from './approve-order-dialog';
import { DeliverMessages } from './api/deliver-order';
import { STATE_FILTERS } from './order-filters';
import { OrdersTable } from './orders-table';

jest.mock('react-toastify', () => ({ toast: { success: jest.fn(), error: jest.fn() } }));

const order = (id: string, paid: boolean, shipped: boolean): Order => ({
  _id: id,
  toolId: 't1',
  name: `Drill ${id}`,
  userName: 'Carla',
  img: '/drill.webp',
  email: 'carla@example.com',
  address: 'Main St 1',
  phone: '123',
  orderQuantity: 12,
  totalPrice: 1068,
  paid,
  shipped,
});

const network = useFakeShop({ user: 'admin' });
function answer(orders: Order[], total = orders.length) {
  network.on('GET', '/adminOrders', listPage(orders, total));
}
const listed = () => network.requests('GET', '/adminOrders');
const bodiesOf = (method: string, path: string) =>
  network.requests(method, path).map((request) => request.body);
const changed = { acknowledged: true, matchedCount: 1, modifiedCount: 1 };

beforeEach(() => {
  jest.clearAllMocks();
  answer([order('o1', false, false), order('o2', true, false), order('o3', true, true)], 25);
});

const lastPath = () => String(listed().at(-1)?.path);

function renderTable(client = createQueryClient()) {
  render(
    <MemoryRouter initialEntries={['/dashboard/manageOrders']}>
      <Routes>
        <Route path="/dashboard/manageOrders" element={<OrdersTable />} />
        <Route path="/" element={<p>home page</p>} />
      </Routes>
    </MemoryRouter>,
    { wrapper: createServerDataWrapper(client) },
  );
}

const row = (id: string) => screen.getByRole('row', { name: new RegExp(`Drill ${id}`) });

it('shows each order with customer, product, quantity, total and state, and the right action', async () => {
  renderTable();
  // the table's rows come in steps (DataTable): the last one is there when all are
  await screen.findByText('Drill o3');
  expect(listed().map((request) => request.path)).toEqual(['/adminOrders?limit=10&page=1']);
  expect(row('o1')).toHaveTextContent(/Carla.*carla@example.com.*\$1,068.*12 units.*Unpaid/);
  const buttons = (id: string) =>
    within(row(id))
      .queryAllByRole('button')
      .map((b) => b.textContent);
  expect(buttons('o1')).toEqual(['Cancel']);
  // An API from before states: the lifecycle's rule for admins decides.
  expect(buttons('o2')).toEqual([InvoiceMessages.link, 'Approve', 'Refund']);
  expect(row('o3')).toHaveTextContent('Shipped');
  expect(buttons('o3')).toEqual([InvoiceMessages.link, 'Mark delivered', 'Refund']);
  expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
});

it('shows the buyer’s PO number beside the order number when the order has one', async () => {
  answer([
    { ...order('o1', false, false), number: 'TS-100001', purchaseOrder: 'PO-2026/17' },
    { ...order('o2', false, false), number: 'TS-100002' },
  ]);
  renderTable();
  await screen.findByText('Drill o2');
  expect(within(row('o1')).getByText('PO number: PO-2026/17')).toBeInTheDocument();
  expect(row('o2')).not.toHaveTextContent('PO number');
});

it('filters by state and pages through the results', async () => {
  renderTable();
  await screen.findByText('Drill o1');
  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  await waitFor(() => expect(lastPath()).toBe('/adminOrders?limit=10&page=2'));

  fireEvent.click(screen.getByRole('radio', { name: 'Paid' }));
  await waitFor(() => expect(lastPath()).toBe('/adminOrders?limit=10&page=1&state=paid'));
});

it('is busy while it shows the last page for the next, not while it reloads the rows it shows', async () => {
  const client = createQueryClient();
  renderTable(client);
  await screen.findByText('Drill o1');
  const table = () => screen.getByRole('table').closest('[aria-busy]');
  expect(table()).toHaveAttribute('aria-busy', 'false');

  // The rows on screen are what was asked for while a reload of them runs (an order changed).
  network.on('GET', '/adminOrders?limit=10&page=1', pending());
  void client.invalidateQueries();
  await waitFor(() => expect(listed()).toHaveLength(2));
  expect(table()).toHaveAttribute('aria-busy', 'false');

  network.on('GET', '/adminOrders?limit=10&page=2', pending());
  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  await waitFor(() => expect(table()).toHaveAttribute('aria-busy', 'true'));
  expect(screen.getByText('Drill o1')).toBeInTheDocument();
});

/** Clicks Approve on the paid order o2 (the API accepts) and answers the dialog it opens. */
async function openApproveDialog() {
  network.on('PATCH', '/adminOrders/o2', changed);
  renderTable();
  fireEvent.click(await screen.findByRole('button', { name: /Approve order of Drill o2/ }));
  return screen.getByRole('dialog', { name: 'Approve for shipping' });
}

it('approves a paid order shipped without tracking only when the admin says so', async () => {
  const dialog = await openApproveDialog();
  // Where it goes is in the dialog.
  expect(within(dialog).getByRole('region', { name: 'Ship to' })).toHaveTextContent('Phone');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Approve for shipping' }));
  expect(await within(dialog).findByText(ApproveMessages.chooseCarrier)).toBeInTheDocument();
  expect(within(dialog).getByText(ApproveMessages.trackingRequired)).toBeInTheDocument();
  expect(within(dialog).getByLabelText('Carrier')).toHaveFocus();
  expect(network.requests('PATCH')).toEqual([]);

  fireEvent.click(within(dialog).getByLabelText('Ship without a tracking number'));
  expect(within(dialog).getByLabelText('Tracking number')).toBeDisabled();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Approve for shipping' }));

  await waitFor(() => expect(toast.success).toHaveBeenCalledWith(Messages.approvedForShipping));
  // Shipped without tracking, no carrier chosen: the spec's call, without carrier or tracking number.
  expect(bodiesOf('PATCH', '/adminOrders/o2')).toEqual([{}]);
  expect(network.last('PATCH', '/adminOrders/o2').headers['Idempotency-Key']).toMatch(/^attempt-/);
  // the answer renders in a background pass (useDeferredQuery)
  await waitFor(() => expect(row('o2')).toHaveTextContent('Shipped'));
  expect(within(row('o2')).queryByRole('button', { name: /^Approve/ })).toBeNull();
});

it('sends the carrier and tracking number entered on approval, checked first', async () => {
  const dialog = await openApproveDialog();
  const tracking = within(dialog).getByLabelText('Tracking number');
  fireEvent.change(within(dialog).getByLabelText('Carrier'), { target: { value: 'Other' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Approve for shipping' }));
  expect(await within(dialog).findByText(ApproveMessages.nameCarrier)).toBeInTheDocument();
  fireEvent.change(within(dialog).getByLabelText('Carrier name'), { target: { value: ' Ace ' } });
  fireEvent.change(within(dialog).getByLabelText('Carrier'), { target: { value: 'DHL' } });
  expect(within(dialog).queryByLabelText('Carrier name')).toBeNull();
  fireEvent.change(tracking, { target: { value: '<b>' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Approve for shipping' }));
  expect(await within(dialog).findByText(/The tracking number may hold/)).toBeInTheDocument();
  expect(tracking).toHaveAttribute('aria-invalid', 'true');
  expect(network.requests('PATCH')).toEqual([]);

  fireEvent.change(tracking, { target: { value: 'JD0146 0000' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Approve for shipping' }));
  await waitFor(() =>
    expect(bodiesOf('PATCH', '/adminOrders/o2')).toEqual([
      { carrier: 'DHL', trackingNumber: 'JD0146 0000' },
    ]),
  );
  await waitFor(() => expect(row('o2')).toHaveTextContent('Shipped'));
});

it('cancels an unpaid order after the confirmation and reloads the page', async () => {
  network.on('DELETE', '/orders/o1', { acknowledged: true, deletedCount: 1 });
  renderTable();
  fireEvent.click(await screen.findByRole('button', { name: /Cancel order of Drill o1/ }));
  const calls = listed().length;
  fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel order' }));

  await waitFor(() => expect(toast.success).toHaveBeenCalledWith(Messages.orderCanceled));
  expect(network.last('DELETE', '/orders/o1').headers['Idempotency-Key']).toMatch(/^attempt-/);
  await waitFor(() => expect(listed().length).toBe(calls + 1));
});

it('signs out and goes home on 401/403, showing the refusal meanwhile', async () => {
  network.on('GET', '/adminOrders', apiError(403, 'Forbidden'));
  renderTable();
  expect(await screen.findByText('The orders could not be loaded.')).toBeInTheDocument();
  await waitFor(() => expect(browser.visited).toEqual(['/']));
  expect(useAuth.getState().status).toBe('signedOut');
});

it('says so when there are no orders of the chosen state', async () => {
  answer([], 0);
  renderTable();
  expect(await screen.findByText('No orders yet')).toBeInTheDocument();
});

it('shows the page before when the last order of a page is cancelled', async () => {
  network.on('DELETE', '/orders/last', { acknowledged: true, deletedCount: 1 });
  const firstPage = Array.from({ length: 10 }, (_, i) => order(`p${i}`, true, false));
  let secondPage = [order('last', false, false)];
  network.on('GET', '/adminOrders', ({ path }: FakeRequest) =>
    listPage(path.includes('page=2') ? secondPage : firstPage, 10 + secondPage.length),
  );
  renderTable();
  fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
  fireEvent.click(await screen.findByRole('button', { name: /Cancel order of Drill last/ }));
  secondPage = [];
  fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel order' }));

  await waitFor(() => expect(lastPath()).toBe('/adminOrders?limit=10&page=1'));
  expect(await screen.findByText('1–10 of 10')).toBeInTheDocument();
  expect(screen.queryByText('Drill last')).toBeNull();
});

it('exports the current filter as a CSV file, with the admin token (through the API client)', async () => {
  network.on('GET', '/adminOrders/export.csv', 'number,state\n');
  render(
    <MemoryRouter>
      <OrdersTable />
    </MemoryRouter>,
    { wrapper: createServerDataWrapper() },
  );
  fireEvent.click(await screen.findByRole('radio', { name: 'Paid' }));
  fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
  // Fetched with the token, saved under the name the table gives when the API names none.
  await waitFor(() => expect(browser.saved).toHaveLength(1));
  expect(browser.saved[0]).toMatch(/^orders-paid-\d{4}-\d\d-\d\d\.csv$/);
  const sent = network.last('GET', '/adminOrders/export.csv');
  expect(sent.path).toBe('/adminOrders/export.csv?state=paid');
  expect(sent.headers).toMatchObject({
    Accept: 'text/csv',
    Authorization: 'Bearer token-of-grace@example.com',
  });
});

it('offers "Invoice (PDF)" for paid and shipped orders only, downloaded through the API client', async () => {
  network.on('GET', '/orders/o2/invoice.pdf', '%PDF-');
  render(
    <MemoryRouter>
      <OrdersTable />
    </MemoryRouter>,
    { wrapper: createServerDataWrapper() },
  );
  const invoice = (name: string) =>
    screen.queryByRole('button', {
      name: `${InvoiceMessages.link} of the order of ${name} for carla@example.com`,
    });
  await screen.findByText('Drill o3');
  expect(invoice('Drill o1')).toBeNull();
  expect(invoice('Drill o3')).not.toBeNull();
  fireEvent.click(invoice('Drill o2')!);
  await waitFor(() => expect(browser.saved).toEqual(['invoice-o2.pdf']));
});

const inState = (id: string, state: Order['state'], allowedActions: Order['allowedActions']) => ({
  ...order(id, state !== 'unpaid', state === 'shipped' || state === 'delivered'),
  state,
  allowedActions,
});
const rowButtons = (id: string) =>
  within(row(id))
    .queryAllByRole('button')
    .map((b) => b.textContent)
    .filter((text) => text !== InvoiceMessages.link);

it('offers on each row exactly the actions the API allows, with the lifecycle’s state', async () => {
  answer([
    inState('p1', 'paid', ['ship', 'refund']),
    inState('s1', 'shipped', ['deliver', 'refund']),
    inState('d1', 'delivered', ['refund']),
    inState('r1', 'refunded', []),
    // The API's answer decides, not the state: no refund offered here.
    inState('p2', 'paid', ['ship']),
  ]);
  renderTable();
  // The last row: the table adds its rows a few at a time.
  await screen.findByText('Drill p2');
  expect(rowButtons('p1')).toEqual(['Approve', 'Refund']);
  expect(rowButtons('s1')).toEqual(['Mark delivered', 'Refund']);
  expect(rowButtons('d1')).toEqual(['Refund']);
  expect(row('d1')).toHaveTextContent('Delivered');
  expect(rowButtons('r1')).toEqual([]);
  expect(row('r1')).toHaveTextContent('Refunded');
  expect(rowButtons('p2')).toEqual(['Approve']);
});

it('offers every state as a filter, “All open” by default, and names the empty one', async () => {
  renderTable();
  const filters = within(await screen.findByRole('group', { name: 'Show orders' }));
  // Every state by its label (order-filters.spec.ts lists them).
  expect(filters.getAllByRole('radio').map((radio) => radio.parentElement?.textContent)).toEqual(
    STATE_FILTERS.map((filter) => filter.label),
  );
  expect(filters.getByRole('radio', { name: 'All open' })).toBeChecked();
  answer([], 0);
  fireEvent.click(filters.getByRole('radio', { name: 'Canceled' }));
  await waitFor(() => expect(lastPath()).toBe('/adminOrders?limit=10&page=1&state=cancelled'));
  expect(await screen.findByText('No canceled orders')).toBeInTheDocument();
});

it('reads again a list chosen while a change was on its way, read before the API made it', async () => {
  let approved!: () => void;
  network.on(
    'PATCH',
    '/returns/q1',
    () => new Promise((resolve) => (approved = () => resolve({}))),
  );
  answer([inState('q1', 'return_requested', ['approveReturn', 'rejectReturn'])]);
  renderTable();
  fireEvent.click(
    await screen.findByRole('button', { name: /^Approve return: order of Drill q1/ }),
  );
  answer([], 0);
  fireEvent.click(screen.getByRole('radio', { name: 'Return approved' }));
  expect(await screen.findByText(/^No .*orders$/)).toBeInTheDocument();
  answer([inState('q1', 'return_approved', ['receiveReturn'])]);
  approved();
  expect(await screen.findByText('Drill q1')).toBeInTheDocument();
  expect(lastPath()).toBe('/adminOrders?limit=10&page=1&state=return_approved');
});

it('reads again a list whose answer was on its way when the change was made', async () => {
  // The admin chose a filter and, before its list came, acted on the row still shown from the last.
  network.on('PATCH', '/returns/q1', {});
  const requested = inState('q1', 'return_requested', ['approveReturn', 'rejectReturn']);
  answer([requested]);
  renderTable();
  await screen.findByText('Drill q1');
  let readBefore!: () => void;
  const reads: Array<() => unknown> = [
    () => new Promise((resolve) => (readBefore = () => resolve(listPage([requested])))),
    () => listPage([inState('q1', 'return_approved', ['receiveReturn'])]),
  ];
  network.on('GET', '/adminOrders?limit=10&page=1&state=return_requested', () => reads.shift()!());
  fireEvent.click(screen.getByRole('radio', { name: 'Return requested' }));
  await waitFor(() => expect(reads).toHaveLength(1));
  fireEvent.click(screen.getByRole('button', { name: /^Approve return: order of Drill q1/ }));
  await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Return approved'));
  readBefore();
  await waitFor(() => expect(row('q1')).toHaveTextContent('Return approved'));
  expect(rowButtons('q1')).toEqual(['Return received']);
  expect(reads).toHaveLength(0);
});

it('marks a shipped order delivered and shows it so', async () => {
  network.on('POST', '/adminOrders/s1/delivery', changed);
  answer([inState('s1', 'shipped', ['deliver', 'refund'])]);
  renderTable();
  fireEvent.click(
    await screen.findByRole('button', {
      name: 'Mark delivered: order of Drill s1 for carla@example.com',
    }),
  );
  await waitFor(() => expect(toast.success).toHaveBeenCalledWith(DeliverMessages.done));
  expect(network.last('POST', '/adminOrders/s1/delivery').headers['Idempotency-Key']).toMatch(
    /^attempt-/,
  );
  await waitFor(() => expect(row('s1')).toHaveTextContent('Delivered'));
  expect(rowButtons('s1')).toEqual(['Refund']);
});

it('refunds a paid order after a dialog that says the amount, with the reason given', async () => {
  network.on('POST', '/orders/p1/refunds', { refundId: 're_1', amount: 1068 });
  answer([inState('p1', 'paid', ['ship', 'refund'])]);
  renderTable();
  fireEvent.click(await screen.findByRole('button', { name: /Refund order of Drill p1/ }));
  const dialog = screen.getByRole('dialog', { name: 'Refund this order?' });
  expect(dialog).toHaveTextContent('$1,068 goes back to the card of carla@example.com');
  expect(dialog).toHaveTextContent('A refund cannot be undone.');
  const reason = within(dialog).getByLabelText('Reason (optional)');
  expect(reason).toHaveAttribute('maxLength', '500');
  fireEvent.change(reason, { target: { value: '  Arrived damaged ' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Refund $1,068' }));

  await waitFor(() =>
    expect(toast.success).toHaveBeenCalledWith("Refunded $1,068 to the customer's card"),
  );
  expect(bodiesOf('POST', '/orders/p1/refunds')).toEqual([{ reason: 'Arrived damaged' }]);
  // Refunded in place, and nothing more to refund.
  await waitFor(() => expect(row('p1')).toHaveTextContent('Refunded'));
  expect(rowButtons('p1')).toEqual([]);
  expect(screen.queryByRole('dialog')).toBeNull();
});

it('refunds some units: the dialog says their share, and sends only those lines', async () => {
  network.on('POST', '/orders/p1/refunds', { refundId: 're_2', amount: 178 });
  answer([inState('p1', 'paid', ['ship', 'refund', 'refundPart'])]);
  renderTable();
  fireEvent.click(await screen.findByRole('button', { name: /Refund order of Drill p1/ }));
  const dialog = screen.getByRole('dialog', { name: 'Refund this order?' });
  // One Refund button however many refund actions the lifecycle allows.
  expect(rowButtons('p1')).toEqual(['Approve', 'Refund']);
  const units = within(dialog).getByLabelText('Drill p1 (12 ordered)');
  fireEvent.change(units, { target: { value: '0' } });
  expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose at least one unit to refund');
  expect(within(dialog).getByRole('button', { name: 'Refund $0' })).toBeDisabled();
  fireEvent.change(units, { target: { value: '2' } });
  expect(dialog).toHaveTextContent(
    '$178 goes back to the card of carla@example.com for 2 of the 12 units left',
  );
  fireEvent.click(within(dialog).getByRole('button', { name: 'Refund $178' }));
  await waitFor(() =>
    expect(bodiesOf('POST', '/orders/p1/refunds')).toEqual([
      { lines: [{ toolId: 't1', quantity: 2 }] },
    ]),
  );
});

it('shows the API’s refusal of a refund and reads the orders again', async () => {
  network.on('POST', '/orders/p1/refunds', apiError(409, 'This order is already refunded'));
  answer([inState('p1', 'paid', ['ship', 'refund'])]);
  renderTable();
  fireEvent.click(await screen.findByRole('button', { name: /Refund order of Drill p1/ }));
  const calls = listed().length;
  const dialog = screen.getByRole('dialog', { name: 'Refund this order?' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Refund $1,068' }));

  await waitFor(() => expect(toast.error).toHaveBeenCalledWith('This order is already refunded'));
  // No reason typed: none sent.
  expect(bodiesOf('POST', '/orders/p1/refunds')).toEqual([{}]);
  expect(network.last('POST', '/orders/p1/refunds').headers['Idempotency-Key']).toMatch(
    /^attempt-/,
  );
  await waitFor(() => expect(listed().length).toBe(calls + 1));
});

it('offers the credit note of a refunded order once it has one, downloaded through the API client', async () => {
  network.on('GET', '/orders/r1/credit-note.pdf', '%PDF-');
  answer([
    {
      ...inState('r1', 'refunded', []),
      refunds: [{ amount: 1068, lines: [], status: 'succeeded', at: '', creditNoteNumber: 1 }],
    },
    {
      ...inState('r2', 'refunded', []),
      refunds: [{ amount: 1068, lines: [], status: 'pending', at: '' }],
    },
  ]);
  renderTable();
  const creditNote = (id: string) =>
    screen.queryByRole('button', {
      name: `Credit note (PDF) of the order of Drill ${id} for carla@example.com`,
    });
  await screen.findByText('Drill r1');
  expect(creditNote('r2')).toBeNull();
  fireEvent.click(creditNote('r1')!);
  await waitFor(() => expect(browser.saved).toEqual(['credit-note-1.pdf']));
  expect(network.last('GET', '/orders/r1/credit-note.pdf').path).toBe(
    '/orders/r1/credit-note.pdf?number=1',
  );
});

import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { browser, createServerDataWrapper, useFakeShop } from '@toolshop/auth/testing';
import type { Order } from '@toolshop/contracts';
import { customerActionsOf } from './order-actions';
import { OrdersTable } from './orders-table';

const network = useFakeShop();

const order = (id: string, overrides: Partial<Order>): Order => ({
  _id: id,
  toolId: 't1',
  name: `Drill ${id}`,
  userName: 'Ada Lovelace',
  img: '/drill.webp',
  email: 'ada@example.com',
  address: '1 Analytical Way',
  phone: '123',
  orderQuantity: 2,
  totalPrice: 200,
  paid: false,
  shipped: false,
  ...overrides,
});

async function renderTable(orders: Order[]) {
  render(
    <MemoryRouter>
      <OrdersTable orders={orders} onCancel={jest.fn()} />
    </MemoryRouter>,
    { wrapper: createServerDataWrapper() },
  );
  // the rows come in steps (DataTable): all are there once the last is
  await screen.findByRole('rowheader', { name: orders.at(-1)!.name });
}

const row = (id: string) =>
  within(screen.getByRole('rowheader', { name: `Drill ${id}` }).closest('tr') as HTMLElement);

describe('My Orders table', () => {
  it('names each state as the lifecycle does', async () => {
    await renderTable([
      order('d', { state: 'delivered', paid: true, shipped: true, allowedActions: [] }),
      order('r', { state: 'refunded', paid: true, allowedActions: [] }),
      order('x', { state: 'expired', allowedActions: [], reservedUntil: '2030-01-01T00:00:00Z' }),
    ]);
    expect(row('d').getByText('Delivered')).toBeInTheDocument();
    expect(row('r').getByText('Refunded')).toBeInTheDocument();
    expect(row('x').getByText('Expired')).toBeInTheDocument();
    // An expired order holds nothing any more.
    expect(row('x').queryByText(/Reserved until/)).toBeNull();
  });

  it('shows the buyer’s PO number among the order’s facts when it has one', async () => {
    await renderTable([
      order('p', { number: 'TS-100007', purchaseOrder: 'PO-2026/17' }),
      order('n', { number: 'TS-100008' }),
    ]);
    expect(row('p').getByText('PO number').nextSibling).toHaveTextContent('PO-2026/17');
    expect(row('n').queryByText('PO number')).toBeNull();
  });

  it('shows Pay and Cancel only as the API allows them', async () => {
    await renderTable([
      order('both', { state: 'unpaid', allowedActions: ['pay', 'cancel'] }),
      order('cancel', { state: 'unpaid', allowedActions: ['cancel'] }),
      order('none', { state: 'cancelled', allowedActions: [] }),
    ]);
    const actions = (id: string) => ({
      pay: row(id).queryByRole('link', { name: `Pay for Drill ${id}` }) !== null,
      cancel: row(id).queryByRole('button', { name: `Cancel Drill ${id}` }) !== null,
    });
    expect(actions('both')).toEqual({ pay: true, cancel: true });
    expect(actions('cancel')).toEqual({ pay: false, cancel: true });
    expect(actions('none')).toEqual({ pay: false, cancel: false });
    expect(row('none').getByText('Canceled')).toBeInTheDocument();
  });
});

describe('customerActionsOf', () => {
  it('falls back on the lifecycle for customers when the API does not say', () => {
    expect(customerActionsOf({ paid: false, shipped: false })).toEqual(['pay', 'cancel']);
    expect(customerActionsOf({ paid: true, shipped: false })).toEqual([]);
    expect(customerActionsOf({ state: 'expired', paid: false, shipped: false })).toEqual([]);
    expect(
      customerActionsOf({ state: 'unpaid', paid: false, shipped: false, allowedActions: ['pay'] }),
    ).toEqual(['pay']);
  });
});

describe('documents of a refunded order', () => {
  it('offers its credit note once the refund has one, downloaded with the token', async () => {
    network.on('GET', '/orders/r/credit-note.pdf', '%PDF-');
    await renderTable([
      order('r', {
        state: 'refunded',
        paid: true,
        allowedActions: [],
        refunds: [{ amount: 200, lines: [], status: 'succeeded', at: '', creditNoteNumber: 1 }],
      }),
      order('p', {
        state: 'refunded',
        paid: true,
        allowedActions: [],
        refunds: [{ amount: 200, lines: [], status: 'pending', at: '' }],
      }),
    ]);
    expect(row('p').queryByRole('button', { name: 'Credit note (PDF) for Drill p' })).toBeNull();
    row('r').getByRole('button', { name: 'Credit note (PDF) for Drill r' }).click();
    await waitFor(() => expect(browser.saved).toEqual(['credit-note-1.pdf']));
    const sent = network.last('GET', '/orders/r/credit-note.pdf');
    expect(sent.path).toBe('/orders/r/credit-note.pdf?number=1');
    expect(sent.headers.Authorization).toBe('Bearer token-of-ada@example.com');
  });

  it('offers a credit note per refund, each named by its number', async () => {
    await renderTable([
      order('r', {
        state: 'paid',
        paid: true,
        allowedActions: [],
        refunds: [
          { amount: 20, lines: [], status: 'succeeded', at: '', creditNoteNumber: 4 },
          { amount: 20, lines: [], status: 'succeeded', at: '', creditNoteNumber: 9 },
        ],
      }),
    ]);
    expect(row('r').getByText('Refunded in part')).toBeTruthy();
    for (const number of ['CN-000004', 'CN-000009'])
      expect(
        row('r').getByRole('button', { name: `Credit note ${number} (PDF) for Drill r` }),
      ).toBeTruthy();
  });
});

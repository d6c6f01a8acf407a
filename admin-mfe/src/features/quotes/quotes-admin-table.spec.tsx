import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QuoteMessages, type Quote } from '@toolshop/contracts';
import { createServerDataWrapper, useFakeShop } from '@toolshop/auth/testing';
import { QuotesAdminTable } from './quotes-admin-table';

jest.mock('react-toastify', () => ({ toast: { success: jest.fn(), error: jest.fn() } }));

const network = useFakeShop({ user: 'admin' });

const requested: Quote = {
  _id: 'q1',
  email: 'ada@example.com',
  state: 'requested',
  lines: [
    { toolId: 'd'.repeat(24), name: 'Cordless Drill', quantity: 20 },
    { toolId: 'b'.repeat(24), name: 'Saw Blade', quantity: 50 },
  ],
  note: 'For the new site',
  messages: [],
  createdAt: '2026-11-27T10:00:00Z',
  updatedAt: '2026-11-27T10:00:00Z',
};

beforeEach(() => {
  network.on('GET', /^\/quotes/, [requested]);
  network.on('PATCH', '/quotes/q1', { ...requested, state: 'answered' });
});

const inAMonth = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

it('lists the requested quotes and answers one with a price per line, a date and a message', async () => {
  render(<QuotesAdminTable />, { wrapper: createServerDataWrapper() });
  const answer = await screen.findByRole('button', {
    name: 'Answer the quote of ada@example.com: 20 × Cordless Drill, 50 × Saw Blade',
  });
  expect(network.requests('GET', /^\/quotes/)[0]?.path).toBe('/quotes?state=requested');
  fireEvent.click(answer);
  const dialog = screen.getByRole('dialog', { name: 'Quote for ada@example.com' });
  expect(within(dialog).getByText('Note: For the new site')).toBeInTheDocument();

  fireEvent.change(within(dialog).getByLabelText('Unit price in dollars, Cordless Drill'), {
    target: { value: '90' },
  });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Send the answer' }));
  // Every line needs its price before anything is sent.
  expect(within(dialog).getByRole('alert')).toHaveTextContent(QuoteMessages.unitPrice);
  expect(network.requests('PATCH')).toHaveLength(0);

  fireEvent.change(within(dialog).getByLabelText('Unit price in dollars, Saw Blade'), {
    target: { value: '4' },
  });
  fireEvent.change(within(dialog).getByLabelText('Prices hold until'), {
    target: { value: inAMonth },
  });
  fireEvent.change(within(dialog).getByLabelText('Message to the buyer (optional)'), {
    target: { value: 'Volume price' },
  });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Send the answer' }));
  await waitFor(() => expect(network.requests('PATCH')).toHaveLength(1));
  expect(network.requests('PATCH')[0]?.body).toEqual({
    unitPrices: [90, 4],
    validUntil: `${inAMonth}T23:59:59.000Z`,
    message: 'Volume price',
  });
});

import { render, screen, waitFor } from '@testing-library/react';
import { api } from '@toolshop/auth';
import { createServerDataWrapper } from '@toolshop/auth/testing';
import { OverviewChart } from './overview-chart';

jest.mock('@toolshop/auth', () => ({ api: { get: jest.fn() } }));

const get = jest.mocked(api.get);
const today = new Date().toISOString().slice(0, 10);

it('draws orders and revenue per day with a text alternative', async () => {
  get.mockResolvedValue([{ day: today, orders: 3, revenue: 1250 }]);
  render(<OverviewChart />, { wrapper: createServerDataWrapper() });

  expect(
    await screen.findByRole('img', {
      name: /^Orders per day over the last 30 days: 3 orders in total, busiest day/,
    }),
  ).toBeInTheDocument();
  expect(get).toHaveBeenCalledWith('/adminOrders/stats?days=30', {
    signal: expect.any(AbortSignal),
  });
  expect(
    screen.getByRole('img', {
      name: 'Paid revenue per day over the last 30 days: $1,250 in total.',
    }),
  ).toBeInTheDocument();
  // The daily figures table: a header row and one row per day.
  expect(screen.getAllByRole('row', { hidden: true })).toHaveLength(31);
});

it('offers a retry when the figures cannot be loaded', async () => {
  get.mockRejectedValue(new Error('down'));
  render(<OverviewChart />, { wrapper: createServerDataWrapper() });
  (await screen.findByRole('button', { name: 'Retry' })).click();
  await waitFor(() => expect(get).toHaveBeenCalledTimes(2));
});

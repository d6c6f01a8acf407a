import { render, screen, waitFor } from '@testing-library/react';
import { apiError, createServerDataWrapper, useFakeShop } from '@toolshop/auth/testing';
import userEvent from '@testing-library/user-event';
import { OverviewChart } from './overview-chart';
import { formatDay } from './daily-stats';

const network = useFakeShop({ user: 'admin' });
const today = new Date().toISOString().slice(0, 10);

it('sums up the last 30 days, and draws them per day or lists them once asked', async () => {
  network.on('GET', '/adminOrders/stats', [{ day: today, orders: 3, revenue: 1250 }]);
  render(<OverviewChart />, { wrapper: createServerDataWrapper() });

  expect(
    await screen.findByText(
      (_, element) =>
        element?.tagName === 'P' &&
        element.textContent ===
          `3 orders, $1,250 paid revenue, busiest day ${formatDay(today)} with 3 orders.`,
    ),
  ).toBeInTheDocument();
  expect(network.last('GET', '/adminOrders/stats').path).toBe('/adminOrders/stats?days=30');
  // The charts, once opened, each one image with its text alternative.
  expect(screen.queryByRole('img')).toBeNull();
  await userEvent.click(screen.getByText('Charts'));
  expect(
    await screen.findByRole('img', {
      name: /^Orders per day over the last 30 days: 3 orders in total, busiest day/,
    }),
  ).toBeInTheDocument();
  expect(
    screen.getByRole('img', {
      name: 'Paid revenue per day over the last 30 days: $1,250 in total.',
    }),
  ).toBeInTheDocument();
  // The daily figures table, once opened: a header row and one row per day.
  expect(screen.queryByRole('table', { hidden: true })).toBeNull();
  await userEvent.click(screen.getByText('Daily figures'));
  expect(await screen.findAllByRole('row')).toHaveLength(31);
  expect(screen.getByRole('rowheader', { name: formatDay(today) })).toBeInTheDocument();
});

it('writes large counts with thousands separators', async () => {
  network.on('GET', '/adminOrders/stats', [{ day: today, orders: 4030, revenue: 10526062 }]);
  render(<OverviewChart />, { wrapper: createServerDataWrapper() });
  expect(await screen.findByText('4,030 orders', { selector: 'strong' })).toBeInTheDocument();
  expect(screen.getByText('$10,526,062', { selector: 'strong' })).toBeInTheDocument();
});

it('offers a retry when the figures cannot be loaded', async () => {
  network.on('GET', '/adminOrders/stats', apiError(503, 'down'));
  render(<OverviewChart />, { wrapper: createServerDataWrapper() });
  (await screen.findByRole('button', { name: 'Retry' })).click();
  await waitFor(() => expect(network.requests('GET', '/adminOrders/stats')).toHaveLength(2));
});

import { render, screen } from '@testing-library/react';
import { useApiQuery } from '@toolshop/auth';
import { OverviewChart } from './overview-chart';

jest.mock('@toolshop/auth', () => ({ useApiQuery: jest.fn() }));

const today = new Date().toISOString().slice(0, 10);

it('draws orders and revenue per day with a text alternative', () => {
  jest.mocked(useApiQuery).mockReturnValue({
    data: [{ day: today, orders: 3, revenue: 1250 }],
    error: undefined,
    loading: false,
    reload: jest.fn(),
  });
  render(<OverviewChart />);

  expect(useApiQuery).toHaveBeenCalledWith('/adminOrders/stats?days=30');
  expect(
    screen.getByRole('img', {
      name: /^Orders per day over the last 30 days: 3 orders in total, busiest day/,
    }),
  ).toBeInTheDocument();
  expect(
    screen.getByRole('img', {
      name: 'Paid revenue per day over the last 30 days: $1,250 in total.',
    }),
  ).toBeInTheDocument();
  // The daily figures table: a header row and one row per day.
  expect(screen.getAllByRole('row', { hidden: true })).toHaveLength(31);
});

it('offers a retry when the figures cannot be loaded', () => {
  const reload = jest.fn();
  jest
    .mocked(useApiQuery)
    .mockReturnValue({ data: undefined, error: new Error('down'), loading: false, reload });
  render(<OverviewChart />);
  screen.getByRole('button', { name: 'Retry' }).click();
  expect(reload).toHaveBeenCalled();
});

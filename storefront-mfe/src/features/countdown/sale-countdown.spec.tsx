import { act, render, screen } from '@testing-library/react';
import { SaleCountdown } from './sale-countdown';

const unit = (name: string) =>
  screen.getByRole('timer').querySelector(`[data-unit="${name}"] span`)?.textContent;

beforeEach(() => jest.useFakeTimers({ now: new Date('2026-06-01T00:00:00Z') }));
afterEach(() => jest.useRealTimers());

it('starts 1,000,000,000 ms away and ticks every second', () => {
  render(<SaleCountdown />);
  expect([unit('days'), unit('hours'), unit('minutes'), unit('seconds')]).toEqual([
    '11',
    '13',
    '46',
    '40',
  ]);

  act(() => jest.advanceTimersByTime(1000));
  expect(unit('seconds')).toBe('39');

  act(() => jest.advanceTimersByTime(41_000));
  expect([unit('minutes'), unit('seconds')]).toEqual(['45', '58']);
});

it('restarts from the full duration on each load', () => {
  const first = render(<SaleCountdown />);
  act(() => jest.advanceTimersByTime(5000));
  first.unmount();

  render(<SaleCountdown />);
  expect(unit('seconds')).toBe('40');
});

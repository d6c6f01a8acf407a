import { fillDays, formatDay, summarize } from './daily-stats';

describe('fillDays', () => {
  const now = new Date('2026-11-21T22:30:00Z');

  it('lists every day of the window, oldest first, ending today (UTC)', () => {
    const days = fillDays([], 30, now);
    expect(days).toHaveLength(30);
    expect(days[0]).toEqual({ day: '2026-10-23', orders: 0, revenue: 0 });
    expect(days[29]?.day).toBe('2026-11-21');
  });

  it('keeps the reported figures and fills quiet days with zero', () => {
    const days = fillDays(
      [
        { day: '2026-11-20', orders: 3, revenue: 450 },
        { day: '2026-11-18', orders: 1, revenue: 90 },
      ],
      4,
      now,
    );
    expect(days).toEqual([
      { day: '2026-11-18', orders: 1, revenue: 90 },
      { day: '2026-11-19', orders: 0, revenue: 0 },
      { day: '2026-11-20', orders: 3, revenue: 450 },
      { day: '2026-11-21', orders: 0, revenue: 0 },
    ]);
  });

  it('ignores days outside the window', () => {
    const days = fillDays([{ day: '2026-01-01', orders: 9, revenue: 9 }], 2, now);
    expect(summarize(days).orders).toBe(0);
  });
});

describe('summarize', () => {
  it('adds up orders and revenue and finds the busiest day', () => {
    const summary = summarize([
      { day: '2026-11-19', orders: 2, revenue: 100 },
      { day: '2026-11-20', orders: 5, revenue: 40 },
      { day: '2026-11-21', orders: 5, revenue: 70 },
    ]);
    expect(summary).toEqual({
      orders: 12,
      revenue: 210,
      busiestDay: { day: '2026-11-20', orders: 5, revenue: 40 },
    });
  });

  it('has no busiest day when nothing was ordered', () => {
    expect(summarize([{ day: '2026-11-21', orders: 0, revenue: 0 }]).busiestDay).toBeUndefined();
  });
});

it('formats a day without shifting it by the time zone', () => {
  expect(formatDay('2026-11-03')).toBe('Nov 3');
});

it('writes every month and day as en-US does', () => {
  const enUs = new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
  for (const day of fillDays([], 366, new Date('2028-12-31T12:00:00Z')).map((stat) => stat.day))
    expect(formatDay(day)).toBe(enUs.format(new Date(`${day}T00:00:00Z`)));
});

import { formatCount, formatDollars, formatUnits } from './money';

// What the shop wrote before with Intl (and would with it again): the reference for every case.
const intlDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});
const intlCount = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const samples = [
  0, 1, 7, 12, 999, 1000, 1250, 9999, 10_000, 123_456, 1_000_000, 12_345_678, 9_007_199_254, 2.5,
  1249.5, 0.4, -5, -1250, -0.4, -2.5,
];
const intlCents = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const wholeDollars = [0, 1, 7, 999, 1250, 1_000_000, -5, -1250, 1249.999];

describe('formatDollars', () => {
  it('writes whole dollars with thousands separators', () => {
    expect(formatDollars(1250)).toBe('$1,250');
    expect(formatDollars(0)).toBe('$0');
  });

  it('writes what Intl en-US writes for whole dollars', () => {
    for (const amount of wholeDollars)
      expect(formatDollars(amount)).toBe(intlDollars.format(amount));
  });

  it('writes cents, as Intl en-US with two digits, when there are some (company prices)', () => {
    for (const amount of [2.5, 1249.5, 0.4, -0.4, -2.5, 13.13, 1234.05, 998_999.99])
      expect(formatDollars(amount)).toBe(intlCents.format(amount));
  });
});

describe('formatCount', () => {
  it('writes counts with thousands separators, as Intl en-US does', () => {
    expect(formatCount(1200)).toBe('1,200');
    for (const count of samples) expect(formatCount(count)).toBe(intlCount.format(count));
  });
});

describe('formatUnits', () => {
  it('writes a number of units, one in the singular', () => {
    expect(formatUnits(1)).toBe('1 unit');
    expect(formatUnits(0)).toBe('0 units');
    expect(formatUnits(1200)).toBe('1,200 units');
  });
});

it('builds no Intl formatter (the first one of a page loads the locale data)', async () => {
  const made = jest.spyOn(Intl, 'NumberFormat');
  const perCall = jest.spyOn(Number.prototype, 'toLocaleString');
  try {
    await jest.isolateModulesAsync(async () => {
      const fresh = await import('./money');
      fresh.formatDollars(1250);
      fresh.formatCount(48_000);
    });
    expect(made).not.toHaveBeenCalled();
    expect(perCall).not.toHaveBeenCalled();
  } finally {
    made.mockRestore();
    perCall.mockRestore();
  }
});

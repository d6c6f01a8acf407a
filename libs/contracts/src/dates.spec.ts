import { formatDate, formatDateTime, formatShortDate, formatTime } from './dates';

// What the shop wrote before with Intl (and would with it again): the reference for every case,
// in zones either side of Greenwich, one a half hour off and one with a half-hour summer shift.
// (Some ICU versions put a narrow no-break space before AM/PM, others a space: the shop writes a space.)
const intl = (options: Intl.DateTimeFormatOptions) => {
  const format = new Intl.DateTimeFormat('en-US', options);
  return (date: Date) => format.format(date).replace('\u202f', ' ');
};
const zones = ['UTC', 'America/Los_Angeles', 'Asia/Kolkata', 'Australia/Lord_Howe'];
const zoneBefore = process.env.TZ;
afterAll(() => {
  process.env.TZ = zoneBefore;
});

// Midnight, noon, the hours either side of them, single and double digits, the turn of a year,
// a leap day, a year before 2000, and a spread of instants in between.
const samples = () => [
  new Date(2026, 10, 29, 0, 0, 0),
  new Date(2026, 10, 29, 0, 5, 9),
  new Date(2026, 10, 29, 11, 59, 59),
  new Date(2026, 10, 29, 12, 0, 0),
  new Date(2026, 10, 29, 13, 7, 30),
  new Date(2026, 10, 29, 23, 59, 59),
  new Date(2026, 0, 1, 9, 0, 0),
  new Date(2025, 11, 31, 22, 45, 0),
  new Date(2024, 1, 29, 6, 30, 0),
  new Date(1999, 8, 9, 18, 1, 2),
  ...Array.from({ length: 200 }, (_, i) => new Date(Date.UTC(2020, 0, 1) + i * 7_919_999_983)),
];

describe.each(zones)('dates, as Intl en-US writes them, in %s', (zone) => {
  beforeAll(() => {
    // Node reads TZ again when it is set: Date and Intl then use the new zone.
    process.env.TZ = zone;
  });

  it('writes a day', () => {
    const medium = intl({ dateStyle: 'medium' });
    expect(formatDate(new Date(2026, 10, 29, 14, 5))).toBe('Nov 29, 2026');
    for (const date of samples()) expect(formatDate(date)).toBe(medium(date));
  });

  it('writes a short day for narrow columns', () => {
    const short = intl({ dateStyle: 'short' });
    expect(formatShortDate(new Date(2026, 0, 5))).toBe('1/5/26');
    for (const date of samples()) expect(formatShortDate(date)).toBe(short(date));
  });

  it('writes a time, with seconds when asked', () => {
    const time = intl({ timeStyle: 'short' });
    const timeWithSeconds = intl({ timeStyle: 'medium' });
    expect(formatTime(new Date(2026, 10, 29, 14, 5))).toBe('2:05 PM');
    for (const date of samples()) {
      expect(formatTime(date)).toBe(time(date));
      expect(formatTime(date, { seconds: true })).toBe(timeWithSeconds(date));
    }
  });

  it('writes a day and a time', () => {
    const dateTime = intl({ dateStyle: 'medium', timeStyle: 'short' });
    const dateTimeWithSeconds = intl({ dateStyle: 'medium', timeStyle: 'medium' });
    expect(formatDateTime(new Date(2026, 10, 29, 0, 5))).toBe('Nov 29, 2026, 12:05 AM');
    for (const date of samples()) {
      expect(formatDateTime(date)).toBe(dateTime(date));
      expect(formatDateTime(date, { seconds: true })).toBe(dateTimeWithSeconds(date));
    }
  });

  it('reads ISO strings and timestamps as the API sends them', () => {
    const at = '2026-11-29T14:05:00.000Z';
    expect(formatDateTime(at)).toBe(
      intl({ dateStyle: 'medium', timeStyle: 'short' })(new Date(at)),
    );
    expect(formatDate(Date.parse(at))).toBe(intl({ dateStyle: 'medium' })(new Date(at)));
  });
});

it('writes nothing for what is not a date, where Intl would throw', () => {
  for (const bad of ['', 'soon', Number.NaN, new Date(Number.NaN)]) {
    expect(formatDate(bad)).toBe('');
    expect(formatShortDate(bad)).toBe('');
    expect(formatTime(bad)).toBe('');
    expect(formatDateTime(bad)).toBe('');
  }
});

it('builds no Intl formatter (the first one of a page loads the locale data)', async () => {
  const made = jest.spyOn(Intl, 'DateTimeFormat');
  const perCall = jest.spyOn(Date.prototype, 'toLocaleString');
  try {
    await jest.isolateModulesAsync(async () => {
      const fresh = await import('./dates');
      fresh.formatDateTime(new Date(), { seconds: true });
      fresh.formatShortDate(new Date());
    });
    expect(made).not.toHaveBeenCalled();
    expect(perCall).not.toHaveBeenCalled();
  } finally {
    made.mockRestore();
    perCall.mockRestore();
  }
});

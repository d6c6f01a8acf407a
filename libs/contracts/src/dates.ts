// Dates and times the en-US way, in the viewer's time zone, by hand rather than with Intl: a page's
// first Intl date formatter loads the locale's date data, 15-60 ms of one task (60-240 ms at the 4x
// slowed CPU of the page benchmarks), paid by every page that shows an order, a quote or a log.
// Each function writes what Intl's en-US writes for the same options (dates.spec.ts checks), and an
// empty string for a date that is not one.

type DateInput = Date | string | number;

/** The months as en-US abbreviates them, January first. */
export const MONTH_ABBREVIATIONS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

function dateOf(value: DateInput): Date | undefined {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

function timeOf(date: Date, seconds: boolean): string {
  const hours = date.getHours();
  const clock = `${hours % 12 || 12}:${twoDigits(date.getMinutes())}`;
  const withSeconds = seconds ? `${clock}:${twoDigits(date.getSeconds())}` : clock;
  return `${withSeconds} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** "Nov 29, 2026" (Intl en-US `dateStyle: 'medium'`). */
export function formatDate(value: DateInput): string {
  const date = dateOf(value);
  return date
    ? `${MONTH_ABBREVIATIONS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`
    : '';
}

/** "11/29/26" (Intl en-US `dateStyle: 'short'`), where a table column is narrow. */
export function formatShortDate(value: DateInput): string {
  const date = dateOf(value);
  return date
    ? `${date.getMonth() + 1}/${date.getDate()}/${twoDigits(date.getFullYear() % 100)}`
    : '';
}

/** "2:05 PM", or "2:05:33 PM" with seconds (Intl en-US `timeStyle: 'short'` or `'medium'`). */
export function formatTime(value: DateInput, { seconds = false } = {}): string {
  const date = dateOf(value);
  return date ? timeOf(date, seconds) : '';
}

/** "Nov 29, 2026, 2:05 PM", or with seconds (Intl en-US `dateStyle: 'medium'` and a `timeStyle`). */
export function formatDateTime(value: DateInput, { seconds = false } = {}): string {
  const date = dateOf(value);
  return date ? `${formatDate(date)}, ${timeOf(date, seconds)}` : '';
}

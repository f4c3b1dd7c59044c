// "Nov 21, 3:05 PM": what `toLocaleString('en-US', { month: 'short', day: 'numeric', hour:
// 'numeric', minute: '2-digit' })` gives, built from the Date's own local-time fields. The
// format is fixed (en-US), and a page's first Intl.DateTimeFormat costs 80-160 ms at 4x CPU
// throttling (its time zone and locale data): a long task on every visit, before the first
// card's date could show (docs/performance.md). tests/domain/format.test.ts checks the two
// agree. A plain space before AM/PM, as Chromium and Node print it: Unicode's data has had a
// narrow no-break space there since CLDR 42, which V8 turns back into a plain one.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

function parse(iso: string): Date | null {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? null : new Date(time);
}

/** "Nov 21, 3:05 PM" in the visitor's time zone; null when the string is not a date. */
export function formatStoryDate(iso: string): string | null {
  const date = parse(iso);
  if (date === null) return null;
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, '0');
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** The value for `<time datetime>`; null when the string is not a date. */
export function isoDateTime(iso: string): string | null {
  const date = parse(iso);
  return date === null ? null : date.toISOString();
}

// Same result as `toLocaleString('en-US', options)`, built once instead of per card, and only
// when a date is first shown: the first Intl.DateTimeFormat of a page costs 70-160 ms at 4x CPU
// throttling (the time zone and locale data), which the boot script must not pay before it has
// started the feed call (prepareStoryDates, docs/performance.md).
let storyDate: Intl.DateTimeFormat | undefined;

/** True once the date format is built: formatting a date is then cheap. */
export function storyDatesReady(): boolean {
  return storyDate !== undefined;
}

/** Builds the date format ahead of the first card that shows one. */
export function prepareStoryDates(): Intl.DateTimeFormat {
  storyDate ??= new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
  return storyDate;
}

function parse(iso: string): Date | null {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? null : new Date(time);
}

/** "Nov 21, 3:05 PM" in the visitor's time zone; null when the string is not a date. */
export function formatStoryDate(iso: string): string | null {
  const date = parse(iso);
  return date === null ? null : prepareStoryDates().format(date);
}

/** The value for `<time datetime>`; null when the string is not a date. */
export function isoDateTime(iso: string): string | null {
  const date = parse(iso);
  return date === null ? null : date.toISOString();
}

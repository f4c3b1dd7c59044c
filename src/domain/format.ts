// Same result as `toLocaleString('en-US', options)`, built once instead of per card.
const STORY_DATE = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

function parse(iso: string): Date | null {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? null : new Date(time);
}

/** "Nov 21, 3:05 PM" in the visitor's time zone; null when the string is not a date. */
export function formatStoryDate(iso: string): string | null {
  const date = parse(iso);
  return date === null ? null : STORY_DATE.format(date);
}

/** The value for `<time datetime>`; null when the string is not a date. */
export function isoDateTime(iso: string): string | null {
  const date = parse(iso);
  return date === null ? null : date.toISOString();
}

/**
 * The end of an ISO 8601 date and time with its zone, as `toISOString()` and most JSON writers
 * give it: `T`, the time (seconds and their fraction optional), `Z` or an offset. `Date.parse`
 * reads (and checks) the rest. A date alone, or a time with no zone (local to whose clock?),
 * is not one.
 */
const ISO_TIME_END = /T\d\d:\d\d(:[\d.]+)?(Z|[+-]\d\d:\d\d)$/;

/** The time `value` gives (ms since the epoch) when it is an ISO date and time with its zone; else null. */
export function isoTime(value: unknown): number | null {
  const time = typeof value === 'string' && ISO_TIME_END.test(value) ? Date.parse(value) : NaN;
  return Number.isFinite(time) ? time : null;
}

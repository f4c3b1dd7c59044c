import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatStoryDate, isoDateTime } from '../../src/domain/format.ts';

const OPTIONS: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' };

// Some ICU versions put a narrow no-break space before AM/PM.
const plainSpaces = (value: string | null) => value?.replace(/[\u202f\u00a0]/g, ' ') ?? null;

describe('formatStoryDate', () => {
  it('formats a local date as "Nov 21, 3:05 PM", whatever the time zone', () => {
    const local = new Date(2026, 10, 21, 15, 5);
    expect(plainSpaces(formatStoryDate(local.toISOString()))).toBe('Nov 21, 3:05 PM');
  });

  it('gives exactly what toLocaleString gives with the same options', () => {
    for (const iso of ['2026-01-02T00:00:00Z', '2026-07-04T23:59:59.999Z', '1999-12-31T12:00:00+05:30']) {
      expect(formatStoryDate(iso)).toBe(new Date(iso).toLocaleString('en-US', OPTIONS));
    }
  });

  // Node applies a change of TZ at once, to Date and Intl alike. Lord Howe moves its clocks by
  // 30 minutes, Kathmandu is 5:45 ahead of UTC.
  it.each(['UTC', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kathmandu'])('gives what toLocaleString gives for any time in %s', (zone) => {
    const before = process.env.TZ;
    process.env.TZ = zone;
    try {
      // Any minute from 1900 to 2200, and the hours around midnight and noon in particular.
      const minute = fc.integer({ min: -36_000_000, max: 121_000_000 }).map((m) => m * 60_000);
      const aroundMidnightOrNoon = fc
        .tuple(fc.integer({ min: 2000, max: 2100 }), fc.integer({ min: 0, max: 11 }), fc.integer({ min: 1, max: 28 }), fc.constantFrom(0, 11, 12, 23), fc.integer({ min: 0, max: 59 }))
        .map(([year, month, day, hour, min]) => new Date(year, month, day, hour, min).getTime());
      fc.assert(
        fc.property(fc.oneof(minute, aroundMidnightOrNoon), (time) => {
          const iso = new Date(time).toISOString();
          expect(formatStoryDate(iso)).toBe(new Date(iso).toLocaleString('en-US', OPTIONS));
        }),
        { numRuns: 1000 },
      );
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
  });

  it('writes midnight and noon as 12, with a plain space before AM and PM, as browsers do', () => {
    expect(formatStoryDate(new Date(2026, 10, 21, 0, 5).toISOString())).toBe('Nov 21, 12:05 AM');
    expect(formatStoryDate(new Date(2026, 10, 21, 12, 0).toISOString())).toBe('Nov 21, 12:00 PM');
  });

  it('formats morning hours without a leading zero', () => {
    const local = new Date(2026, 0, 5, 9, 7);
    expect(plainSpaces(formatStoryDate(local.toISOString()))).toBe('Jan 5, 9:07 AM');
  });

  it.each(['', ' ', 'not a date', '2026-13-45T99:00:00Z', '+999999-01-01T00:00:00Z'])('gives null for %j', (iso) => {
    expect(formatStoryDate(iso)).toBeNull();
  });
});

describe('isoDateTime', () => {
  it('gives the ISO form for <time datetime>', () => {
    expect(isoDateTime('2026-11-21T15:05:00+01:00')).toBe('2026-11-21T14:05:00.000Z');
    expect(isoDateTime('2026-11-21T15:05:00.000Z')).toBe('2026-11-21T15:05:00.000Z');
  });

  it.each(['', 'soon', '2026-02-30T25:00:00Z'])('gives null for %j', (iso) => {
    expect(isoDateTime(iso)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { parseFeedDate } from '../../supabase/functions/fetch-news/lib/dates.ts';

const iso = (text: string) => parseFeedDate(text)?.toISOString();

describe('parseFeedDate', () => {
  it.each([
    // RFC 822 / 1123
    ['Sun, 06 Jul 2014 12:56:00 GMT', '2014-07-06T12:56:00.000Z'],
    ['Thu, 01 Jan 2004 19:48:21 +0100', '2004-01-01T18:48:21.000Z'],
    ['Wed, 02 Oct 2002 08:00:00 EST', '2002-10-02T13:00:00.000Z'],
    ['Wed, 02 Oct 2002 15:00:00 +0200', '2002-10-02T13:00:00.000Z'],
    ['Tue, 6 June 2006 10:30:00 GMT', '2006-06-06T10:30:00.000Z'],
    ['Wed 5 Jan 2011 01:30:00 GMT', '2011-01-05T01:30:00.000Z'],
    ['07 Nov 2015 12:00:00 EST', '2015-11-07T17:00:00.000Z'],
    ['Thu, 07 Dec 17 10:00:29 -0800', '2017-12-07T18:00:29.000Z'], // two-digit year
    ['03 Apr 02 1500 GMT', '2002-04-03T15:00:00.000Z'], // time without colon
    // broken variants from the corpus README
    ['Sat, Dec 16 2023 02:02:33 PM', '2023-12-16T14:02:33.000Z'],
    ['mer, 16 nov 2022 00:38:15 +0100', '2022-11-15T23:38:15.000Z'],
    ['mar, 15 nov 2022 10:00:00 +0100', '2022-11-15T09:00:00.000Z'], // "mar" is Tuesday here, not March
    ['Tue, 15 Nov 2022 20:15:04 Z', '2022-11-15T20:15:04.000Z'],
    ['Tue, 21 Aug 2012 10:33:00 EST', '2012-08-21T15:33:00.000Z'],
    ['Seg, 24 Set 2018 19:42:40 -0300', '2018-09-24T22:42:40.000Z'],
    ['Sat, 15 Feb 2026 12:00:00 GMT+0100', '2026-02-15T11:00:00.000Z'],
    ['Mon, 01 Jan 2024 12:00:00 AM GMT', '2024-01-01T00:00:00.000Z'],
    // ISO 8601 / RFC 3339
    ['2025-07-01T09:15:48-04:00', '2025-07-01T13:15:48.000Z'],
    ['2018-01-31T07:26:05Z', '2018-01-31T07:26:05.000Z'],
    ['2018-01-31T07:26:05.123456789Z', '2018-01-31T07:26:05.123Z'],
    ['2003-12-13T09:17:51', '2003-12-13T09:17:51.000Z'], // no zone: UTC
    ['2003-12-13 09:17:51+0530', '2003-12-13T03:47:51.000Z'],
    ['2003-12-13', '2003-12-13T00:00:00.000Z'],
    ['  2006-01-18T12:26:54+01:00 \n', '2006-01-18T11:26:54.000Z'],
  ])('%s -> %s', (text, expected) => {
    expect(iso(text)).toBe(expected);
  });

  it.each(['', '   ', 'garbage', 'yesterday', '2024-13-45T99:99:99Z', 'Mon, 32 Foo 2024'])('%j is no date', (text) => {
    expect(parseFeedDate(text)).toBeUndefined();
  });

  it('treats undefined as no date', () => {
    expect(parseFeedDate(undefined)).toBeUndefined();
  });
});

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

  it.each([
    // US zone names: fixed ones, and the generic ones with daylight saving by the US rules of the year
    ['Wed, 02 Oct 2002 08:00:00 EDT', '2002-10-02T12:00:00.000Z'],
    ['Wed, 02 Oct 2002 08:00:00 CST', '2002-10-02T14:00:00.000Z'],
    ['Wed, 02 Oct 2002 08:00:00 CDT', '2002-10-02T13:00:00.000Z'],
    ['Wed, 02 Oct 2002 08:00:00 MST', '2002-10-02T15:00:00.000Z'],
    ['Wed, 02 Oct 2002 08:00:00 MDT', '2002-10-02T14:00:00.000Z'],
    ['Wed, 02 Oct 2002 08:00:00 PST', '2002-10-02T16:00:00.000Z'],
    ['Wed, 02 Oct 2002 08:00:00 PDT', '2002-10-02T15:00:00.000Z'],
    ['Wed, 02 Oct 2002 08:00:00 ET', '2002-10-02T12:00:00.000Z'], // daylight time until the last Sunday of October (2002 rules)
    ['Mon, 28 Oct 2002 08:00:00 ET', '2002-10-28T13:00:00.000Z'],
    ['Mon, 15 Jan 2024 08:00:00 ET', '2024-01-15T13:00:00.000Z'],
    ['Sat, 09 Mar 2024 10:00:00 CT', '2024-03-09T16:00:00.000Z'], // the day before the second Sunday of March
    ['Mon, 11 Mar 2024 10:00:00 CT', '2024-03-11T15:00:00.000Z'],
    ['Sun, 03 Nov 2024 03:00:00 MT', '2024-11-03T10:00:00.000Z'], // after 2:00 on the first Sunday of November
    ['Sat, 02 Nov 2024 03:00:00 MT', '2024-11-02T09:00:00.000Z'],
    ['Fri, 01 Jul 2022 10:00:00 PT', '2022-07-01T17:00:00.000Z'],
    ['Thu, 01 Aug 2024 12:00:00 AT', '2024-08-01T15:00:00.000Z'],
    ['Mon, 15 Jan 2024 12:00:00 AT', '2024-01-15T16:00:00.000Z'],
    ['January 5, 2024 at 10:00 AM ET', '2024-01-05T15:00:00.000Z'], // "at" before the time is a word
    ['Mon, 01 Jan 2024 12:00:00 -0800 (PST)', '2024-01-01T20:00:00.000Z'], // RFC 822 comment
  ])('%s -> %s', (text, expected) => {
    expect(iso(text)).toBe(expected);
  });

  it.each([
    '03-12-31', // once read as 2031-03-12
    'Sun, 16 Dec 2012 1:2:3:4 GMT', // once read as midnight
    'Sun, 16 Dec 2012 10:00:00 +zz:00', // once read as UTC
    'Sun, 16 Dec 2012 10:00:00 XYZ', // an unknown zone
    'Sun, 16 Dec 2012 13:00:00 PM',
    'Sun, 16 Dec 2012 2013 10:00:00 GMT', // a number with no place
    '12/16/2012',
    'Dec 2012',
  ])('%j cannot be read exactly: no date', (text) => {
    expect(parseFeedDate(text)).toBeUndefined();
  });

  it.each(['', '   ', 'garbage', 'yesterday', '2024-13-45T99:99:99Z', 'Mon, 32 Foo 2024'])('%j is no date', (text) => {
    expect(parseFeedDate(text)).toBeUndefined();
  });

  it('treats undefined as no date', () => {
    expect(parseFeedDate(undefined)).toBeUndefined();
  });
});

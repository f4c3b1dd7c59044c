import { describe, expect, it } from 'vitest';
import { parseFeedDate } from '../../supabase/functions/_shared/text/dates.ts';

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

describe('parseFeedDate: month names and zones', () => {
  // Month names as feeds write them (English, French, Italian, Spanish, Portuguese, German,
  // Dutch, Polish), with the month they mean (1 = January).
  const MONTH_NAMES: readonly (readonly [string, number])[] = [
    ['jan', 1], ['january', 1], ['janv', 1], ['janvier', 1], ['gen', 1], ['gennaio', 1], ['ene', 1], ['enero', 1],
    ['janeiro', 1], ['januar', 1], ['januari', 1], ['sty', 1],
    ['feb', 2], ['february', 2], ['févr', 2], ['fevr', 2], ['février', 2], ['fevrier', 2], ['febbraio', 2],
    ['febrero', 2], ['fev', 2], ['fevereiro', 2], ['februar', 2], ['februari', 2],
    ['mar', 3], ['march', 3], ['mars', 3], ['marzo', 3], ['março', 3], ['marco', 3], ['mär', 3], ['mrz', 3],
    ['märz', 3], ['maerz', 3], ['mrt', 3], ['maart', 3],
    ['apr', 4], ['april', 4], ['avr', 4], ['avril', 4], ['aprile', 4], ['abr', 4], ['abril', 4],
    ['may', 5], ['mai', 5], ['mag', 5], ['maggio', 5], ['mayo', 5], ['maio', 5], ['mei', 5],
    ['jun', 6], ['june', 6], ['juin', 6], ['giu', 6], ['giugno', 6], ['junio', 6], ['junho', 6], ['juni', 6],
    ['jul', 7], ['july', 7], ['juil', 7], ['juillet', 7], ['lug', 7], ['luglio', 7], ['julio', 7], ['julho', 7],
    ['juli', 7],
    ['aug', 8], ['august', 8], ['août', 8], ['aout', 8], ['ago', 8], ['agosto', 8], ['augustus', 8],
    ['sep', 9], ['sept', 9], ['september', 9], ['septembre', 9], ['set', 9], ['settembre', 9], ['septiembre', 9],
    ['setembro', 9],
    ['oct', 10], ['october', 10], ['octobre', 10], ['ott', 10], ['ottobre', 10], ['octubre', 10], ['out', 10],
    ['outubro', 10], ['okt', 10], ['oktober', 10],
    ['nov', 11], ['november', 11], ['novembre', 11], ['noviembre', 11], ['novembro', 11],
    ['dec', 12], ['december', 12], ['déc', 12], ['decembre', 12], ['décembre', 12], ['dic', 12], ['dicembre', 12],
    ['diciembre', 12], ['dez', 12], ['dezembro', 12], ['dezember', 12],
  ];

  it.each(MONTH_NAMES)('reads the month name %s as month %i, in any case and with a dot', (name, month) => {
    const expected = `2024-${String(month).padStart(2, '0')}-05T10:00:00.000Z`;
    expect(iso(`5 ${name} 2024 10:00 GMT`)).toBe(expected);
    expect(iso(`5 ${name.toUpperCase()}. 2024 10:00:00 +0000`)).toBe(expected);
  });

  // Zone abbreviations and their offsets in hours east of UTC.
  const ZONES: readonly (readonly [string, number])[] = [
    ['UT', 0], ['UTC', 0], ['GMT', 0], ['Z', 0], ['WET', 0],
    ['EST', -5], ['EDT', -4], ['CST', -6], ['CDT', -5], ['MST', -7], ['MDT', -6], ['PST', -8], ['PDT', -7],
    ['AKST', -9], ['AKDT', -8], ['HST', -10], ['AST', -4], ['ADT', -3], ['NST', -3.5], ['NDT', -2.5],
    ['BST', 1], ['IST', 5.5], ['CET', 1], ['CEST', 2], ['MET', 1], ['MEST', 2], ['WEST', 1], ['EET', 2], ['EEST', 3],
    ['MSK', 3], ['JST', 9], ['KST', 9], ['HKT', 8], ['SGT', 8], ['AWST', 8], ['ACST', 9.5], ['AEST', 10],
    ['AEDT', 11], ['NZST', 12], ['NZDT', 13],
  ];

  it.each(ZONES)('reads the zone %s as UTC%+d hours', (zone, hours) => {
    const expected = new Date(Date.UTC(2024, 0, 15, 12) - hours * 3_600_000).toISOString();
    expect(iso(`Mon, 15 Jan 2024 12:00:00 ${zone}`)).toBe(expected);
    expect(iso(`15 January 2024 12:00 ${zone.toLowerCase()}`)).toBe(expected);
  });

  it('reads a time with no zone as UTC; names of Object properties are neither zones nor months', () => {
    expect(iso('15 January 2024 12:00')).toBe('2024-01-15T12:00:00.000Z');
    expect(parseFeedDate('Mon, 15 Jan 2024 12:00:00 constructor')).toBeUndefined();
    expect(parseFeedDate('15 constructor 2024 12:00 GMT')).toBeUndefined();
  });
});

describe('parseFeedDate: edges of each rule', () => {
  it.each([
    // RFC 822 comments, empty ones too, and one between two tokens
    ['Mon, 01 Jan 2024 12:00:00 -0800 ()', '2024-01-01T20:00:00.000Z'],
    ['Mon, 01 Jan 2024(a comment)12:00:00 GMT', '2024-01-01T12:00:00.000Z'],
    // RFC 822 without seconds
    ['Mon, 01 Jan 2024 12:34 GMT', '2024-01-01T12:34:00.000Z'],
    // the loose reading: a zone, "am" or "pm" written against the time; fractions of a second
    ['Sat, 16 Dec 2023 10:00:00+0100', '2023-12-16T09:00:00.000Z'],
    ['Sat, 16 Dec 2023 10:00:00Z', '2023-12-16T10:00:00.000Z'],
    ['Sat, 16 Dec 2023 10:00:00.5 GMT', '2023-12-16T10:00:00.500Z'],
    ['December 16, 2023 10:30pm', '2023-12-16T22:30:00.000Z'],
    ['December 16, 2023 12:30 PM', '2023-12-16T12:30:00.000Z'],
    ['December 16, 2023 12:30am', '2023-12-16T00:30:00.000Z'],
    ['December 16, 2023 1:05 am', '2023-12-16T01:05:00.000Z'],
    // words before the time are skipped, a zone among them too: the zone follows the time
    ['EST Mon 1 Jan 2024 12:00', '2024-01-01T12:00:00.000Z'],
    ['pm 1 Jan 2024 12:00', '2024-01-01T12:00:00.000Z'],
    // numbers: a year of three or more digits, two-digit years (up to 49 in this century), a time without a colon after the year
    ['5 Jan 999 10:00 GMT', '0999-01-05T10:00:00.000Z'],
    ['Thu, 07 Dec 49 10:00:00 GMT', '2049-12-07T10:00:00.000Z'],
    ['Thu, 07 Dec 50 10:00:00 GMT', '1950-12-07T10:00:00.000Z'],
    ['Thu, 07 Dec 00 10:00:00 GMT', '2000-12-07T10:00:00.000Z'],
    ['2024 Jan 5 0930 GMT', '2024-01-05T09:30:00.000Z'],
    ['Jan 31 2024', '2024-01-31T00:00:00.000Z'],
    ['1 Jan 2024', '2024-01-01T00:00:00.000Z'],
    ['5 Jan 2024 10:00,', '2024-01-05T10:00:00.000Z'], // a trailing comma
    // a short number before the day that cannot be a day (0, over 31) is a two-digit year
    ['00 Jan 05 12:00', '2000-01-05T12:00:00.000Z'],
    ['99 Jan 05 12:00', '1999-01-05T12:00:00.000Z'],
    // "am" before the time is a word (German "am 5. März"), not the time's meridiem
    ['Am 5. März 2024 um 15:00', '2024-03-05T15:00:00.000Z'],
    // ISO: fractions rounded to the millisecond, zones with and without minutes, hour 24, a leap second
    ['2024-01-01T00:00:00.0005Z', '2024-01-01T00:00:00.001Z'],
    ['2024-01-01T00:00:00,25Z', '2024-01-01T00:00:00.250Z'],
    ['2024-01-01T10:00:00 UTC', '2024-01-01T10:00:00.000Z'],
    ['2024-01-01T10:00:00+05', '2024-01-01T05:00:00.000Z'],
    ['2024-01-01T10:00-0130', '2024-01-01T11:30:00.000Z'],
    ['2024-01-01T10:00:00z', '2024-01-01T10:00:00.000Z'],
    ['2024-01-01T24:00:00Z', '2024-01-02T00:00:00.000Z'],
    ['2024-06-30T23:59:60Z', '2024-06-30T23:59:59.000Z'],
    ['2024-12-31T23:59:59Z', '2024-12-31T23:59:59.000Z'],
    ['2024-02-29', '2024-02-29T00:00:00.000Z'],
    // numeric zones up to 18 hours, with a GMT or UTC prefix, with or without a colon
    ['Mon, 01 Jan 2024 12:00:00 GMT-5', '2024-01-01T17:00:00.000Z'],
    ['Mon, 01 Jan 2024 12:00:00 UTC+5:30', '2024-01-01T06:30:00.000Z'],
    ['Mon, 01 Jan 2024 12:00:00 +1800', '2023-12-31T18:00:00.000Z'],
  ])('%s -> %s', (text, expected) => {
    expect(iso(text)).toBe(expected);
  });

  it.each([
    'Mon, 01 Jan 2024 12:00:00 +1801', // more than 18 hours
    'Mon, 01 Jan 2024 12:00:00 GMT PST', // two zones
    'Mon, 01 Jan 2024 12:00:00xyz', // an unknown zone against the time
    'December 16, 2023 10:30 PM PM',
    'December 16, 2023 00:30 AM', // no hour 0 on a 12-hour clock
    'Mon 10:00:00 GMT Jan 5 2024', // a month after the time
    'Mon, 1 Jan 2024 x5 12:00', // a token with a digit that fits nowhere
    '32 Jan 2024', // no day 32
    '0 Jan 2024',
    '5 2024 12:00', // no month
    '5 Jan 12:00', // no year
    'Jan 2024 12:00', // no day
    '2024-00-10', // no month 0 or 13, day 0 or 32, hour 25, minute 60, second 61
    '2024-13-05',
    '2024-01-00',
    '2024-01-32',
    '2023-02-29',
    '2024-01-01T25:00:00Z',
    '2024-01-01T10:60:00Z',
    '2024-01-01T10:00:61Z',
    '13 Sep 275760 24:00 GMT', // past the last day a Date can hold
    '2024-01-01T10:00:00+19:00', // an ISO zone over 18 hours
    'Sat, 16 Dec 2023 10:00:00+0100xyz', // a zone with more after it
    'Mon, 01 Jan 2024 12:00:00 x+0100', // a zone with more before it
    '5 6 7 Jan 2024', // a third short number with no place
    '1 Jan 2024 12:00 1500', // a second time, without a colon
    '1 Jan 2024 12:00 2025', // a second year
    '1 Jan 2024 123', // a second year of three digits
    'Jan 2024 012', // a day written with three digits
  ])('%j cannot be read: no date', (text) => {
    expect(parseFeedDate(text)).toBeUndefined();
  });

  it.each([
    // since 2007: from 2:00 on the second Sunday of March to 2:00 on the first Sunday of November
    ['Sat, 10 Mar 2007 10:00:00 ET', '2007-03-10T15:00:00.000Z'],
    ['Mon, 12 Mar 2007 10:00:00 ET', '2007-03-12T14:00:00.000Z'],
    ['Sun, 10 Mar 2024 01:59:00 ET', '2024-03-10T06:59:00.000Z'],
    ['Sun, 10 Mar 2024 02:00:00 ET', '2024-03-10T06:00:00.000Z'],
    ['Sun, 03 Nov 2024 01:59:00 ET', '2024-11-03T05:59:00.000Z'],
    ['Sun, 03 Nov 2024 02:00:00 ET', '2024-11-03T07:00:00.000Z'],
    ['Sun, 01 Nov 2009 01:00:00 ET', '2009-11-01T05:00:00.000Z'], // 1 November is itself the first Sunday
    ['Sun, 01 Nov 2009 03:00:00 ET', '2009-11-01T08:00:00.000Z'],
    // before 2007: from the first Sunday of April to the last Sunday of October
    ['Sun, 12 Mar 2006 10:00:00 ET', '2006-03-12T15:00:00.000Z'],
    ['Sat, 01 Apr 2006 10:00:00 ET', '2006-04-01T15:00:00.000Z'],
    ['Sun, 02 Apr 2006 03:00:00 ET', '2006-04-02T07:00:00.000Z'],
    ['Sun, 01 Apr 2001 03:00:00 ET', '2001-04-01T07:00:00.000Z'], // 1 April is itself the first Sunday
    ['Sun, 27 Oct 2002 01:00:00 ET', '2002-10-27T05:00:00.000Z'],
    ['Sun, 27 Oct 2002 03:00:00 ET', '2002-10-27T08:00:00.000Z'],
    ['Sun, 31 Oct 2004 01:00:00 ET', '2004-10-31T05:00:00.000Z'], // 31 October is itself the last Sunday
    ['Sun, 31 Oct 2004 03:00:00 ET', '2004-10-31T08:00:00.000Z'],
    ['Sat, 30 Oct 2004 10:00:00 ET', '2004-10-30T14:00:00.000Z'],
  ])('US daylight saving: %s -> %s', (text, expected) => {
    expect(iso(text)).toBe(expected);
  });
});

describe('parseFeedDate: the edge of what a Date can hold', () => {
  it('reads the last representable moment and leaves out one an hour past it, never an Invalid Date', () => {
    expect(iso('13 Sep 275760 00:00 +0000')).toBe('+275760-09-13T00:00:00.000Z');
    expect(parseFeedDate('13 Sep 275760 00:00 -0100')).toBeUndefined();
    expect(parseFeedDate('Sat, 13 Sep 275760 01:00:00 GMT')).toBeUndefined();
  });
});

describe('parseFeedDate: W3C-DTF reduced precision (docs/product.md#dates)', () => {
  it.each([
    ['2003', '2003-01-01T00:00:00.000Z'], // a year: its first instant, UTC
    ['2003-12', '2003-12-01T00:00:00.000Z'], // a month: its first instant, UTC
    ['2024-02', '2024-02-01T00:00:00.000Z'],
    [' 1997-07 \n', '1997-07-01T00:00:00.000Z'],
    // years before 100 are themselves, not 1900 to 1999
    ['0099', '0099-01-01T00:00:00.000Z'],
    ['0050-06', '0050-06-01T00:00:00.000Z'],
    ['0050-06-15T10:00:00Z', '0050-06-15T10:00:00.000Z'],
    ['1 Jan 0050 12:00 GMT', '0050-01-01T12:00:00.000Z'],
  ])('%j -> %s', (text, expected) => {
    expect(iso(text)).toBe(expected);
  });

  it.each([
    '2003-13', // no month 13 or 0
    '2003-00',
    '2003-1', // W3C-DTF writes two-digit months
    '20031',
    '203',
    '2003-12Z', // a zone only with a time
    '2003 GMT',
    '2003-12 EST',
  ])('%j cannot be read exactly: no date', (text) => {
    expect(parseFeedDate(text)).toBeUndefined();
  });
});

describe('parseFeedDate: GMT+n and the tz database\'s Etc/ zones (docs/product.md#dates)', () => {
  it.each([
    // "GMT+5" is UTC+5: the sign as written, as in RFC 822's numeric zones
    ['Mon, 01 Jan 2024 12:00:00 GMT+5', '2024-01-01T07:00:00.000Z'],
    ['Mon, 01 Jan 2024 12:00:00 GMT-03', '2024-01-01T15:00:00.000Z'],
    ['Mon, 01 Jan 2024 12:00:00 GMT+05:30', '2024-01-01T06:30:00.000Z'],
    ['Mon, 01 Jan 2024 12:00:00 UTC-3', '2024-01-01T15:00:00.000Z'],
    // Etc/GMT+5 is UTC-5: POSIX's sign, as the tz database names it
    ['Mon, 01 Jan 2024 12:00:00 Etc/GMT+5', '2024-01-01T17:00:00.000Z'],
    ['Mon, 01 Jan 2024 12:00:00 Etc/GMT-3', '2024-01-01T09:00:00.000Z'],
    ['Mon, 01 Jan 2024 12:00:00 Etc/GMT+12', '2024-01-02T00:00:00.000Z'],
    ['Mon, 01 Jan 2024 12:00:00 Etc/GMT-14', '2023-12-31T22:00:00.000Z'],
    ['Mon, 01 Jan 2024 12:00:00 Etc/GMT+1', '2024-01-01T13:00:00.000Z'],
    ['Mon, 01 Jan 2024 12:00:00 Etc/GMT-10', '2024-01-01T02:00:00.000Z'],
    ['1 January 2024 12:00 etc/gmt+5', '2024-01-01T17:00:00.000Z'],
    ['Mon, 01 Jan 2024 12:00:00 Etc/GMT', '2024-01-01T12:00:00.000Z'],
    ['Mon, 01 Jan 2024 12:00:00 Etc/GMT0', '2024-01-01T12:00:00.000Z'],
    ['Mon, 01 Jan 2024 12:00:00 Etc/GMT+0', '2024-01-01T12:00:00.000Z'],
    ['Mon, 01 Jan 2024 12:00:00 Etc/GMT-0', '2024-01-01T12:00:00.000Z'],
    ['Mon, 01 Jan 2024 12:00:00 Etc/UTC', '2024-01-01T12:00:00.000Z'],
    ['Mon, 01 Jan 2024 12:00:00 Etc/UCT', '2024-01-01T12:00:00.000Z'],
    ['Mon, 01 Jan 2024 12:00:00 Etc/Universal', '2024-01-01T12:00:00.000Z'],
    ['Mon, 01 Jan 2024 12:00:00 Etc/Zulu', '2024-01-01T12:00:00.000Z'],
    ['Mon, 01 Jan 2024 12:00:00 Etc/Greenwich', '2024-01-01T12:00:00.000Z'],
  ])('%s -> %s', (text, expected) => {
    expect(iso(text)).toBe(expected);
  });

  it.each([
    'Mon, 01 Jan 2024 12:00:00 Etc/GMT+13', // the tz database has Etc/GMT+1 to +12 and Etc/GMT-1 to -14, no more
    'Mon, 01 Jan 2024 12:00:00 Etc/GMT-15',
    'Mon, 01 Jan 2024 12:00:00 Etc/GMT+05', // not a name it has
    'Mon, 01 Jan 2024 12:00:00 Etc/GMT+5:30',
    'Mon, 01 Jan 2024 12:00:00 Etc/GMT+',
    'Mon, 01 Jan 2024 12:00:00 Etc/EST',
    'Mon, 01 Jan 2024 12:00:00 Etc/',
    'Mon, 01 Jan 2024 12:00:00 GMT+19',
    'Mon, 01 Jan 2024 12:00:00 Europe/Paris', // a place's zone needs its rules, which are not read
  ])('%j cannot be read exactly: no date', (text) => {
    expect(parseFeedDate(text)).toBeUndefined();
  });
});

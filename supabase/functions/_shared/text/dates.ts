/**
 * Feed dates (docs/product.md#dates): ISO 8601 / RFC 3339 (W3C-DTF's "2003" and
 * "2003-12" too) and RFC 822, plus the broken variants seen in real feeds (localised
 * day and month names, "PM" times, missing zones, two-digit years, "Z" after an RFC 822
 * time, times without colons, US zone names with or without daylight saving, "GMT+5"
 * and the tz database's "Etc/GMT+5"). A date with no zone is read as UTC. A date that cannot be read exactly (an unknown zone, a
 * number or token that fits nowhere, an impossible day or time) is no date: never a
 * guess. Returns undefined then.
 */
export function parseFeedDate(input: string | undefined): Date | undefined {
  if (input === undefined) return undefined;
  // RFC 822 comments: "Mon, 01 Jan 2024 12:00:00 -0800 (PST)".
  const text = input.replace(/\([^()]*\)/g, ' ').trim();
  // Empty text matches no pattern and has no tokens: no date.
  return parseIso(text) ?? parseReducedIso(text) ?? parseRfc822(text) ?? parseLoose(text);
}

/** W3C-DTF's reduced precisions, a year ("2003") or a month ("2003-12"): their first instant, UTC. */
const REDUCED_ISO = /^(\d{4})(?:-(\d{2}))?$/;

function parseReducedIso(text: string): Date | undefined {
  const m = REDUCED_ISO.exec(text);
  if (!m) return undefined;
  const [, y, mo = '01'] = m;
  return build(Number(y), Number(mo) - 1, 1, 0, 0, 0, 0, 0);
}

/** The well-formed RFC 822 date nearly every RSS feed uses, read without tokenizing. */
const RFC822 = /^(?:[A-Za-z]{3},\s*)?(\d{1,2})\s+([A-Za-z]{3})\s+(\d{4})\s+(\d{2}):(\d{2})(?::(\d{2}))?\s+([+-]\d{4}|[A-Za-z]{1,4})$/;

function parseRfc822(text: string): Date | undefined {
  const m = RFC822.exec(text);
  if (!m) return undefined;
  const [, d, mon, y, h, mi, s = '0', zone = ''] = m;
  const month = MONTHS[mon?.toLowerCase() ?? ''];
  const offset = zoneOf(zone);
  if (month === undefined || offset === undefined) return undefined;
  return build(Number(y), month, Number(d), Number(h), Number(mi), Number(s), 0, offset);
}

const ISO =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?)?\s*(Z|z|UTC|GMT|[+-]\d{2}(?::?\d{2})?)?$/;

function parseIso(text: string): Date | undefined {
  const m = ISO.exec(text);
  if (!m) return undefined;
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '0', zone] = m;
  const millis = Math.round(Number(`0.${frac}`) * 1000);
  const offset = zone === undefined ? 0 : zoneOf(zone);
  if (offset === undefined) return undefined;
  return build(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), millis, offset);
}

const MONTHS: Readonly<Record<string, number>> = (() => {
  const names: readonly (readonly string[])[] = [
    ['jan', 'january', 'janv', 'janvier', 'gen', 'gennaio', 'ene', 'enero', 'janeiro', 'januar', 'januari', 'sty'],
    ['feb', 'february', 'févr', 'fevr', 'février', 'fevrier', 'febbraio', 'febrero', 'fev', 'fevereiro', 'februar', 'februari'],
    ['mar', 'march', 'mars', 'marzo', 'março', 'marco', 'mär', 'mrz', 'märz', 'maerz', 'mrt', 'maart'],
    ['apr', 'april', 'avr', 'avril', 'aprile', 'abr', 'abril'],
    ['may', 'mai', 'mag', 'maggio', 'mayo', 'maio', 'mei'],
    ['jun', 'june', 'juin', 'giu', 'giugno', 'junio', 'junho', 'juni'],
    ['jul', 'july', 'juil', 'juillet', 'lug', 'luglio', 'julio', 'julho', 'juli'],
    ['aug', 'august', 'août', 'aout', 'ago', 'agosto', 'augustus'],
    ['sep', 'sept', 'september', 'septembre', 'set', 'settembre', 'septiembre', 'setembro'],
    ['oct', 'october', 'octobre', 'ott', 'ottobre', 'octubre', 'out', 'outubro', 'okt', 'oktober'],
    ['nov', 'november', 'novembre', 'noviembre', 'novembro'],
    ['dec', 'december', 'déc', 'decembre', 'décembre', 'dic', 'dicembre', 'diciembre', 'dez', 'dezembro', 'dezember'],
  ];
  const table: Record<string, number> = {};
  names.forEach((list, month) => {
    for (const name of list) table[name] = month;
  });
  return table;
})();

/** Zone abbreviations in RFC 822 plus common ones seen in feeds, in minutes east of UTC. */
const ZONES: Readonly<Record<string, number>> = {
  ut: 0, utc: 0, gmt: 0, z: 0, wet: 0,
  est: -300, edt: -240, cst: -360, cdt: -300, mst: -420, mdt: -360, pst: -480, pdt: -420,
  akst: -540, akdt: -480, hst: -600, ast: -240, adt: -180, nst: -210, ndt: -150,
  bst: 60, ist: 330, cet: 60, cest: 120, met: 60, mest: 120, west: 60, eet: 120, eest: 180, msk: 180,
  jst: 540, kst: 540, hkt: 480, sgt: 480, awst: 480, acst: 570, aest: 600, aedt: 660, nzst: 720, nzdt: 780,
};

/**
 * US zone names without "standard" or "daylight": Eastern, Central, Mountain, Pacific and
 * Atlantic time, standard offset in minutes east of UTC; daylight saving time follows the
 * US rules for the date read.
 */
const US_GENERIC_ZONES: Readonly<Record<string, number>> = { et: -300, ct: -360, mt: -420, pt: -480, at: -240 };

/** A fixed offset in minutes east of UTC, or a US zone whose offset depends on the date. */
type Zone = number | { readonly usStandard: number };

function zoneOf(zone: string): Zone | undefined {
  const generic = US_GENERIC_ZONES[zone.toLowerCase()];
  return generic === undefined ? zoneOffsetMinutes(zone) : { usStandard: generic };
}

function zoneOffsetMinutes(zone: string): number | undefined {
  const lower = zone.toLowerCase();
  if (Object.hasOwn(ZONES, lower)) return ZONES[lower];
  if (lower.startsWith('etc/')) return etcOffsetMinutes(lower.slice('etc/'.length));
  // "GMT+5" keeps its sign as written (UTC+5), as RFC 822's and ISO 8601's numeric offsets do.
  const m = /^(?:gmt|utc)?([+-])(\d{1,2})(?::?(\d{2}))?$/.exec(lower);
  if (!m) return undefined;
  const [, sign, hours, minutes = '0'] = m;
  const value = Number(hours) * 60 + Number(minutes);
  if (value > 18 * 60) return undefined;
  return sign === '-' ? -value : value;
}

/** The tz database's names for UTC under Etc/ (Etc/GMT, Etc/UTC, ...). */
const ETC_UTC = new Set(['gmt', 'gmt0', 'gmt+0', 'gmt-0', 'greenwich', 'utc', 'uct', 'universal', 'zulu']);

/**
 * The tz database's Etc/ zones, with POSIX's inverted sign: Etc/GMT+5 is UTC-5 and
 * Etc/GMT-3 is UTC+3. Only the names it has: Etc/GMT+1 to Etc/GMT+12, Etc/GMT-1 to Etc/GMT-14.
 */
function etcOffsetMinutes(name: string): number | undefined {
  if (ETC_UTC.has(name)) return 0;
  const m = /^gmt(?:\+([1-9]|1[0-2])|-([1-9]|1[0-4]))$/.exec(name);
  if (!m) return undefined;
  const [, west, east] = m;
  return west === undefined ? Number(east) * 60 : -Number(west) * 60;
}

const TIME = /^(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?(.*)$/;

/**
 * A token-by-token reading of RFC 822 and its broken relatives. Words before the time
 * that mean nothing here (day names in any language, "at") are skipped; any other token
 * that fits nowhere makes the date unreadable.
 */
function parseLoose(text: string): Date | undefined {
  const tokens = text.split(/[\s,]+/).filter((t) => t !== '');
  let day: number | undefined;
  let month: number | undefined;
  let year: number | undefined;
  let time: [number, number, number, number] | undefined;
  let zone: Zone | undefined;
  let meridiem: 'am' | 'pm' | undefined;

  for (const raw of tokens) {
    const token = raw.toLowerCase().replace(/\.$/, '');
    const timeMatch = TIME.exec(token);
    if (timeMatch && time === undefined) {
      const [, h, mi, s = '0', frac = '0', rest = ''] = timeMatch;
      time = [Number(h), Number(mi), Number(s), Math.round(Number(`0.${frac}`) * 1000)];
      if (rest === 'am' || rest === 'pm') {
        meridiem = rest;
      } else if (rest !== '') {
        zone = zoneOf(rest);
        if (zone === undefined) return undefined;
      }
      continue;
    }
    if (/^\d+$/.test(token)) {
      const value = Number(token);
      if (token.length === 4 && year !== undefined && time === undefined) {
        time = [Math.floor(value / 100), value % 100, 0, 0]; // "1500": a time without a colon
      } else if (token.length >= 3 && year === undefined) {
        year = value;
      } else if (token.length <= 2 && day === undefined && value >= 1 && value <= 31) {
        day = value;
      } else if (token.length <= 2 && year === undefined) {
        year = value < 50 ? 2000 + value : 1900 + value;
      } else {
        return undefined; // a number with no place left
      }
      continue;
    }
    if ((token === 'am' || token === 'pm') && time !== undefined && meridiem === undefined) {
      meridiem = token;
      continue;
    }
    if (Object.hasOwn(MONTHS, token) && time === undefined) {
      // The last month name wins: a leading Italian "mar," is Tuesday, not March.
      month = MONTHS[token];
      continue;
    }
    // A zone only after the time ("at" before it is a word), and only one.
    const tokenZone = time !== undefined && zone === undefined ? zoneOf(token) : undefined;
    if (tokenZone !== undefined) {
      zone = tokenZone;
      continue;
    }
    // Day names in any language and words such as "at" are skipped before the time;
    // anything with a digit, or any word after the time (an unknown zone), is not understood.
    if (/\d/.test(token) || time !== undefined) return undefined;
  }

  if (day === undefined || month === undefined || year === undefined) return undefined;
  const [h, mi, s, ms] = time ?? [0, 0, 0, 0];
  let hour = h;
  if (meridiem !== undefined && (hour < 1 || hour > 12)) return undefined;
  if (meridiem === 'pm' && hour < 12) hour += 12;
  if (meridiem === 'am' && hour === 12) hour = 0;
  return build(year, month, day, hour, mi, s, ms, zone ?? 0);
}

function build(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
  millis: number,
  zone: Zone,
): Date | undefined {
  // Days out of range (0, 32) fail the round trip below.
  if (month < 0 || month > 11 || hour > 24 || minute > 59 || second > 60) return undefined;
  const wallClock = utc(year, month, day, hour, minute, Math.min(second, 59), millis);
  const offsetMinutes = typeof zone === 'number' ? zone : zone.usStandard + (isUsDaylightTime(year, wallClock) ? 60 : 0);
  const ms = wallClock - offsetMinutes * 60_000;
  // utc() rolls 31 February over into March; a date that did not round-trip is invalid.
  const check = new Date(utc(year, month, day));
  if (check.getUTCDate() !== day) return undefined;
  // Past JavaScript's range (±8.64e15 ms) a Date is Invalid, and its toISOString() throws.
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** Date.UTC, except that years 0 to 99 stay themselves (Date.UTC makes them 1900 to 1999). */
function utc(year: number, month: number, day: number, hour = 0, minute = 0, second = 0, millis = 0): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month, day);
  return date.setUTCHours(hour, minute, second, millis);
}

/** Day of the month of the n-th (1-based) Sunday of a month, or the last one with n = -1. */
function sunday(year: number, month: number, n: number): number {
  if (n === -1) {
    const last = new Date(utc(year, month + 1, 0));
    return last.getUTCDate() - last.getUTCDay();
  }
  const firstWeekday = new Date(utc(year, month, 1)).getUTCDay();
  return 1 + ((7 - firstWeekday) % 7) + (n - 1) * 7;
}

/**
 * Whether US daylight saving time is in effect at a local wall-clock time (given as if
 * it were UTC): from 2:00 on the second Sunday of March to 2:00 on the first Sunday of
 * November since 2007; the first Sunday of April to the last Sunday of October before.
 */
function isUsDaylightTime(year: number, wallClock: number): boolean {
  const [start, end] =
    year >= 2007
      ? [utc(year, 2, sunday(year, 2, 2), 2), utc(year, 10, sunday(year, 10, 1), 2)]
      : [utc(year, 3, sunday(year, 3, 1), 2), utc(year, 9, sunday(year, 9, -1), 2)];
  return wallClock >= start && wallClock < end;
}

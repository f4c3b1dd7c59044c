/**
 * Feed dates: ISO 8601 / RFC 3339 and RFC 822, plus the broken variants seen in
 * real feeds (localised day and month names, "PM" times, missing zones, two-digit
 * years, "Z" after an RFC 822 time, times without colons). A date with no zone is
 * read as UTC. Returns undefined when no date can be read.
 */
export function parseFeedDate(input: string | undefined): Date | undefined {
  if (input === undefined) return undefined;
  const text = input.trim();
  if (text === '') return undefined;
  return parseIso(text) ?? parseRfc822(text) ?? parseLoose(text) ?? parseByEngine(text);
}

/** The well-formed RFC 822 date nearly every RSS feed uses, read without tokenizing. */
const RFC822 = /^(?:[A-Za-z]{3},\s*)?(\d{1,2})\s+([A-Za-z]{3})\s+(\d{4})\s+(\d{2}):(\d{2})(?::(\d{2}))?\s+([+-]\d{4}|[A-Za-z]{1,4})$/;

function parseRfc822(text: string): Date | undefined {
  const m = RFC822.exec(text);
  if (!m) return undefined;
  const [, d, mon, y, h, mi, s = '0', zone = ''] = m;
  const month = MONTHS[mon?.toLowerCase() ?? ''];
  const offset = zoneOffsetMinutes(zone);
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
  const offset = zone === undefined ? 0 : zoneOffsetMinutes(zone);
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

function zoneOffsetMinutes(zone: string): number | undefined {
  const lower = zone.toLowerCase();
  if (lower in ZONES) return ZONES[lower];
  const m = /^(?:gmt|utc)?([+-])(\d{1,2})(?::?(\d{2}))?$/.exec(lower);
  if (!m) return undefined;
  const [, sign, hours, minutes = '0'] = m;
  const value = Number(hours) * 60 + Number(minutes);
  if (value > 18 * 60) return undefined;
  return sign === '-' ? -value : value;
}

const TIME = /^(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?(.*)$/;

/** A token-by-token reading of RFC 822 and its broken relatives. */
function parseLoose(text: string): Date | undefined {
  const tokens = text.split(/[\s,]+/).filter((t) => t !== '');
  let day: number | undefined;
  let month: number | undefined;
  let year: number | undefined;
  let time: [number, number, number, number] | undefined;
  let offset: number | undefined;
  let meridiem: 'am' | 'pm' | undefined;

  for (const raw of tokens) {
    const token = raw.toLowerCase().replace(/\.$/, '');
    const timeMatch = TIME.exec(token);
    if (timeMatch && time === undefined) {
      const [, h, mi, s = '0', frac = '0', rest = ''] = timeMatch;
      time = [Number(h), Number(mi), Number(s), Math.round(Number(`0.${frac}`) * 1000)];
      if (rest !== '') offset = zoneOffsetMinutes(rest) ?? offset;
      continue;
    }
    if (/^\d+$/.test(token)) {
      const value = Number(token);
      if (token.length === 4 && year !== undefined && time === undefined) {
        time = [Math.floor(value / 100), value % 100, 0, 0]; // "1500": a time without a colon
      } else if (token.length >= 3) {
        year ??= value;
      } else if (day === undefined && value >= 1 && value <= 31) {
        day = value;
      } else if (year === undefined) {
        year = value < 50 ? 2000 + value : 1900 + value;
      }
      continue;
    }
    if (token === 'am' || token === 'pm') {
      meridiem = token;
      continue;
    }
    if (token in MONTHS) {
      // The last month name wins: a leading Italian "mar," is Tuesday, not March.
      month = MONTHS[token];
      continue;
    }
    const zone = zoneOffsetMinutes(token);
    if (zone !== undefined) {
      offset = zone;
      continue;
    }
    // Anything else (day names in any language, "at", unknown zones) is ignored.
  }

  if (day === undefined || month === undefined || year === undefined) return undefined;
  const [h, mi, s, ms] = time ?? [0, 0, 0, 0];
  let hour = h;
  if (meridiem === 'pm' && hour < 12) hour += 12;
  if (meridiem === 'am' && hour === 12) hour = 0;
  return build(year, month, day, hour, mi, s, ms, offset ?? 0);
}

/** Last resort: the JavaScript engine's own reading (V8 on both Node and Deno). */
function parseByEngine(text: string): Date | undefined {
  const ms = Date.parse(text);
  if (Number.isNaN(ms)) return undefined;
  const year = new Date(ms).getUTCFullYear();
  return year >= 1970 && year <= 2200 ? new Date(ms) : undefined;
}

function build(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
  millis: number,
  offsetMinutes: number,
): Date | undefined {
  if (month < 0 || month > 11 || day < 1 || day > 31 || hour > 24 || minute > 59 || second > 60) return undefined;
  const ms = Date.UTC(year, month, day, hour, minute, Math.min(second, 59), millis) - offsetMinutes * 60_000;
  // Date.UTC rolls 31 February over into March; a date that did not round-trip is invalid.
  const check = new Date(Date.UTC(year, month, day));
  if (check.getUTCDate() !== day) return undefined;
  return Number.isNaN(ms) ? undefined : new Date(ms);
}

import { ALL_ENTITIES } from '@nodable/entities';

// Character references in XML text and in the HTML carried by feeds. Only
// references ending in ";" are decoded, so "?a=1&copy=2" in a URL stays as it is.
// HTML names are accepted in XML too: feeds use &nbsp; and friends undeclared.

const NAMED: ReadonlyMap<string, string> = new Map(Object.entries(ALL_ENTITIES));
const MAX_REFERENCE_LENGTH = 32;

function fromCodePoint(code: number): string {
  if (!Number.isFinite(code) || code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\uFFFD';
  return String.fromCodePoint(code);
}

function numericReference(text: string, start: number, end: number): string | undefined {
  const hex = text.charCodeAt(start) === 120 /* x */ || text.charCodeAt(start) === 88; /* X */
  const digits = text.slice(hex ? start + 1 : start, end);
  if (digits === '' || !(hex ? /^[0-9a-f]+$/i : /^[0-9]+$/).test(digits)) return undefined;
  return fromCodePoint(parseInt(digits, hex ? 16 : 10));
}

/** The replacement for the reference text[amp..semicolon], or undefined if it is none. */
function reference(text: string, amp: number, semicolon: number): string | undefined {
  const first = text.charCodeAt(amp + 1);
  const length = semicolon - amp - 1;
  // The five XML entities make up nearly all references in escaped feed HTML.
  if (length === 2 && text.charCodeAt(amp + 2) === 116 /* t */) {
    if (first === 108 /* l */) return '<';
    if (first === 103 /* g */) return '>';
  }
  if (length === 3 && first === 97 /* a */ && text.startsWith('mp', amp + 2)) return '&';
  if (first === 35 /* # */) return numericReference(text, amp + 2, semicolon);
  return NAMED.get(text.slice(amp + 1, semicolon));
}

/** Decodes named (HTML) and numeric character references; unknown ones stay as written. */
export function decodeEntities(text: string): string {
  let amp = text.indexOf('&');
  if (amp === -1) return text;
  const parts: string[] = [];
  let last = 0;
  while (amp !== -1) {
    const semicolon = text.indexOf(';', amp + 1);
    if (semicolon === -1) break;
    if (semicolon - amp <= MAX_REFERENCE_LENGTH) {
      const value = reference(text, amp, semicolon);
      if (value !== undefined) {
        parts.push(text.slice(last, amp), value);
        last = semicolon + 1;
        amp = text.indexOf('&', last);
        continue;
      }
    }
    amp = text.indexOf('&', amp + 1);
  }
  if (last === 0) return text;
  parts.push(text.slice(last));
  return parts.join('');
}

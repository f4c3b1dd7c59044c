/**
 * Turns a feed's bytes into text. Order of evidence:
 * 1. a byte order mark;
 * 2. the charset of the HTTP Content-Type header (it wins over the XML prolog);
 * 3. the encoding named in the XML declaration;
 * 4. none: UTF-8 if the bytes are valid UTF-8, else windows-1252.
 * A declared single-byte charset is overridden when the bytes are valid, non-ASCII
 * UTF-8: mislabelled UTF-8 is far more common than legacy text that happens to be
 * valid UTF-8.
 */
export function decodeFeedBytes(bytes: Uint8Array, contentType?: string | null): string {
  const bom = sniffBom(bytes);
  if (bom) return new TextDecoder(bom.encoding).decode(bytes.subarray(bom.length));

  const declared = charsetFromContentType(contentType) ?? encodingFromXmlDeclaration(bytes);
  const decoder = declared === undefined ? undefined : decoderFor(declared);
  if (decoder === undefined || isUtf8Label(decoder.encoding)) return decodeUtf8OrLegacy(bytes);
  if (decoder.encoding.startsWith('utf-16')) return decoder.decode(bytes);
  if (hasNonAscii(bytes)) {
    const utf8 = tryUtf8(bytes);
    if (utf8 !== undefined) return utf8;
  }
  return decoder.encoding === 'windows-1252' ? decodeWindows1252(bytes) : decoder.decode(bytes);
}

/** Bytes 0x80-0x9F of windows-1252 (WHATWG table); the rest of the charset is Latin-1. */
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

/**
 * windows-1252 (which the WHATWG Encoding standard also uses for "iso-8859-1" and
 * "latin1") by hand: Node 20's TextDecoder decodes it as plain Latin-1, turning
 * "€" and curly quotes into control characters. Deno's is right; this is the same on both.
 */
function decodeWindows1252(bytes: Uint8Array): string {
  return new TextDecoder('windows-1252')
    .decode(bytes)
    .replace(/[\u0080-\u009f]/g, (char) => String.fromCharCode(CP1252_HIGH[char.charCodeAt(0) - 0x80] as number));
}

function sniffBom(bytes: Uint8Array): { encoding: string; length: number } | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf-8', length: 3 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', length: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', length: 2 };
  return undefined;
}

export function charsetFromContentType(contentType: string | null | undefined): string | undefined {
  if (!contentType) return undefined;
  for (const part of contentType.split(';').slice(1)) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim().toLowerCase() !== 'charset') continue;
    const value = part.slice(eq + 1).trim().replace(/^["']|["']$/g, '');
    return value === '' ? undefined : value;
  }
  return undefined;
}

/**
 * The encoding pseudo-attribute of `<?xml ... ?>`, read as ASCII from the first
 * kilobyte. Some feeds put a comment or whitespace before the declaration, so it
 * is searched for rather than expected at offset 0.
 */
export function encodingFromXmlDeclaration(bytes: Uint8Array): string | undefined {
  const head = latin1(bytes.subarray(0, 1024));
  const start = head.indexOf('<?xml');
  if (start === -1) return undefined;
  const end = head.indexOf('?>', start);
  if (end === -1) return undefined;
  const decl = head.slice(start + 5, end);
  const key = decl.indexOf('encoding');
  if (key === -1) return undefined;
  let i = key + 'encoding'.length;
  while (decl[i] === ' ' || decl[i] === '\t' || decl[i] === '\r' || decl[i] === '\n') i++;
  if (decl[i] !== '=') return undefined;
  i++;
  while (decl[i] === ' ' || decl[i] === '\t' || decl[i] === '\r' || decl[i] === '\n') i++;
  const quote = decl[i];
  if (quote !== '"' && quote !== "'") return undefined;
  const close = decl.indexOf(quote, i + 1);
  if (close === -1) return undefined;
  const value = decl.slice(i + 1, close).trim();
  return value === '' ? undefined : value;
}

function latin1(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) out += String.fromCharCode(byte);
  return out;
}

function decoderFor(label: string): TextDecoder | undefined {
  try {
    // The Encoding standard's label lookup ignores ASCII case and surrounding ASCII whitespace.
    return new TextDecoder(label);
  } catch {
    return undefined; // an unknown label counts as no declaration
  }
}

function isUtf8Label(encoding: string): boolean {
  return encoding === 'utf-8';
}

function hasNonAscii(bytes: Uint8Array): boolean {
  for (const byte of bytes) if (byte >= 0x80) return true;
  return false;
}

function tryUtf8(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined; // not UTF-8: the caller falls back to a legacy charset
  }
}

function decodeUtf8OrLegacy(bytes: Uint8Array): string {
  return tryUtf8(bytes) ?? decodeWindows1252(bytes);
}

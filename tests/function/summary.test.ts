// Shortening titles and summaries to their limits (lib/summary.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { truncateSummary } from '../../supabase/functions/_shared/text/summary.ts';

describe('truncateSummary', () => {
  it.each([
    ['hello world foo', 15, 'hello world foo'], // exactly the limit: unchanged
    ['hello world foo', 40, 'hello world foo'],
    ['hello world foo', 14, 'hello world…'], // the last space in reach
    ['hello abcdefgh', 10, 'hello abc…'], // a space at half the limit is too early: cut hard
    ['hello abcdefgh', 9, 'hello…'], // past half: cut there
    ['abcdefghij', 5, 'abcd…'], // no space at all: cut hard
  ])('%j at most %i characters -> %j', (text, max, short) => {
    expect(truncateSummary(text, max)).toBe(short);
  });

  it.each([',', ';', ':', '.', '-', '\u2013', '\u2014', ' '])('drops %j left at the cut before the ellipsis', (mark) => {
    expect(truncateSummary(`abcdef${mark} ghijklmnop`, 12)).toBe('abcdef…');
  });

  it('drops a whole run of punctuation and spaces at the cut, and keeps punctuation inside', () => {
    expect(truncateSummary('a.b, c-d \u2014; -- ghijklmnopqrst', 16)).toBe('a.b, c-d…');
  });

  it('never cuts inside a surrogate pair (emoji, rare CJK)', () => {
    // U+1F600 is \ud83d\ude00; U+10000 is \ud800\udc00; U+103FF is \ud800\udfff: the ends of the low range.
    expect(truncateSummary('aaa\u{1f600}b', 5)).toBe('aaa…');
    expect(truncateSummary('aaa\u{10000}b', 5)).toBe('aaa…');
    expect(truncateSummary('aaa\u{103ff}b', 5)).toBe('aaa…');
    expect(truncateSummary('aa\u{1f600}bb', 5)).toBe('aa\u{1f600}…');
  });

  it('stays within the limit and keeps a prefix of the text (property)', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'b', ' ', ',', '.', '\u{1f600}', '\u65e5'), maxLength: 80 });
    fc.assert(
      fc.property(text, fc.integer({ min: 2, max: 60 }), (input, max) => {
        const short = truncateSummary(input, max);
        expect(short.length).toBeLessThanOrEqual(Math.max(max, 0));
        if (input.length <= max) {
          expect(short).toBe(input);
        } else {
          expect(short.endsWith('…')).toBe(true);
          expect(input.startsWith(short.slice(0, -1))).toBe(true);
          expect(short).not.toMatch(/[\ud800-\udbff]…$/);
        }
      }),
    );
  });
});

describe('truncateSummary past the surrogate range', () => {
  it('cuts characters above U+DFFF (fullwidth forms) hard, like any other', () => {
    expect(truncateSummary('\uff21\uff22\uff23\uff24\uff25\uff26', 5)).toBe('\uff21\uff22\uff23\uff24…');
  });
});

/**
 * The pure parts of the reader features: the previous visit and what is new since, and the
 * reading keys (docs/product.md#stored-in-the-browser, docs/product.md#accessible-names).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countNewSince, isNewSince, newSinceText, parseLastVisit } from '../../src/domain/new-since.ts';
import { readingAction, stepCard } from '../../src/domain/reading-keys.ts';
import { SHORTCUTS } from '../../src/domain/shortcuts.ts';

describe('the previous visit', () => {
  it('reads the ISO time the page writes', () => {
    expect(parseLastVisit('2026-03-01T12:00:00.000Z')).toBe(Date.parse('2026-03-01T12:00:00.000Z'));
  });

  it.each([
    ['2026-03-01T12:00:00Z', '2026-03-01T12:00:00.000Z'],
    ['2026-03-01T12:00Z', '2026-03-01T12:00:00.000Z'],
    ['2026-03-01T13:30:00.5+01:30', '2026-03-01T12:00:00.500Z'],
  ])('reads the ISO time %j, written by another tool', (stored, same) => {
    expect(parseLastVisit(stored)).toBe(Date.parse(same));
  });

  it.each([null, '', 'yesterday', '{"a":1}', '1', '2026-03-01', '2026-03-01T12:00:00', '2026-03-01 12:00:00Z', '2026-13-01T00:00:00.000Z', ' 2026-03-01T12:00:00.000Z', '2026-03-01T12:00:00.000Z '])(
    'treats %j as absent',
    (stored) => {
      expect(parseLastVisit(stored)).toBeNull();
    },
  );

  it('round-trips any time', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date(0), max: new Date(8.64e15 / 2), noInvalidDate: true }), (date) => {
        expect(parseLastVisit(date.toISOString())).toBe(date.getTime());
      }),
    );
  });
});

describe('new since the previous visit', () => {
  const since = Date.parse('2026-03-01T12:00:00.000Z');
  const at = (published_at: string) => ({ published_at });

  it('is a story published strictly after it; never on a first visit or without a date', () => {
    expect(isNewSince(at('2026-03-01T12:00:00.001Z'), since)).toBe(true);
    expect(isNewSince(at('2026-03-01T12:00:00.000Z'), since)).toBe(false);
    expect(isNewSince(at('2026-03-01T11:00:00.000Z'), since)).toBe(false);
    expect(isNewSince(at('not a date'), since)).toBe(false);
    expect(isNewSince(at('2030-01-01T00:00:00.000Z'), null)).toBe(false);
  });

  it('counts exactly the stories that are new', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.integer({ min: -5, max: 5 }).map((h) => new Date(since + h * 3_600_000).toISOString()), fc.string())), fc.option(fc.constant(since)), (dates, lastVisit) => {
        const stories = dates.map(at);
        expect(countNewSince(stories, lastVisit)).toBe(stories.filter((story) => isNewSince(story, lastVisit)).length);
        if (lastVisit === null) expect(countNewSince(stories, lastVisit)).toBe(0);
      }),
    );
  });

  it('is announced as "{N} new since your last visit"', () => {
    expect(newSinceText(3)).toBe('3 new since your last visit');
    expect(newSinceText(1)).toBe('1 new since your last visit');
  });
});

describe('reading keys', () => {
  const press = (key: string, modifiers: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {}) =>
    readingAction({ key, ctrlKey: false, metaKey: false, altKey: false, ...modifiers });

  it('maps j, k, o, b and ? to their actions', () => {
    expect(['j', 'k', 'o', 'b', 'f', 'm', '?'].map((key) => press(key))).toEqual(['next', 'previous', 'open', 'bookmark', 'follow', 'options', 'help']);
  });

  it('leaves every other key, and any key with Ctrl, Meta or Alt, to the browser', () => {
    for (const key of ['J', 'K', 'x', '/', 'Escape', 'Enter', ' ', 'toString', '__proto__', 'constructor']) expect(press(key)).toBeNull();
    for (const modifier of ['ctrlKey', 'metaKey', 'altKey'] as const) expect(press('j', { [modifier]: true })).toBeNull();
  });

  it('steps through the cards from the first, stopping at both ends', () => {
    expect(stepCard(-1, 5, 'next')).toBe(0);
    expect(stepCard(-1, 5, 'previous')).toBe(0);
    expect(stepCard(-3, 5, 'next')).toBe(0);
    expect(stepCard(0, 5, 'next')).toBe(1);
    expect(stepCard(4, 5, 'next')).toBe(4);
    expect(stepCard(0, 5, 'previous')).toBe(0);
    expect(stepCard(3, 5, 'previous')).toBe(2);
    expect(stepCard(7, 5, 'next')).toBe(0);
    // The list shrank under the focused card (a search or filter): start again from the first.
    expect(stepCard(5, 5, 'next')).toBe(0);
    expect(stepCard(5, 5, 'previous')).toBe(0);
    expect(stepCard(-1, 0, 'next')).toBeNull();
  });

  it('lists every shortcut the page has, each described', () => {
    expect(SHORTCUTS.flatMap((shortcut) => shortcut.keys)).toEqual(['j', 'k', 'o', 'b', 'f', 'm', '/', '?', 'Esc']);
    for (const shortcut of SHORTCUTS) expect(shortcut.description).not.toBe('');
  });
});

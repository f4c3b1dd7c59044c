/**
 * Stories from more than one answer (docs/product.md#older-stories, #the-last-30-days): the
 * matches of the last 30 days shown are those not already on the page, each once.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Story } from '../../src/domain/story.ts';
import { idsOf, notShown } from '../../src/domain/page-list.ts';

const story = (id: string, title = `Story ${id}`): Story => ({ id, title, summary: '', source: 'Wire', url: `https://news.example.org/${id}`, published_at: '2026-11-02T09:00:00.000Z', category: 'Science' });

describe('stories not already on the page', () => {
  it('keeps the matches the page lacks, in their ranked order', () => {
    const page = [story('p1'), story('m2')];
    expect(notShown([story('m1'), story('m2'), story('m3')], idsOf(page))).toEqual([story('m1'), story('m3')]);
    expect(notShown([story('m2')], idsOf(page))).toEqual([]);
    expect(notShown([], idsOf(page))).toEqual([]);
  });

  it('matches a reference model: in order, each id once (its first), none that the page has', () => {
    const id = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f');
    const stories = fc.array(fc.tuple(id, fc.nat(3)).map(([storyId, n]) => story(storyId, `Story ${storyId} ${n}`)), { maxLength: 10 });
    fc.assert(
      fc.property(stories, stories, (matches, page) => {
        const model = matches.filter((s, index) => !page.some((p) => p.id === s.id) && matches.findIndex((o) => o.id === s.id) === index);
        expect(notShown(matches, idsOf(page))).toEqual(model);
      }),
    );
  });
});

import type { Story } from './story.ts';

/**
 * A live answer held back while the visitor reads the kept stories
 * (docs/product.md#loading-failure-retry-and-fallback): what the notice announces.
 */

/** How many stories of a live answer are not among those on screen (matched by id). */
export function countNewStories(incoming: readonly Story[], shown: readonly Story[]): number {
  const ids = new Set(shown.map((story) => story.id));
  return incoming.filter((story) => !ids.has(story.id)).length;
}

/** "{N} new stories", "1 new story", or "Stories updated" when the answer brings no story not already shown. */
export function newStoriesText(count: number): string {
  if (count === 0) return 'Stories updated';
  return count === 1 ? '1 new story' : `${count} new stories`;
}

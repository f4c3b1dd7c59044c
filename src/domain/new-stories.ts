import { idsOf, notShown } from './page-list.ts';
import type { Story } from './story.ts';

/**
 * New stories: a live answer that the feed holds back behind kept stories while the visitor reads
 * (docs/product.md#loading-failure-retry-and-fallback), and what its bar says.
 */

/** How many stories of a live answer are not among those on screen (matched by id). */
export function countNewStories(incoming: readonly Story[], shown: readonly Story[]): number {
  return notShown(incoming, idsOf(shown)).length;
}

/** "{N} new stories", "1 new story", or "Stories updated" when the answer brings no story not already shown. */
export function newStoriesText(count: number): string {
  if (count === 0) return 'Stories updated';
  return count === 1 ? '1 new story' : `${count} new stories`;
}

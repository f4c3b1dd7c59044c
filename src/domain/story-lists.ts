import type { Story } from './story.ts';

/**
 * Lists of stories from more than one answer (docs/product.md#older-stories,
 * #the-last-30-days): each story shows once.
 */

/** The stories not already on the page, in their own order (each id once). */
export function notOnPage(stories: readonly Story[], page: readonly Story[]): Story[] {
  const shown = new Set(page.map((story) => story.id));
  const kept: Story[] = [];
  for (const story of stories) {
    if (shown.has(story.id)) continue;
    shown.add(story.id);
    kept.push(story);
  }
  return kept;
}

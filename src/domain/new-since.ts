import { isoTime } from './format.ts';
import { idsOf, notShown } from './page-list.ts';
import type { Story } from './story.ts';

/**
 * New since your last visit (docs/product.md#stored-in-the-browser): the stored time of the
 * previous visit, and the stories published after it. Below, the other "new": a live answer held
 * back while the visitor reads (docs/product.md#loading-failure-retry-and-fallback).
 */

/** The stored `newsLastVisit` value as a time, or null when it is absent or not an ISO date and time. */
export function parseLastVisit(stored: string | null): number | null {
  return isoTime(stored);
}

/** True when the story's date parses and is after the previous visit; never on a first visit (null). */
export function isNewSince(story: Pick<Story, 'published_at'>, lastVisit: number | null): boolean {
  if (lastVisit === null) return false;
  const time = Date.parse(story.published_at);
  return Number.isFinite(time) && time > lastVisit;
}

export function countNewSince(stories: readonly Pick<Story, 'published_at'>[], lastVisit: number | null): number {
  if (lastVisit === null) return 0;
  let count = 0;
  for (const story of stories) if (isNewSince(story, lastVisit)) count += 1;
  return count;
}

/** "{N} new since your last visit". */
export function newSinceText(count: number): string {
  return `${count} new since your last visit`;
}

/** How many stories of a live answer are not among those on screen (matched by id). */
export function countNewStories(incoming: readonly Story[], shown: readonly Story[]): number {
  return notShown(incoming, idsOf(shown)).length;
}

/** "{N} new stories", "1 new story", or "Stories updated" when the answer brings no story not already shown. */
export function newStoriesText(count: number): string {
  if (count === 0) return 'Stories updated';
  return count === 1 ? '1 new story' : `${count} new stories`;
}

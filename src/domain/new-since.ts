import { isoTime } from './iso-time.ts';
import type { Story } from './story.ts';

/**
 * New since your last visit (docs/product.md#stored-in-the-browser): the stored time of the
 * previous visit, and the stories published after it. The other "new", a live answer held back
 * while the visitor reads, is new-stories.ts.
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

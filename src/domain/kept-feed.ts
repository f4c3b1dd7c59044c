import { isoTime } from './iso-time.ts';
import { field, isPlainObject, storiesFromAnswer } from './normalize.ts';
import { parseStored } from './stored-list.ts';
import { MAX_STORIES, type Story } from './story.ts';

/**
 * Stories kept for the next visit (docs/product.md#stored-in-the-browser): the last live
 * stories, stored as `{ "saved_at": ISO, "stories": Story[] }` and shown at once on the next
 * load while the live call runs (docs/product.md#loading-failure-retry-and-fallback).
 */


/** Kept stories older than this are absent (docs/product.md#timings-and-constants). */
export const KEPT_STORIES_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** Stories kept by an earlier visit, as the feed machine takes them. */
export interface KeptStories {
  /** When they were kept: an ISO date and time with its zone. */
  savedAt: string;
  /** Validated, 1 to MAX_STORIES. */
  stories: Story[];
}

/**
 * The stored value as kept stories, or null when it counts as absent: missing, not JSON, not
 * an object, `saved_at` not an ISO date and time with its zone, kept after `now` (the clock went
 * back) or 24 hours or more before it, or no story left once validated like a live answer. At
 * most 200 stories, the first valid ones.
 */
export function parseKeptStories(stored: string | null, now: number): KeptStories | null {
  const value = parseStored(stored);
  if (!isPlainObject(value)) return null;
  const savedAt = field(value, 'saved_at');
  const time = isoTime(savedAt);
  if (time === null || now < time || now - time >= KEPT_STORIES_MAX_AGE_MS) return null;
  const stories = storiesFromAnswer(value, MAX_STORIES).stories;
  // A string: isoTime reads nothing else.
  return stories.length > 0 ? { savedAt: savedAt as string, stories } : null;
}

/** The value to store for the next visit: the first 200 stories, kept at `now`. */
export function serializeKeptStories(stories: readonly Story[], now: Date): string {
  return JSON.stringify({ saved_at: now.toISOString(), stories: stories.slice(0, MAX_STORIES) });
}

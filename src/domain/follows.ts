import { field, isPlainObject, storyOf } from './normalize.ts';
import { mergeLists, readList, readStoredList } from './stored-list.ts';
import type { Story } from './story.ts';

/**
 * Following a story (docs/product.md#following-a-story): the followed entries kept in
 * `newsFollows`, the function's `?follow=` answer read, and the "{N} new reports" counts.
 * Pure: the page reads and writes storage at its edge (src/follow/actors.ts).
 */

/** At most this many stories are followed (docs/product.md#timings-and-constants). */
export const FOLLOWS_MAX = 50;

export interface Follow {
  /** The followed story's id, as it was followed. */
  id: string;
  /** When it was followed (ISO). */
  followed_at: string;
  /** How many reports of its coverage the visitor has seen. */
  seen: number;
  /** How many reports the last answer counted; absent until one has answered. */
  reports?: number;
  /** The last known copy of the story that leads its coverage, shown offline. */
  story?: Story;
}

/** One story of a `?follow=` answer: the story leading a followed id's group now. */
export interface Followed {
  story: Story;
  /** The followed ids this story answers for. */
  follows: string[];
  /** The group's reports now. */
  reports: number;
}

/** Reports a story shows by itself: its own and each related one. */
export function reportsOf(story: Story): number {
  return 1 + (story.related?.length ?? 0);
}

/** A count: a whole number, 0 or more. */
export const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

function parseEntry(item: unknown): Follow | null {
  if (!isPlainObject(item)) return null;
  const id = field(item, 'id');
  const followedAt = field(item, 'followed_at');
  const seen = field(item, 'seen');
  if (typeof id !== 'string' || id === '' || typeof followedAt !== 'string' || !isCount(seen)) return null;
  const follow: Follow = { id, followed_at: followedAt, seen };
  const reports = field(item, 'reports');
  if (isCount(reports)) follow.reports = reports;
  const story = storyOf(field(item, 'story'));
  if (story !== null) follow.story = story;
  return follow;
}

/**
 * The stored follows: a JSON array of entries, newest followed first. Anything else reads as
 * none; a malformed entry is dropped, a repeated id keeps its first entry, the first 50 count.
 */
export function parseFollows(value: string | null): Follow[] {
  return readStoredList(value, parseEntry, (follow) => follow.id, FOLLOWS_MAX);
}

/** The follows of an export file (docs/product.md#your-reading-in-another-browser), read as the stored value is. */
export function followsFrom(value: unknown): Follow[] {
  return readList(value, parseEntry, (follow) => follow.id, FOLLOWS_MAX);
}

/** Imported follows joined to these: every follow here kept, the new ones after them, at most 50. */
export function mergeFollows(here: readonly Follow[], imported: readonly Follow[]): Follow[] {
  return mergeLists(here, imported, (follow) => follow.id, FOLLOWS_MAX);
}

export function serializeFollows(follows: readonly Follow[]): string {
  return JSON.stringify(follows.slice(0, FOLLOWS_MAX));
}

/** The follows with `story` followed first, or null when 50 are followed already. What was seen is what its card shows. */
export function withFollow(follows: readonly Follow[], story: Story, now: string): Follow[] | null {
  if (follows.length >= FOLLOWS_MAX) return null;
  return [{ id: story.id, followed_at: now, seen: reportsOf(story), story }, ...follows.filter((follow) => follow.id !== story.id)];
}

export function withoutFollow(follows: readonly Follow[], id: string): Follow[] {
  return follows.filter((follow) => follow.id !== id);
}

export function isFollowed(follows: readonly Follow[], id: string): boolean {
  return follows.some((follow) => follow.id === id);
}

/** Reports the visitor has not seen yet: 0 until an answer has counted them. */
export function newReports(follow: Follow): number {
  return Math.max(0, (follow.reports ?? follow.seen) - follow.seen);
}

/** How many followed stories gained reports the visitor has not seen. */
export function storiesWithNewReports(follows: readonly Follow[]): number {
  return follows.filter((follow) => newReports(follow) > 0).length;
}

/** Everything counted is seen. */
export function markSeen(follows: readonly Follow[]): Follow[] {
  return follows.map((follow) => (newReports(follow) > 0 ? { ...follow, seen: follow.reports ?? follow.seen } : follow));
}

export interface Adopted {
  follows: Follow[];
  /** The follows the answer no longer has: they end. */
  ended: Follow[];
}

/**
 * An answer applied: each follow takes the story that answers for it (its id listed in
 * `follows`, or the story itself) and its count; the first answer sets what was seen, since a
 * card lists at most 10 related reports. A follow the answer lacks ends.
 */
export function adoptAnswer(follows: readonly Follow[], answer: readonly Followed[]): Adopted {
  const kept: Follow[] = [];
  const ended: Follow[] = [];
  for (const follow of follows) {
    const answering = answer.find((one) => one.follows.includes(follow.id)) ?? answer.find((one) => one.story.id === follow.id);
    if (answering === undefined) {
      ended.push(follow);
      continue;
    }
    const seen = follow.reports === undefined ? answering.reports : follow.seen;
    kept.push({ ...follow, seen, reports: answering.reports, story: answering.story });
  }
  return { follows: kept, ended };
}

/** The followed stories as cards show them, newest followed first: each last known copy under the followed id, so its toggle unfollows it. */
export function followedStories(follows: readonly Follow[]): Story[] {
  return follows.flatMap((follow) => (follow.story ? [{ ...follow.story, id: follow.id }] : []));
}

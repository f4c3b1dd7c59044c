import { isCount, reportsOf, type Followed } from './follows.ts';
import { field, isPlainObject, storyOf } from './normalize.ts';

// The `?follow=` answer is read only by the call, which comes with the page's later part: apart from follows.ts, which the first render needs.

/**
 * The stories of a `?follow=` answer: each validated as a feed story, with its `follows` (the
 * non-empty strings listed) and `reports` (a count of at least the reports it shows, else what it
 * shows). A repeated story answers once.
 */
export function followedFromAnswer(answer: unknown): Followed[] {
  const items = isPlainObject(answer) ? field(answer, 'stories') : undefined;
  if (!Array.isArray(items)) return [];
  const followed: Followed[] = [];
  const ids = new Set<string>();
  for (const item of items) {
    const story = storyOf(item);
    if (story === null || ids.has(story.id) || !isPlainObject(item)) continue;
    ids.add(story.id);
    const listed = field(item, 'follows');
    const follows = Array.isArray(listed) ? [...new Set(listed.filter((id): id is string => typeof id === 'string' && id !== ''))] : [];
    const reports = field(item, 'reports');
    followed.push({ story, follows, reports: isCount(reports) && reports >= reportsOf(story) ? reports : reportsOf(story) });
  }
  return followed;
}

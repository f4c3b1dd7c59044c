/**
 * A story's page with its real effect, the `?story=` call (docs/product.md#a-page-for-each-story),
 * and how components read it.
 */
import type { SnapshotFrom } from 'xstate';
import { storyPageMachine, type StoryOutcome } from '../../machines/storyPage.ts';
import { fromCall } from '../browser/from-call.ts';
import { onDemand } from '../browser/on-demand.ts';
import { coverageFromAnswer, keptCoverage, withLaterReports } from '../domain/coverage.ts';
import { isSampleStory } from '../domain/story.ts';
import { answerOf } from '../api/fetch-news.ts';
import { AnswerStatusError } from '../api/functions.ts';
import { usePageActor, usePageSelector } from '../system/page-system.ts';

export const NOT_A_STORY = 'The fetch-news answer names no valid story';
/** A story's page asks for at most this many pages of its reports (200 each): a group of more lists its earliest 5,000. */
export const MAX_REPORT_PAGES = 25;

/**
 * The story `id`'s coverage: a built-in sample from the samples, with no call; any other from
 * `?story=`. The store's 404 is `gone`; a request that gets no answer at all (no connection, the
 * function out of reach: fetch's TypeError) is `offline`, as the feed's offline notice counts it;
 * anything else that fails (a 5xx, an answer that is not a story) rejects.
 */
export async function fetchStory(id: string, signal?: AbortSignal): Promise<StoryOutcome> {
  if (isSampleStory({ id })) {
    const { sampleStories } = await onDemand(() => import('../domain/samples.ts'));
    const sample = sampleStories(Date.now()).find((story) => story.id === id);
    return sample ? { kind: 'found', coverage: keptCoverage(sample) } : { kind: 'gone', coverage: null };
  }
  let answer: unknown;
  try {
    answer = await answerOf({ story: id }, signal);
  } catch (error) {
    if (error instanceof AnswerStatusError && error.status === 404) return { kind: 'gone', coverage: null };
    if (error instanceof TypeError) return { kind: 'offline', coverage: null };
    throw error;
  }
  let coverage = coverageFromAnswer(answer);
  if (coverage === null) throw new Error(NOT_A_STORY);
  // Every report of the group: the answer gives 200 at a time, and `next` asks for the others.
  for (let page = 1; coverage.next !== undefined && page < MAX_REPORT_PAGES; page += 1) {
    const later = coverageFromAnswer(await answerOf({ story: id, after: coverage.next }, signal));
    if (later === null) throw new Error(NOT_A_STORY);
    coverage = withLaterReports(coverage, later);
  }
  return { kind: 'found', coverage };
}

export const appStoryPageMachine = storyPageMachine.provide({
  actors: { fetchStory: fromCall<StoryOutcome, { id: string }>(({ input, signal }) => fetchStory(input.id, signal)) },
});

export const useStoryPageActor = () => usePageActor('storyPage');
export const useStoryPage = <T,>(selector: (snapshot: SnapshotFrom<typeof storyPageMachine>) => T) => usePageSelector('storyPage', selector);

/**
 * The feed's machines with the browser's real effects (docs/machines.md: effects are provided at
 * the edge), what they start from, and how components read them in the page's system.
 */
import type { SnapshotFrom } from 'xstate';
import { fromPromise } from 'xstate';
import { feedMachine, type FeedInput } from '../../machines/feed.ts';
import { olderStoriesMachine } from '../../machines/olderStories.ts';
import { isVisitorReading, readStorage, writeStorage } from '../browser/browser.ts';
import { onDemand } from '../browser/on-demand.ts';
import { KEPT_STORIES_STORAGE_KEY } from '../browser/storage-keys.ts';
import { parseKeptStories, serializeKeptStories } from '../domain/kept-feed.ts';
import type { Story, FeedPage } from '../domain/story.ts';
import { usePageActor, usePageSelector } from '../system/page-system.ts';
import { fetchFeed } from '../api/fetch-news.ts';
import { fromCall } from '../browser/from-call.ts';

/** The sample stories, in a chunk of their own: only fetched when the live feed cannot be used. */
export const loadSampleStories = fromPromise<Story[]>(async () => (await onDemand(() => import('../domain/samples.ts'))).sampleStories(Date.now()));

/** The live call as the feed machine invokes it: the first page, validated, with its cursor (src/api/fetch-news.ts). */
export const fetchStories = fromCall<FeedPage>(({ signal }) => fetchFeed({}, signal));

export const appFeedMachine = feedMachine.provide({
  actors: {
    fetchStories,
    loadSamples: loadSampleStories,
  },
  guards: { isReading: isVisitorReading },
  actions: {
    keepForNextVisit: (_, { stories }) => {
      try {
        writeStorage(KEPT_STORIES_STORAGE_KEY, serializeKeptStories(stories, new Date()));
      } catch {
        // Quota or privacy mode: the next visit starts with skeletons, as a first one does.
      }
    },
  },
});

export const appOlderStoriesMachine = olderStoriesMachine.provide({
  actors: {
    fetchOlder: fromCall<FeedPage, { before: string }>(({ input, signal }) => fetchFeed({ before: input.before }, signal)),
  },
});

/** Stories kept by an earlier visit, if readable and recent (docs/product.md#stored-in-the-browser), and when that visit was. */
export function readFeedInput(lastVisit: number | null): FeedInput {
  return { kept: parseKeptStories(readStorage(KEPT_STORIES_STORAGE_KEY), Date.now()), lastVisit };
}

export const useFeedActor = () => usePageActor('feed');
export const useFeed = <T,>(selector: (snapshot: SnapshotFrom<typeof feedMachine>) => T, compare?: (a: T, b: T) => boolean) => usePageSelector('feed', selector, compare);
export const useOlderActor = () => usePageActor('older');
export const useOlder = <T,>(selector: (snapshot: SnapshotFrom<typeof olderStoriesMachine>) => T, compare?: (a: T, b: T) => boolean) => usePageSelector('older', selector, compare);

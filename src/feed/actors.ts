/**
 * The feed's machines with the browser's real effects, and the React contexts that hold one
 * actor of each for the whole app (effects are provided at the edge: docs/machines.md).
 */
import { fromPromise } from 'xstate';
import { feedMachine, type FeedPage } from '../../machines/feed.ts';
import { olderStoriesMachine, type OlderPage } from '../../machines/olderStories.ts';
import { isVisitorReading, readStorage, writeStorage } from '../browser/browser.ts';
import { KEPT_STORIES_STORAGE_KEY } from '../browser/storage-keys.ts';
import { parseKeptStories, serializeKeptStories } from '../domain/kept-feed.ts';
import type { Story } from '../domain/story.ts';
import { createFrameActorContext } from '../ui/frame.ts';
import { fetchFeed } from './fetch-feed.ts';
import { onDemand } from '../browser/on-demand.ts';

/** The sample stories, in a chunk of their own: only fetched when the live feed cannot be used. */
export const loadSampleStories = fromPromise<Story[]>(async () => (await onDemand(() => import('../domain/samples.ts'))).sampleStories(Date.now()));

/** The live call as the feed machine invokes it: the first page, validated, with its cursor (src/feed/fetch-feed.ts). */
export const fetchStories = fromPromise<FeedPage>(({ signal }) => fetchFeed({}, signal));

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
    fetchOlder: fromPromise<OlderPage, { before: string }>(({ input, signal }) => fetchFeed({ before: input.before }, signal)),
  },
});

export const FeedActor = createFrameActorContext(appFeedMachine, { kept: null });
export const OlderStoriesActor = createFrameActorContext(appOlderStoriesMachine, { next: null });

/** Stories kept by an earlier visit, if readable and recent (docs/product.md#stored-in-the-browser). */
export function readFeedInput() {
  return { kept: parseKeptStories(readStorage(KEPT_STORIES_STORAGE_KEY), Date.now()) };
}

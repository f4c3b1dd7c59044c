import { fromPromise } from 'xstate';
import { FETCH_TIMEOUT_MS, type FeedPage } from '../../machines/feed.ts';
import { storiesFromAnswer } from '../domain/normalize.ts';
import { storiesIfChecked } from './checked-stories.ts';

type FeedRequestModule = typeof import('./feed-request.ts');
let feedRequest: Promise<FeedRequestModule> | undefined;

/**
 * The feed call's code, in a chunk of its own: src/feed-boot.ts has usually started the first
 * call already (with its own copy of that code), and the app takes it over.
 */
export function loadFeedRequest(): Promise<FeedRequestModule> {
  feedRequest ??= import('./feed-request.ts').catch((error: unknown) => {
    // A chunk that failed to load is tried again by the next call ("Try Again", the retry).
    feedRequest = undefined;
    throw error;
  });
  return feedRequest;
}

/**
 * Calls the fetch-news function (GET) and resolves with its parsed JSON answer. The first
 * call takes over the one src/feed-boot.ts started before the app loaded, so a page load
 * makes one request. Rejects when the call fails: no connection, no answer within 10 s,
 * a non-2xx status, or a body that is not JSON (docs/product.md#loading-failure-retry-and-fallback).
 */
export async function fetchLiveAnswer(signal?: AbortSignal): Promise<unknown> {
  const { callFeed, takeEarlyFeedCall } = await loadFeedRequest();
  const limits = { timeout: FETCH_TIMEOUT_MS, ...(signal ? { signal } : {}) };
  return takeEarlyFeedCall(limits) ?? callFeed(limits);
}

/**
 * The live call as the feed machine invokes it (`fetchStories`): an answer's stories after
 * validation (docs/product.md#the-story-and-its-validation), so the machine only decides
 * between some stories and none. `fetchAnswer` is the call itself; tests pass a scripted one.
 */
export function liveStoriesActor(fetchAnswer: (signal: AbortSignal) => Promise<unknown> = fetchLiveAnswer) {
  return fromPromise<FeedPage>(async ({ signal }) => {
    const answer = await fetchAnswer(signal);
    // Validated already when a worker made the call (src/app/feed-call.ts).
    return { stories: storiesIfChecked(answer) ?? storiesFromAnswer(answer).stories, next: null };
  });
}

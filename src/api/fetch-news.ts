/**
 * The page's calls of fetch-news (docs/product.md#loading-failure-retry-and-fallback), through
 * functions.ts: GETs, so their answers may be cached by
 * browsers and CDNs for the time the function allows (docs/product.md#the-fetch-news-function).
 * The answer is validated here and nowhere else (src/domain/normalize.ts).
 */
import { callFunction } from './functions.ts';
import { field, isPlainObject, storiesFromAnswer } from '../domain/normalize.ts';
import { leadImageStory, MAX_IDS, type Story, type FeedPage } from '../domain/story.ts';

export interface FeedParams {
  /** Older stories: the `next` of the page before. */
  before?: string;
  /** These stories only (saved stories no longer in the feed). */
  ids?: readonly string[];
  /** The function's own search. */
  q?: string;
  /** The stories leading the coverage of these followed ids (docs/product.md#following-a-story). */
  follow?: readonly string[];
  /** One story's whole coverage (docs/product.md#a-page-for-each-story). */
  story?: string;
}

function feedQuery({ before, ids, q, follow, story }: FeedParams): URLSearchParams {
  const query = new URLSearchParams();
  if (before !== undefined) query.set('before', before);
  if (ids !== undefined) query.set('ids', ids.join(','));
  if (q !== undefined) query.set('q', q);
  if (follow !== undefined) query.set('follow', follow.join(','));
  if (story !== undefined) query.set('story', story);
  return query;
}

/**
 * One request. It has no timer of its own: each caller is a machine that leaves the call after
 * its 10 s `timeout` delay, which aborts `signal` (docs/product.md#timings-and-constants).
 */
async function call(params: FeedParams, signal?: AbortSignal): Promise<FeedPage> {
  return pageFromAnswer(await answerOf(params, signal));
}

/** One request's parsed JSON body, not yet validated (the caller validates it). */
export function answerOf(params: FeedParams, signal?: AbortSignal): Promise<unknown> {
  return callFunction('fetch-news', { query: feedQuery(params), signal });
}

/** A parsed answer as a page: its valid stories, and `next` when it is a non-empty string. */
export function pageFromAnswer(answer: unknown): FeedPage {
  const next = isPlainObject(answer) ? field(answer, 'next') : null;
  return { stories: storiesFromAnswer(answer).stories, next: typeof next === 'string' && next !== '' ? next : null };
}

/**
 * The page's first call, started by src/feed/boot.ts from the HTML, apart from the app's bundle:
 * the one handoff. The first `fetchFeed({})` takes it instead of making a second request: the
 * feed machine's first attempt, as the app renders, whose 10 s bound it from then on. Until then
 * nothing waits on it. Should the app call first (boot.ts arriving late), boot.ts starts nothing.
 */
let first: { page: Promise<FeedPage>; controller: AbortController } | undefined;
let firstTaken = false;

/**
 * The first screen's lead image, fetched as soon as the answer names it, while the app's script still
 * runs: the card then paints with it (docs/performance-experiments.md). No Referer, as the card's.
 */
function fetchLeadImage(answer: FeedPage): void {
  const lead = leadImageStory(answer.stories);
  if (!lead?.image) return;
  const image = new Image();
  image.fetchPriority = 'high';
  image.referrerPolicy = 'no-referrer';
  image.src = lead.image;
}

export function startFirstFeedCall(): void {
  if (first || firstTaken) return;
  const controller = new AbortController();
  const page = call({}, controller.signal);
  // Its failure belongs to whoever takes it.
  page.then(fetchLeadImage, () => {});
  first = { page, controller };
}

/**
 * Calls fetch-news and resolves with its validated stories and `next`. Rejects when the call
 * fails: no connection, `signal` aborted (the caller's 10 s), a non-2xx status, or a body that is not JSON.
 */
export function fetchFeed(params: FeedParams, signal?: AbortSignal): Promise<FeedPage> {
  if (Object.values(params).some((value) => value !== undefined)) return call(params, signal);
  firstTaken = true;
  const early = first;
  if (!early) return call(params, signal);
  first = undefined;
  if (signal?.aborted) early.controller.abort();
  signal?.addEventListener('abort', () => early.controller.abort(), { once: true });
  return early.page;
}


/** The saved stories the store still has: one `?ids=` call per 100 ids, in turn; a failed call fails them all. */
export async function fetchSavedStories(ids: readonly string[], signal?: AbortSignal): Promise<Story[]> {
  const stories: Story[] = [];
  for (let start = 0; start < ids.length; start += MAX_IDS) {
    stories.push(...(await fetchFeed({ ids: ids.slice(start, start + MAX_IDS) }, signal)).stories);
  }
  return stories;
}


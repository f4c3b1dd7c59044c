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
  /** With `story`: its reports after these (the `next` of its answer before). */
  after?: string;
}

function feedQuery({ before, ids, q, follow, story, after }: FeedParams): URLSearchParams {
  const query = new URLSearchParams();
  if (before !== undefined) query.set('before', before);
  if (ids !== undefined) query.set('ids', ids.join(','));
  if (q !== undefined) query.set('q', q);
  if (follow !== undefined) query.set('follow', follow.join(','));
  if (story !== undefined) query.set('story', story);
  if (after !== undefined) query.set('after', after);
  return query;
}

/**
 * One request. It has no timer of its own: each caller is a machine that leaves the call after
 * its 10 s `timeout` delay, which aborts `signal` (docs/product.md#timings-and-constants).
 */
async function call(params: FeedParams, signal?: AbortSignal): Promise<FeedPage> {
  return pageFromAnswer(await answerOf(params, signal));
}

/** A parsed answer as a page: its valid stories, and `next` when it is a non-empty string. */
export function pageFromAnswer(answer: unknown): FeedPage {
  const next = isPlainObject(answer) ? field(answer, 'next') : null;
  return { stories: storiesFromAnswer(answer).stories, next: typeof next === 'string' && next !== '' ? next : null };
}

/**
 * A call the boot (src/api/boot.ts) started from the HTML, apart from the app's bundle, before the
 * app asks for the same: the one handoff. The app's first call of it takes it instead of making a
 * second request, and its signal (the caller machine's 10 s) bounds it from then on. Until then
 * nothing waits on it; its failure belongs to whoever takes it.
 */
interface EarlyCall<T> {
  answer: Promise<T>;
  controller: AbortController;
}

function startEarly<T>(start: (signal: AbortSignal) => Promise<T>): EarlyCall<T> {
  const controller = new AbortController();
  const answer = start(controller.signal);
  answer.catch(() => {});
  return { answer, controller };
}

function handOver<T>({ answer, controller }: EarlyCall<T>, signal?: AbortSignal): Promise<T> {
  if (signal?.aborted) controller.abort();
  signal?.addEventListener('abort', () => controller.abort(), { once: true });
  return answer;
}

/** Under `/`: the feed's first page. Should the app call first (the boot arriving late), the boot starts nothing. */
let firstFeed: EarlyCall<FeedPage> | undefined;
let feedAsked = false;
/** Under `/story/<id>`: that story's coverage, the answer as it came. */
let firstStory: (EarlyCall<unknown> & { id: string }) | undefined;
let storyAsked = false;

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
  if (firstFeed || feedAsked) return;
  firstFeed = startEarly((signal) => call({}, signal));
  firstFeed.answer.then(fetchLeadImage, () => {});
}

/** The story a page's path names, `/story/<id>` (its id encoded), or null. */
export function storyOfPath(pathname: string): string | null {
  const encoded = /^\/story\/([^/]+)\/?$/.exec(pathname)?.[1];
  if (encoded === undefined) return null;
  try {
    return decodeURIComponent(encoded);
  } catch {
    // Not an id the page could ask for: the app shows what the router makes of it.
    return null;
  }
}

/** The page's first call, as its address asks: the feed under `/`, a story's coverage under `/story/<id>`, nothing elsewhere. */
export function startFirstCall(pathname: string): void {
  if (pathname === '/') return startFirstFeedCall();
  const id = storyOfPath(pathname);
  if (id === null || firstStory || storyAsked) return;
  firstStory = { id, ...startEarly((signal) => callFunction('fetch-news', { query: feedQuery({ story: id }), signal })) };
}

/** One request's parsed JSON body, not yet validated (the caller validates it); a story's page takes the boot's call of it. */
export function answerOf(params: FeedParams, signal?: AbortSignal): Promise<unknown> {
  if (params.story !== undefined && Object.values({ ...params, story: undefined }).every((value) => value === undefined)) {
    storyAsked = true;
    const early = firstStory;
    firstStory = undefined;
    if (early?.id === params.story) return handOver(early, signal);
    // Another story than the boot's: its call is nobody's.
    early?.controller.abort();
  }
  return callFunction('fetch-news', { query: feedQuery(params), signal });
}

/**
 * Calls fetch-news and resolves with its validated stories and `next`. Rejects when the call
 * fails: no connection, `signal` aborted (the caller's 10 s), a non-2xx status, or a body that is not JSON.
 */
export function fetchFeed(params: FeedParams, signal?: AbortSignal): Promise<FeedPage> {
  if (Object.values(params).some((value) => value !== undefined)) return call(params, signal);
  feedAsked = true;
  const early = firstFeed;
  firstFeed = undefined;
  return early ? handOver(early, signal) : call(params, signal);
}

/** The saved stories the store still has: one `?ids=` call per 100 ids, in turn; a failed call fails them all. */
export async function fetchSavedStories(ids: readonly string[], signal?: AbortSignal): Promise<Story[]> {
  const stories: Story[] = [];
  for (let start = 0; start < ids.length; start += MAX_IDS) {
    stories.push(...(await fetchFeed({ ids: ids.slice(start, start + MAX_IDS) }, signal)).stories);
  }
  return stories;
}


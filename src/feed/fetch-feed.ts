/**
 * The one way the page calls fetch-news (docs/product.md#loading-failure-retry-and-fallback): a
 * GET with the public anon key as `apikey` and bearer token, as supabase-js's `functions.invoke`
 * sends it for an anonymous page, with `fetch` alone. Being a GET, its answer may be cached by
 * browsers and CDNs for the time the function allows (docs/product.md#the-fetch-news-function).
 * The answer is validated here and nowhere else (src/domain/normalize.ts).
 */
import { SUPABASE_ANON_KEY, SUPABASE_URL } from './backend.ts';
import { field, isPlainObject, storiesFromAnswer } from '../domain/normalize.ts';
import { leadImageStory, MAX_IDS, type Story, type StoryPage } from '../domain/story.ts';


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

export const NOT_JSON = 'The fetch-news answer is not JSON';

/** An answer with a status other than 2xx: the caller may tell them apart (a story's 404). */
export class AnswerStatusError extends Error {
  constructor(readonly status: number) {
    super(`The fetch-news function answered with a non-2xx status: ${status}`);
    this.name = 'AnswerStatusError';
  }
}

/** Answers that are not text at all, whatever they contain. */
const NOT_TEXT = new Set(['application/octet-stream', 'application/pdf', 'text/event-stream', 'multipart/form-data']);

export function feedUrl({ before, ids, q, follow, story }: FeedParams = {}): string {
  const query = new URLSearchParams();
  if (before !== undefined) query.set('before', before);
  if (ids !== undefined) query.set('ids', ids.join(','));
  if (q !== undefined) query.set('q', q);
  if (follow !== undefined) query.set('follow', follow.join(','));
  if (story !== undefined) query.set('story', story);
  const search = query.toString();
  return `${SUPABASE_URL.replace(/\/+$/, '')}/functions/v1/fetch-news${search ? `?${search}` : ''}`;
}

/**
 * One request. It has no timer of its own: each caller is a machine that leaves the call after
 * its 10 s `timeout` delay, which aborts `signal` (docs/product.md#timings-and-constants).
 */
async function call(params: FeedParams, signal?: AbortSignal): Promise<StoryPage> {
  return pageFromAnswer(await answerOf(params, signal));
}

/** One request's parsed JSON body, not yet validated (the caller validates it). */
export async function answerOf(params: FeedParams, signal?: AbortSignal): Promise<unknown> {
  const response = await fetch(feedUrl(params), {
    method: 'GET',
    headers: { apikey: SUPABASE_ANON_KEY, Authorization: `Bearer ${SUPABASE_ANON_KEY}` },
    signal,
  });
  if (response.headers.get('x-relay-error') === 'true') throw new Error('fetch-news failed at the Supabase relay');
  if (!response.ok) throw new AnswerStatusError(response.status);
  const type = (response.headers.get('content-type') ?? '').replace(/;.*$/s, '').trim().toLowerCase();
  if (NOT_TEXT.has(type)) throw new Error(NOT_JSON);
  const text = await response.text();
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    throw new Error(NOT_JSON);
  }
  return answer;
}

/** A parsed answer as a page: its valid stories, and `next` when it is a non-empty string. */
export function pageFromAnswer(answer: unknown): StoryPage {
  const next = isPlainObject(answer) ? field(answer, 'next') : null;
  return { stories: storiesFromAnswer(answer).stories, next: typeof next === 'string' && next !== '' ? next : null };
}

/**
 * The page's first call, started by src/feed/boot.ts from the HTML, apart from the app's bundle:
 * the one handoff. The first `fetchFeed({})` takes it instead of making a second request: the
 * feed machine's first attempt, as the app renders, whose 10 s bound it from then on. Until then
 * nothing waits on it. Should the app call first (boot.ts arriving late), boot.ts starts nothing.
 */
let first: { page: Promise<StoryPage>; controller: AbortController } | undefined;
let firstTaken = false;

/**
 * The first screen's lead image, fetched as soon as the answer names it, while the app's script still
 * runs: the card then paints with it (docs/performance-experiments.md). No Referer, as the card's.
 */
function fetchLeadImage(answer: StoryPage): void {
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
export function fetchFeed(params: FeedParams, signal?: AbortSignal): Promise<StoryPage> {
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


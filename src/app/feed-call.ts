/**
 * The fetch-news call itself: a GET with the public anon key as `apikey` and bearer token, as
 * supabase-js's `functions.invoke` sends it for an anonymous page, but with `fetch` alone, so
 * that src/feed-boot.ts can make it before the app loads, in a few hundred bytes. Being a GET,
 * its answer may be cached by browsers and CDNs for the time the function allows
 * (docs/product.md#the-fetch-news-function).
 *
 * Who makes it depends on who waits for it (docs/performance.md):
 * - Most calls are made by a worker (src/feed-worker.ts), which also parses and validates the
 *   answer: the page gets the validated stories in batches and never touches the answer's
 *   bytes. Reading a 4 MB body on the page, copying it to a worker and parsing it cost three
 *   long tasks of 80-300 ms at 4x CPU throttling.
 * - A call the first cards wait for (`onPage`: a first visit's, with no kept stories to show)
 *   is made by the page: a worker starts only once the page's main thread is free, which at
 *   boot means after the app's script has run, and the call would start hundreds of
 *   milliseconds later. The page reads the body as a Blob, whose bytes stay in the browser's
 *   blob store: a large answer (WORKER_FROM_BYTES) is read and parsed by a worker started once
 *   the body is in, and its bytes never come onto the main thread (read into an ArrayBuffer,
 *   4 MB were one or two long tasks of 70-230 ms at 4x).
 * Without workers, or when the worker cannot start, the page makes the call itself.
 */
import { checkedStories, type CheckedStories } from './checked-stories.ts';
import { SUPABASE_ANON_KEY, SUPABASE_URL } from './config.ts';
import { checkResponse, parseAnswer, UNREADABLE, type FeedWorkerMessage, type FeedWorkerRequest } from './feed-worker-protocol.ts';
import type { Story } from '../domain/story.ts';

export interface FeedCallOptions {
  signal?: AbortSignal;
  /** No answer within this many ms is a failure. */
  timeout?: number;
  /** The page makes the call itself, at once: the first cards wait for its answer. */
  onPage?: boolean;
}

/**
 * Answers the page reads that are smaller than this are parsed on the page itself: starting a
 * worker (its script, its thread) costs more than parsing and validating them, and the first
 * cards would wait for it. A full answer of the function (200 stories, about 100 KiB) stays
 * under it.
 */
export const WORKER_FROM_BYTES = 256 * 1024;

export function feedUrl(): string {
  return `${SUPABASE_URL.replace(/\/+$/, '')}/functions/v1/fetch-news`;
}

/** A worker started for the feed, and whether its script loaded (its "ready"), or failed to. */
interface FeedWorker {
  worker: Worker;
  loaded: Promise<boolean>;
}

/** The worker's script: built to /feed-worker.js (scripts/feed-boot-plugin.ts); the source itself in development. */
function startFeedWorker(): FeedWorker | undefined {
  if (typeof Worker !== 'function') return undefined;
  let worker: Worker;
  try {
    worker = import.meta.env.DEV
      ? new Worker('/src/feed-worker.ts', { type: 'module' })
      : new Worker(`${import.meta.env.BASE_URL}feed-worker.js`);
  } catch {
    return undefined;
  }
  // Listened for at once: the worker may load before anyone asks.
  const loaded = new Promise<boolean>((resolve) => {
    worker.addEventListener('message', (event: MessageEvent<FeedWorkerMessage>) => {
      if (event.data.type === 'ready') resolve(true);
    });
    worker.addEventListener('error', () => resolve(false));
  });
  return { worker, loaded };
}

/**
 * The worker's answer to `request` (the call to make, or a body to read): resolves with the
 * validated stories, received in batches; undefined when the worker's script did not load
 * (the caller does the work itself: a body it sent is a Blob, which it still has). Rejects
 * with the worker's error (a failed call, a body that is not JSON), or when it fails once loaded.
 */
function inWorker({ worker, loaded }: FeedWorker, request: FeedWorkerRequest, signal: AbortSignal): Promise<CheckedStories | undefined> {
  return new Promise((resolve, reject) => {
    const stories: Story[] = [];
    let done = false;
    // The first outcome settles the call and stops the worker; any later one changes nothing.
    const end = (settle: () => void) => {
      if (done) return;
      done = true;
      worker.terminate();
      signal.removeEventListener('abort', onAbort);
      settle();
    };
    const fail = (message: string) => end(() => reject(new Error(message)));
    const onAbort = () => fail('The fetch-news call was aborted');
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    void loaded.then((ok) => {
      if (!ok) end(() => resolve(undefined));
    });
    // Once it has loaded; before, `loaded` gives up on it.
    worker.addEventListener('error', () => void loaded.then((ok) => ok && fail(UNREADABLE)));
    worker.addEventListener('message', ({ data }: MessageEvent<FeedWorkerMessage>) => {
      if (data.type === 'error') fail(data.message);
      else if (data.type === 'stories') {
        stories.push(...data.stories);
        // Settled in a task of its own: this one already copied a batch of stories onto the
        // page, and what the answer sets off (the feed machine, the page's render) would add to it.
        if (data.last) end(() => setTimeout(() => resolve(checkedStories(stories)), 0));
      }
    });
    // Posted at once: it waits in the worker's queue while the script loads. A body (a Blob)
    // goes as a handle to bytes the browser holds, not as the bytes.
    worker.postMessage(request);
  });
}

interface Call {
  url: string;
  headers: Record<string, string>;
}

/**
 * The call made by the page: its answer parsed on the page or, when large and `workers` (none
 * failed to start already), in a worker started for it. The body is read as a Blob: a worker
 * reads a large one from the browser's blob store, and its bytes never reach the main thread.
 */
async function callOnPage({ url, headers }: Call, signal: AbortSignal, workers: boolean): Promise<unknown> {
  const response = await fetch(url, { method: 'GET', headers, signal });
  checkResponse(response);
  const body = await response.blob();
  const worker = workers && body.size >= WORKER_FROM_BYTES ? startFeedWorker() : undefined;
  const checked = worker && (await inWorker(worker, { type: 'body', body }, signal));
  // Small, or no worker could read it.
  return checked ?? parseAnswer(await body.text());
}

/**
 * Calls the fetch-news function with GET and resolves with its answer: its stories already
 * validated when a worker read it (src/app/checked-stories.ts), else the parsed JSON.
 * Rejects when the call fails: no connection, no answer in time, a non-2xx status, or a body
 * that is not JSON; a body labelled as text counts when its text is JSON
 * (docs/product.md#loading-failure-retry-and-fallback).
 */
export async function callFeed({ signal, timeout, onPage = false }: FeedCallOptions = {}): Promise<unknown> {
  const controller = new AbortController();
  const abort = () => controller.abort();
  if (signal?.aborted) abort();
  signal?.addEventListener('abort', abort, { once: true });
  const timer = timeout === undefined ? undefined : setTimeout(abort, timeout);
  const call: Call = {
    url: feedUrl(),
    headers: { apikey: SUPABASE_ANON_KEY, Authorization: `Bearer ${SUPABASE_ANON_KEY}` },
  };
  try {
    const worker = onPage ? undefined : startFeedWorker();
    const checked = worker && (await inWorker(worker, { type: 'call', ...call }, controller.signal));
    // Asked to, or no worker, or it could not start: the page makes the call.
    return checked ?? (await callOnPage(call, controller.signal, worker === undefined));
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abort);
  }
}

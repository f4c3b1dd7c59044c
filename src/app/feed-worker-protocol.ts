/** The messages between the page and src/feed-worker.ts. */
import { storiesFromAnswer } from '../domain/normalize.ts';
import type { Story } from '../domain/story.ts';

/**
 * Page → worker: the call to make, so that the answer's body never reaches the page (a page
 * that reads a large body, or copies it to a worker, spends long tasks on the bytes alone:
 * docs/performance.md); or an answer's body the page has received, as a Blob (a handle to
 * bytes the browser holds, not the bytes), to read, parse and validate.
 */
export type FeedWorkerRequest = { type: 'call'; url: string; headers: Record<string, string> } | { type: 'body'; body: Blob };

/**
 * Worker → page: its script has loaded (`ready`, first of all); a batch of validated stories,
 * in order, `last` ending the answer; or the call failed, or its body is not JSON (`error`).
 */
export type FeedWorkerMessage = { type: 'ready' } | { type: 'stories'; stories: Story[]; last: boolean } | { type: 'error'; message: string };

/**
 * Stories per message: receiving a message copies its stories onto the main thread in one
 * task, so a large answer comes in several short ones (docs/performance.md). 500 took 65-80 ms
 * at 4x CPU throttling, a long task of its own.
 */
export const STORIES_PER_MESSAGE = 250;

export const NOT_JSON = 'The fetch-news answer is not JSON';
export const UNREADABLE = 'The fetch-news answer could not be read';

/** Answers that are not text at all, whatever they contain. */
const NOT_TEXT = new Set(['application/octet-stream', 'application/pdf', 'text/event-stream', 'multipart/form-data']);

/** Throws for a non-2xx status (or the Supabase relay's error) and for a body that cannot be JSON. */
export function checkResponse(response: Response): void {
  if (response.headers.get('x-relay-error') === 'true') throw new Error('The fetch-news call failed at the Supabase relay');
  if (!response.ok) throw new Error(`The fetch-news function answered with a non-2xx status: ${response.status}`);
  const type = (response.headers.get('content-type') ?? 'text/plain').split(';')[0]?.trim().toLowerCase() ?? '';
  if (NOT_TEXT.has(type)) throw new Error(NOT_JSON);
}

/** The parsed JSON of an answer's text; throws NOT_JSON. */
export function parseAnswer(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new Error(NOT_JSON);
  }
}

/**
 * What the worker posts for an answer's body: its validated stories in batches of
 * STORIES_PER_MESSAGE (one, empty, for none), or the error when it is not JSON.
 */
export function readAnswer(body: ArrayBuffer): FeedWorkerMessage[] {
  let answer: unknown;
  try {
    answer = parseAnswer(new TextDecoder().decode(body));
  } catch (error) {
    return [{ type: 'error', message: (error as Error).message }];
  }
  const { stories } = storiesFromAnswer(answer);
  const messages: FeedWorkerMessage[] = [];
  let start = 0;
  do {
    messages.push({ type: 'stories', stories: stories.slice(start, start + STORIES_PER_MESSAGE), last: start + STORIES_PER_MESSAGE >= stories.length });
    start += STORIES_PER_MESSAGE;
  } while (start < stories.length);
  return messages;
}

/**
 * The worker's job for a call: makes it and reads its answer (readAnswer). A failed call (no
 * connection, a non-2xx status, a body that is not text) is its error message.
 */
export async function callAndRead({ url, headers }: { url: string; headers: Record<string, string> }): Promise<FeedWorkerMessage[]> {
  let body: ArrayBuffer;
  let response: Response | undefined;
  try {
    response = await fetch(url, { method: 'GET', headers });
    checkResponse(response);
    body = await response.arrayBuffer();
  } catch (error) {
    // A refused answer's body is not read: cancelled, so that the request ends here and now,
    // not when the page stops the worker (a request cut off that way never reports its end).
    await response?.body?.cancel().catch(() => {});
    return [{ type: 'error', message: error instanceof Error ? error.message : 'The fetch-news call failed' }];
  }
  return readAnswer(body);
}

/** The worker's job for a body the page received: reads it (UNREADABLE if it cannot), then readAnswer. */
export async function readBody(body: Blob): Promise<FeedWorkerMessage[]> {
  let bytes: ArrayBuffer;
  try {
    bytes = await body.arrayBuffer();
  } catch {
    return [{ type: 'error', message: UNREADABLE }];
  }
  return readAnswer(bytes);
}

/** What the worker posts for a request. */
export function answerRequest(request: FeedWorkerRequest): Promise<FeedWorkerMessage[]> {
  return request.type === 'call' ? callAndRead(request) : readBody(request.body);
}

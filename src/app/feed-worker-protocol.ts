/** The messages between the page and src/feed-worker.ts. */
import { storiesFromAnswer } from '../domain/normalize.ts';
import type { Story } from '../domain/story.ts';

/** Page → worker: the answer's body, as received. */
export interface FeedWorkerRequest {
  body: ArrayBuffer;
}

/** Worker → page: a batch of validated stories, in order; `last` ends the answer. Or: the body is not JSON. */
export type FeedWorkerMessage = { type: 'stories'; stories: Story[]; last: boolean } | { type: 'error'; message: string };

/**
 * Stories per message: receiving a message copies its stories onto the main thread in one
 * task, so a large answer comes in several short ones (docs/performance.md).
 */
export const STORIES_PER_MESSAGE = 500;

export const NOT_JSON = 'The fetch-news answer is not JSON';

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

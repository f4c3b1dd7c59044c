/**
 * The feed answer read in a worker (src/feed-worker.ts, src/app/feed-call.ts): the page gets
 * the same stories as when it validates the answer itself, in batches, and a worker that
 * fails or a call that is aborted end as the plain call would. A small answer (under
 * WORKER_FROM_BYTES) is read on the page: no worker's start to wait for
 * (docs/product.md#the-story-and-its-validation, docs/product.md#loading-failure-retry-and-fallback).
 * Node has no Worker: a stand-in runs the worker's own code (readAnswer) on this thread.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storiesIfChecked } from '../../src/app/checked-stories.ts';
import { callFeed, WORKER_FROM_BYTES } from '../../src/app/feed-call.ts';
import { readAnswer, STORIES_PER_MESSAGE, type FeedWorkerRequest } from '../../src/app/feed-worker-protocol.ts';
import { storiesFromAnswer } from '../../src/domain/normalize.ts';

type Behaviour = 'answer' | 'fail' | 'silent';

class StandInWorker extends EventTarget {
  static made: StandInWorker[] = [];
  static behaviour: Behaviour = 'answer';
  terminated = false;
  readonly posted: FeedWorkerRequest[] = [];
  constructor(readonly url: string) {
    super();
    StandInWorker.made.push(this);
  }
  postMessage(request: FeedWorkerRequest) {
    this.posted.push(request);
    setTimeout(() => {
      if (this.terminated) return;
      if (StandInWorker.behaviour === 'fail') this.dispatchEvent(new Event('error'));
      if (StandInWorker.behaviour !== 'answer') return;
      for (const data of readAnswer(request.body)) this.dispatchEvent(new MessageEvent('message', { data }));
    }, 0);
  }
  terminate() {
    this.terminated = true;
  }
}

function item(n: number) {
  return { id: `s${n}`, title: `Title ${n}`, url: `https://news.example/${n}`, published_at: '2026-11-22T10:00:00Z', source: 'Wire' };
}

function answerWith(items: unknown[]) {
  return { stories: items, generated_at: '2026-11-22T10:00:00Z' };
}

/** The same answer, made large enough to be read in a worker by a field the page ignores. */
function largeAnswerWith(items: unknown[]) {
  return { ...answerWith(items), padding: 'x'.repeat(WORKER_FROM_BYTES) };
}

let body = '';
let contentType = 'application/json';
/** The Content-Length the answer declares, if any. */
let declared: number | undefined;

beforeEach(() => {
  StandInWorker.made = [];
  StandInWorker.behaviour = 'answer';
  contentType = 'application/json';
  declared = undefined;
  vi.stubGlobal('Worker', StandInWorker);
  vi.stubGlobal('fetch', vi.fn(async () => new Response(body, { status: 200, headers: { 'content-type': contentType, ...(declared === undefined ? {} : { 'content-length': String(declared) }) } })));
});

afterEach(() => vi.unstubAllGlobals());

describe('callFeed with a worker', () => {
  it('gives the stories the page itself would keep, validated once, from batches', async () => {
    const items: unknown[] = [];
    for (let n = 0; n < STORIES_PER_MESSAGE * 2 + 17; n += 1) items.push(n % 50 === 7 ? { id: `bad${n}` } : item(n % 1000));
    body = JSON.stringify(largeAnswerWith(items));
    const stories = storiesIfChecked(await callFeed());
    expect(stories).toEqual(storiesFromAnswer(answerWith(items)).stories);
    expect(StandInWorker.made).toHaveLength(1);
    expect(StandInWorker.made[0]?.terminated).toBe(true);
  });

  it('gives no stories for an answer with none, and fails for a body that is not JSON', async () => {
    body = JSON.stringify('just text'.padEnd(WORKER_FROM_BYTES, '.'));
    expect(storiesIfChecked(await callFeed())).toEqual([]);
    body = `{"stories": [${' '.repeat(WORKER_FROM_BYTES)}`;
    await expect(callFeed()).rejects.toThrow('not JSON');
    expect(StandInWorker.made).toHaveLength(2);
  });

  it('lets the page read the answer itself when the worker fails before answering', async () => {
    StandInWorker.behaviour = 'fail';
    body = JSON.stringify(largeAnswerWith([item(1)]));
    await expect(callFeed()).resolves.toEqual(largeAnswerWith([item(1)]));
    expect(StandInWorker.made).toHaveLength(1);
  });

  it('fails when aborted while the worker reads, and stops the worker', async () => {
    StandInWorker.behaviour = 'silent';
    body = JSON.stringify(largeAnswerWith([item(1)]));
    const controller = new AbortController();
    const call = callFeed({ signal: controller.signal });
    await vi.waitFor(() => expect(StandInWorker.made[0]?.posted).toHaveLength(1));
    controller.abort();
    await expect(call).rejects.toThrow('aborted');
    expect(StandInWorker.made[0]?.terminated).toBe(true);
  });

  it('starts no worker for a failed call: a non-2xx status or a body of bytes', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{}', { status: 503, headers: { 'content-type': 'application/json' } })));
    await expect(callFeed()).rejects.toThrow(/status/);
    contentType = 'application/octet-stream';
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"stories":[]}', { status: 200, headers: { 'content-type': contentType } })));
    await expect(callFeed()).rejects.toThrow('not JSON');
    expect(StandInWorker.made).toHaveLength(0);
  });
});

describe('callFeed with a small answer', () => {
  it('reads it on the page and starts no worker when its declared length is small', async () => {
    body = JSON.stringify(answerWith([item(1), item(2)]));
    declared = new TextEncoder().encode(body).byteLength;
    await expect(callFeed()).resolves.toEqual(answerWith([item(1), item(2)]));
    expect(StandInWorker.made).toHaveLength(0);
  });

  it('reads it on the page when it declares no length; the worker started meanwhile is stopped once loaded', async () => {
    body = JSON.stringify(answerWith([item(1)]));
    await expect(callFeed()).resolves.toEqual(answerWith([item(1)]));
    expect(StandInWorker.made).toHaveLength(1);
    const worker = StandInWorker.made[0]!;
    // Not the answer: an empty body, which the worker answers at once.
    expect(worker.posted.map((request) => request.body.byteLength)).toEqual([0]);
    await vi.waitFor(() => expect(worker.terminated).toBe(true));
  });

  it('stops such a worker on its error too', async () => {
    StandInWorker.behaviour = 'fail';
    body = JSON.stringify(answerWith([item(1)]));
    await expect(callFeed()).resolves.toEqual(answerWith([item(1)]));
    await vi.waitFor(() => expect(StandInWorker.made[0]?.terminated).toBe(true));
  });

  it('starts the worker before reading the body unless the answer declares a small length', async () => {
    for (const [length, expected] of [
      [WORKER_FROM_BYTES * 2, 1],
      [undefined, 1],
      [100, 0],
    ] as const) {
      StandInWorker.made = [];
      let madeBeforeBody = -1;
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => {
          const headers: Record<string, string> = { 'content-type': contentType, ...(length === undefined ? {} : { 'content-length': String(length) }) };
          const response = new Response(JSON.stringify(answerWith([item(1)])), { status: 200, headers });
          const read = response.arrayBuffer.bind(response);
          response.arrayBuffer = () => {
            madeBeforeBody = StandInWorker.made.length;
            return read();
          };
          return response;
        }),
      );
      await expect(callFeed()).resolves.toEqual(answerWith([item(1)]));
      expect(madeBeforeBody, `content-length ${String(length)}`).toBe(expected);
    }
  });

  it('still uses a worker for a large body that declared a small length (a compressed answer)', async () => {
    body = JSON.stringify(largeAnswerWith([item(1), item(2)]));
    declared = 4096;
    expect(storiesIfChecked(await callFeed())).toEqual(storiesFromAnswer(answerWith([item(1), item(2)])).stories);
    expect(StandInWorker.made).toHaveLength(1);
    expect(StandInWorker.made[0]?.terminated).toBe(true);
  });

  it('fails for a small body that is not JSON, as a large one does', async () => {
    body = '{"stories": [';
    await expect(callFeed()).rejects.toThrow('not JSON');
  });
});

describe('readAnswer (the worker)', () => {
  const encode = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).buffer as ArrayBuffer;

  it(`posts the stories in batches of ${STORIES_PER_MESSAGE}, the last one marked`, () => {
    const messages = readAnswer(encode(answerWith(Array.from({ length: STORIES_PER_MESSAGE + 1 }, (_, n) => item(n)))));
    expect(messages.map((m) => (m.type === 'stories' ? [m.stories.length, m.last] : m.type))).toEqual([
      [STORIES_PER_MESSAGE, false],
      [1, true],
    ]);
  });

  it('posts one empty last batch for no stories, and the error for a body that is not JSON', () => {
    expect(readAnswer(encode({}))).toEqual([{ type: 'stories', stories: [], last: true }]);
    expect(readAnswer(new TextEncoder().encode('<html>').buffer as ArrayBuffer)).toEqual([{ type: 'error', message: 'The fetch-news answer is not JSON' }]);
  });
});

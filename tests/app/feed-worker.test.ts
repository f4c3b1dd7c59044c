/**
 * The feed call made in a worker (src/feed-worker.ts, src/app/feed-call.ts): the page gets the
 * same stories as when it makes the call and validates the answer itself, in batches, without
 * ever reading the answer's body; a failed call fails as the page's own would, a worker that
 * cannot start leaves the call to the page, and an aborted or silent call stops the worker
 * (docs/product.md#the-story-and-its-validation, docs/product.md#loading-failure-retry-and-fallback).
 * A call the first cards wait for (`onPage`) is made by the page, which has a worker parse a
 * large answer only. Node has no Worker: a stand-in runs the worker's own code (answerRequest)
 * on this thread.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storiesIfChecked } from '../../src/app/checked-stories.ts';
import { callFeed, feedUrl, WORKER_FROM_BYTES } from '../../src/app/feed-call.ts';
import { answerRequest, readAnswer, readBody, STORIES_PER_MESSAGE, type FeedWorkerRequest } from '../../src/app/feed-worker-protocol.ts';
import { storiesFromAnswer } from '../../src/domain/normalize.ts';

/** answer: loads, then answers; fail: its script does not load; silent: loads, never answers; crash: loads, fails on a request. */
type Behaviour = 'answer' | 'fail' | 'silent' | 'crash';

class StandInWorker extends EventTarget {
  static made: StandInWorker[] = [];
  static behaviour: Behaviour = 'answer';
  terminated = false;
  readonly posted: FeedWorkerRequest[] = [];
  constructor(readonly url: string) {
    super();
    StandInWorker.made.push(this);
    // The worker's script loads (its "ready"), or fails to.
    setTimeout(() => {
      if (this.terminated) return;
      if (StandInWorker.behaviour === 'fail') this.dispatchEvent(new Event('error'));
      else this.dispatchEvent(new MessageEvent('message', { data: { type: 'ready' } }));
    }, 0);
  }
  postMessage(request: FeedWorkerRequest) {
    this.posted.push(request);
    setTimeout(() => {
      if (this.terminated) return;
      if (StandInWorker.behaviour === 'crash') this.dispatchEvent(new Event('error'));
      if (StandInWorker.behaviour !== 'answer') return;
      void answerRequest(request).then((messages) => {
        if (this.terminated) return;
        for (const data of messages) this.dispatchEvent(new MessageEvent('message', { data }));
      });
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

let body = '';
let status = 200;
let contentType = 'application/json';
const fetchSpy = vi.fn(async (_url: string, _init?: RequestInit) => new Response(body, { status, headers: { 'content-type': contentType } }));

beforeEach(() => {
  StandInWorker.made = [];
  StandInWorker.behaviour = 'answer';
  status = 200;
  contentType = 'application/json';
  fetchSpy.mockClear();
  vi.stubGlobal('Worker', StandInWorker);
  vi.stubGlobal('fetch', fetchSpy);
});

afterEach(() => vi.unstubAllGlobals());

describe('callFeed with a worker', () => {
  it('gives the stories the page itself would keep, validated once, from batches', async () => {
    const items: unknown[] = [];
    for (let n = 0; n < STORIES_PER_MESSAGE * 2 + 17; n += 1) items.push(n % 50 === 7 ? { id: `bad${n}` } : item(n % 1000));
    body = JSON.stringify(answerWith(items));
    const stories = storiesIfChecked(await callFeed());
    expect(stories).toEqual(storiesFromAnswer(answerWith(items)).stories);
    expect(StandInWorker.made).toHaveLength(1);
    expect(StandInWorker.made[0]?.terminated).toBe(true);
  });

  it('has the worker make the call: one GET to fetch-news with the public key, none from the page', async () => {
    body = JSON.stringify(answerWith([item(1)]));
    expect(storiesIfChecked(await callFeed())).toEqual(storiesFromAnswer(answerWith([item(1)])).stories);
    const request = StandInWorker.made[0]?.posted[0];
    const headers = request?.type === 'call' ? request.headers : undefined;
    expect(request).toMatchObject({ type: 'call', url: feedUrl() });
    expect(headers).toEqual({ apikey: expect.any(String), Authorization: `Bearer ${headers?.apikey ?? ''}` });
    // The stand-in's fetch is the worker's: it is the only one.
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(fetchSpy.mock.calls[0]?.[0]).toBe(feedUrl());
    expect(fetchSpy.mock.calls[0]?.[1]).toMatchObject({ method: 'GET', headers });
  });

  it('gives no stories for an answer with none, and fails for a body that is not JSON', async () => {
    body = JSON.stringify('just text');
    expect(storiesIfChecked(await callFeed())).toEqual([]);
    body = '{"stories": [';
    await expect(callFeed()).rejects.toThrow('not JSON');
    expect(StandInWorker.made).toHaveLength(2);
    expect(StandInWorker.made.every((worker) => worker.terminated)).toBe(true);
  });

  it("fails as the page's own call would: a non-2xx status, a body of bytes, no connection", async () => {
    status = 503;
    body = '{}';
    await expect(callFeed()).rejects.toThrow(/non-2xx status: 503/);
    status = 200;
    contentType = 'application/octet-stream';
    body = '{"stories":[]}';
    await expect(callFeed()).rejects.toThrow('not JSON');
    fetchSpy.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(callFeed()).rejects.toThrow('Failed to fetch');
    // The worker's failures are not worth a second call from the page.
    expect(fetchSpy).toHaveBeenCalledTimes(3);
    expect(StandInWorker.made.every((worker) => worker.terminated)).toBe(true);
  });

  it('makes the call on the page when the worker fails before answering', async () => {
    StandInWorker.behaviour = 'fail';
    body = JSON.stringify(answerWith([item(1)]));
    await expect(callFeed()).resolves.toEqual(answerWith([item(1)]));
    expect(StandInWorker.made).toHaveLength(1);
    expect(StandInWorker.made[0]?.terminated).toBe(true);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('fails when aborted while the worker calls, and stops the worker', async () => {
    StandInWorker.behaviour = 'silent';
    const controller = new AbortController();
    const call = callFeed({ signal: controller.signal });
    await vi.waitFor(() => expect(StandInWorker.made[0]?.posted).toHaveLength(1));
    controller.abort();
    await expect(call).rejects.toThrow('aborted');
    expect(StandInWorker.made[0]?.terminated).toBe(true);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('fails when the worker fails once loaded, without a second call from the page', async () => {
    StandInWorker.behaviour = 'crash';
    await expect(callFeed()).rejects.toThrow('could not be read');
    expect(StandInWorker.made[0]?.terminated).toBe(true);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('fails when the worker has not answered in time, and stops it', async () => {
    StandInWorker.behaviour = 'silent';
    await expect(callFeed({ timeout: 20 })).rejects.toThrow('aborted');
    expect(StandInWorker.made[0]?.terminated).toBe(true);
  });
});

describe('callFeed on the page (onPage: the first cards wait for the answer)', () => {
  /** The same answer, made large enough to be parsed in a worker by a field the page ignores. */
  const largeAnswerWith = (items: unknown[]) => ({ ...answerWith(items), padding: 'x'.repeat(WORKER_FROM_BYTES) });

  it('makes the call itself and parses a small answer, with no worker', async () => {
    body = JSON.stringify(answerWith([item(1), item(2)]));
    await expect(callFeed({ onPage: true })).resolves.toEqual(answerWith([item(1), item(2)]));
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(StandInWorker.made).toHaveLength(0);
  });

  it('has a worker parse a large answer: the body is handed over, the stories come back validated', async () => {
    const items = [item(1), { id: 'bad' }, item(2)];
    body = JSON.stringify(largeAnswerWith(items));
    expect(storiesIfChecked(await callFeed({ onPage: true }))).toEqual(storiesFromAnswer(answerWith(items)).stories);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    // The body as a Blob (a handle to bytes the browser holds): the page never read them.
    const request = StandInWorker.made[0]?.posted[0];
    expect(request?.type).toBe('body');
    expect(request?.type === 'body' && request.body instanceof Blob && request.body.size).toBe(new Blob([body]).size);
    expect(StandInWorker.made[0]?.terminated).toBe(true);
  });

  it('fails when the worker fails once loaded with the body', async () => {
    StandInWorker.behaviour = 'crash';
    body = JSON.stringify(largeAnswerWith([item(1)]));
    await expect(callFeed({ onPage: true })).rejects.toThrow('could not be read');
    expect(StandInWorker.made[0]?.terminated).toBe(true);
  });

  it('parses a large answer itself when the worker fails before answering', async () => {
    StandInWorker.behaviour = 'fail';
    body = JSON.stringify(largeAnswerWith([item(1)]));
    await expect(callFeed({ onPage: true })).resolves.toEqual(largeAnswerWith([item(1)]));
  });

  it('fails for a body that is not JSON, large or small', async () => {
    body = '{"stories": [';
    await expect(callFeed({ onPage: true })).rejects.toThrow('not JSON');
    body = `{"stories": [${' '.repeat(WORKER_FROM_BYTES)}`;
    await expect(callFeed({ onPage: true })).rejects.toThrow('not JSON');
  });
});

describe('callFeed without workers', () => {
  beforeEach(() => vi.stubGlobal('Worker', undefined));

  it('makes the call on the page and gives the parsed answer', async () => {
    body = JSON.stringify(answerWith([item(1), item(2)]));
    await expect(callFeed()).resolves.toEqual(answerWith([item(1), item(2)]));
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(fetchSpy.mock.calls[0]?.[1]).toMatchObject({ method: 'GET' });
  });

  it('fails for a body that is not JSON, a non-2xx status and a body of bytes, as the worker does', async () => {
    body = '{"stories": [';
    await expect(callFeed()).rejects.toThrow('not JSON');
    status = 502;
    await expect(callFeed()).rejects.toThrow(/non-2xx status: 502/);
    status = 200;
    contentType = 'application/pdf';
    body = '{}';
    await expect(callFeed()).rejects.toThrow('not JSON');
  });

  it('accepts a body labelled as text when its text is JSON', async () => {
    contentType = 'text/plain; charset=utf-8';
    body = JSON.stringify(answerWith([item(3)]));
    await expect(callFeed()).resolves.toEqual(answerWith([item(3)]));
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

  it("reads a body the page sent as a Blob, and posts an error when the Blob's bytes cannot be read", async () => {
    const answer = answerWith([item(1), { id: 'bad' }]);
    await expect(readBody(new Blob([JSON.stringify(answer)]))).resolves.toEqual([{ type: 'stories', stories: storiesFromAnswer(answer).stories, last: true }]);
    // A Blob whose bytes are gone (its file changed, the browser dropped it) rejects its read.
    class GoneBlob extends Blob {
      override arrayBuffer(): Promise<ArrayBuffer> {
        return Promise.reject(new DOMException('The requested file could not be read', 'NotReadableError'));
      }
    }
    await expect(readBody(new GoneBlob(['{}']))).resolves.toEqual([{ type: 'error', message: 'The fetch-news answer could not be read' }]);
  });
});

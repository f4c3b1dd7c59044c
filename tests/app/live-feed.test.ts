/**
 * The page's feed call (a plain `fetch` GET) against a loopback server:
 * what counts as an answer and what counts as a failure (docs/product.md#loading-failure-retry-and-fallback).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, toPromise } from 'xstate';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;
let handler: Handler = (_request, response) => response.end();
const seen: IncomingMessage[] = [];
let server: Server;
let fetchLiveAnswer: (signal?: AbortSignal) => Promise<unknown>;
let liveStoriesActor: typeof import('../../src/app/live-feed.ts').liveStoriesActor;
let startEarlyFeedCall: (options: { onPage: boolean }) => void;
let earlyFeedAnswer: () => Promise<unknown> | undefined;

/** A fresh page load: the boot call's state starts empty. */
async function freshPage() {
  vi.resetModules();
  (await import('../../src/boot/handoff.ts')).resetBootHandoff();
  ({ fetchLiveAnswer, liveStoriesActor } = await import('../../src/app/live-feed.ts'));
  ({ startEarlyFeedCall, earlyFeedAnswer } = await import('../../src/app/feed-request.ts'));
}

beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push(request);
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  vi.stubEnv('VITE_SUPABASE_URL', `http://127.0.0.1:${port}`);
  vi.stubEnv('VITE_SUPABASE_ANON_KEY', 'test-anon-key');
  await freshPage();
});

afterAll(async () => {
  vi.unstubAllEnvs();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const json = (status: number, body: string, type = 'application/json'): Handler => (_request, response) => {
  response.writeHead(status, { 'content-type': type });
  response.end(body);
};

describe('fetchLiveAnswer', () => {
  it('GETs /functions/v1/fetch-news (cacheable) with the anon key as apikey and bearer token, and returns the JSON', async () => {
    handler = json(200, JSON.stringify({ stories: [{ id: '1' }], generated_at: 'now' }));
    await expect(fetchLiveAnswer()).resolves.toEqual({ stories: [{ id: '1' }], generated_at: 'now' });
    const request = seen.at(-1)!;
    expect(request.method).toBe('GET');
    expect(request.headers['content-type']).toBeUndefined();
    expect(request.url).toBe('/functions/v1/fetch-news');
    expect(request.headers.apikey).toBe('test-anon-key');
    expect(request.headers.authorization).toBe('Bearer test-anon-key');
  });

  it('accepts a JSON string answer as an answer (one with no stories), not as a failure', async () => {
    handler = json(200, '"text"');
    await expect(fetchLiveAnswer()).resolves.toBe('text');
  });

  it('accepts a JSON body labelled as text', async () => {
    handler = json(200, '{"stories":[]}', 'text/plain');
    await expect(fetchLiveAnswer()).resolves.toEqual({ stories: [] });
  });

  it.each([500, 502, 503, 504, 404])('fails on HTTP %i', async (status) => {
    handler = json(status, '{"error":"down"}');
    const before = seen.length;
    await expect(fetchLiveAnswer()).rejects.toThrow(/non-2xx|status/i);
    expect(seen.length).toBe(before + 1);
  });

  it('fails when the body is not JSON', async () => {
    handler = json(200, '<html>gateway</html>', 'text/html');
    await expect(fetchLiveAnswer()).rejects.toThrow('not JSON');
  });

  it('fails when the body comes as bytes rather than text', async () => {
    handler = json(200, '{"stories":[]}', 'application/octet-stream');
    await expect(fetchLiveAnswer()).rejects.toThrow('not JSON');
  });

  it('fails when the body is malformed JSON', async () => {
    handler = json(200, '{"stories": [', 'application/json');
    const before = seen.length;
    await expect(fetchLiveAnswer()).rejects.toThrow();
    expect(seen.length).toBe(before + 1);
  });

  it('fails when the call is aborted (the feed machine aborts it after 10 s)', async () => {
    handler = () => {}; // never answers
    const controller = new AbortController();
    const call = fetchLiveAnswer(controller.signal);
    const before = seen.length;
    setTimeout(() => controller.abort(), 100);
    await expect(call).rejects.toThrow();
    expect(seen.length).toBe(before + 1);
  });
});

describe('the call started before the app (src/feed-boot.ts)', () => {
  beforeEach(freshPage);

  it('is not made once the app has asked for the feed without it (it would be a second request)', async () => {
    handler = json(200, '{"stories":[]}');
    const before = seen.length;
    await fetchLiveAnswer();
    startEarlyFeedCall({ onPage: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen.length).toBe(before + 1);
  });

  it('is the one request of a page load: the first fetchLiveAnswer takes it over, later ones call again', async () => {
    let release: () => void = () => {};
    handler = (request, response) => {
      release = () => json(200, '{"stories":[],"generated_at":"early"}')(request, response);
    };
    const before = seen.length;
    startEarlyFeedCall({ onPage: true });
    startEarlyFeedCall({ onPage: true }); // once only
    await vi.waitFor(() => expect(seen.length).toBe(before + 1));
    const taken = fetchLiveAnswer();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen.length).toBe(before + 1);
    release();
    await expect(taken).resolves.toEqual({ stories: [], generated_at: 'early' });

    handler = json(200, '{"stories":[],"generated_at":"later"}');
    await expect(fetchLiveAnswer()).resolves.toEqual({ stories: [], generated_at: 'later' });
    expect(seen.length).toBe(before + 2);
  });

  it('lets the snapshot see its answer without taking it (src/snapshot/boot.ts): still one request', async () => {
    handler = json(200, '{"stories":[],"generated_at":"early"}');
    const before = seen.length;
    expect(earlyFeedAnswer()).toBeUndefined();
    startEarlyFeedCall({ onPage: true });
    await expect(earlyFeedAnswer()).resolves.toEqual({ stories: [], generated_at: 'early' });
    await expect(fetchLiveAnswer()).resolves.toEqual({ stories: [], generated_at: 'early' });
    expect(earlyFeedAnswer()).toBeUndefined();
    expect(seen.length).toBe(before + 1);
  });

  it('fails as the call would: its error, or an abort by the taker, which also ends the request', async () => {
    handler = json(503, '{"error":"down"}');
    startEarlyFeedCall({ onPage: true });
    await expect(fetchLiveAnswer()).rejects.toThrow(/non-2xx|status/i);

    await freshPage();
    handler = () => {}; // never answers
    const before = seen.length;
    startEarlyFeedCall({ onPage: true });
    await vi.waitFor(() => expect(seen.length).toBe(before + 1));
    const request = seen.at(-1)!;
    const closed = new Promise((resolve) => request.socket.once('close', resolve));
    const controller = new AbortController();
    const taken = fetchLiveAnswer(controller.signal);
    setTimeout(() => controller.abort(), 50);
    await expect(taken).rejects.toThrow('aborted');
    await closed;

    await freshPage();
    startEarlyFeedCall({ onPage: true });
    const aborted = new AbortController();
    aborted.abort();
    await expect(fetchLiveAnswer(aborted.signal)).rejects.toThrow('aborted');
  });

  it('fails when no answer comes within the time limit (10 s)', async () => {
    handler = () => {}; // never answers
    startEarlyFeedCall({ onPage: true });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const outcome = fetchLiveAnswer().then(
        () => 'answered',
        (error: unknown) => String(error),
      );
      await vi.advanceTimersByTimeAsync(9_900);
      let settled = false;
      void outcome.then(() => (settled = true));
      await vi.advanceTimersByTimeAsync(0);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(200);
      await expect(outcome).resolves.toMatch('aborted');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('liveStoriesActor (the feed machine\'s fetchStories)', () => {
  it('resolves with the validated stories of the answer: invalid and repeated items dropped, defaults filled in', async () => {
    handler = json(
      200,
      JSON.stringify({
        stories: [
          { id: 'a', title: ' Kept ', url: 'https://news.example.org/a' },
          { id: 'a', title: 'Repeated id', url: 'https://news.example.org/a2' },
          { id: 'b', title: 'Script link', url: 'javascript:alert(1)' },
          { id: 'c', title: 'Also kept', url: 'https://other.example.net/c', category: 'Science', image: 'data:image/png;base64,AAAA' },
        ],
      }),
    );
    const { stories, next } = await toPromise(createActor(liveStoriesActor()).start());
    expect(next).toBeNull();
    expect(stories).toEqual([
      { id: 'a', title: 'Kept', summary: '', source: 'news.example.org', url: 'https://news.example.org/a', published_at: '', category: 'General' },
      { id: 'c', title: 'Also kept', summary: '', source: 'other.example.net', url: 'https://other.example.net/c', published_at: '', category: 'Science' },
    ]);
  });

  it('takes the stories of an answer a worker has validated already as they are (src/app/feed-call.ts)', async () => {
    const { checkedStories } = await import('../../src/app/checked-stories.ts');
    const validated = [{ id: 'w', title: 'From the worker', summary: '', source: 'wire', url: 'https://news.example.org/w', published_at: '', category: 'General' }];
    const answer = checkedStories(validated);
    const { stories } = await toPromise(createActor(liveStoriesActor(async () => answer)).start());
    expect(stories).toBe(validated);
  });

  it('resolves with no stories for an answer that has none, and rejects when the call fails', async () => {
    handler = json(200, '{"generated_at": "now"}');
    await expect(toPromise(createActor(liveStoriesActor()).start())).resolves.toEqual({ stories: [], next: null });
    handler = json(503, '{"error":"down"}');
    await expect(toPromise(createActor(liveStoriesActor()).start())).rejects.toThrow(/non-2xx|status/i);
  });
});

/**
 * The page's one feed call, fetchFeed (a plain `fetch` GET), against a loopback server: what
 * counts as an answer and what counts as a failure (docs/product.md#loading-failure-retry-and-fallback).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;
let handler: Handler = (_request, response) => response.end();
const seen: IncomingMessage[] = [];
let server: Server;
let fetchFeed: typeof import('../../src/api/fetch-news.ts').fetchFeed;
let startFirstFeedCall: () => void;
let fetchSavedStories: typeof import('../../src/api/fetch-news.ts').fetchSavedStories;
let api: typeof import('../../src/api/fetch-news.ts');

/** A fresh page load: no first call started yet. */
async function freshPage() {
  vi.resetModules();
  api = await import('../../src/api/fetch-news.ts');
  ({ fetchFeed, startFirstFeedCall, fetchSavedStories } = api);
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

const STORY = { id: 'a', title: ' Kept ', url: 'https://news.example.org/a' };
const KEPT = { id: 'a', title: 'Kept', summary: '', source: 'news.example.org', url: 'https://news.example.org/a', published_at: '', category: 'General' };

describe('fetchFeed', () => {
  it('GETs /functions/v1/fetch-news (cacheable) with the anon key as apikey and bearer token', async () => {
    handler = json(200, JSON.stringify({ stories: [STORY], generated_at: 'now' }));
    await expect(fetchFeed({})).resolves.toEqual({ stories: [KEPT], next: null });
    const request = seen.at(-1)!;
    expect(request.method).toBe('GET');
    expect(request.headers['content-type']).toBeUndefined();
    expect(request.url).toBe('/functions/v1/fetch-news');
    expect(request.headers.apikey).toBe('test-anon-key');
    expect(request.headers.authorization).toBe('Bearer test-anon-key');
  });

  it('sends before, ids and q as query parameters, ids comma-separated', async () => {
    handler = json(200, '{"stories":[]}');
    await fetchFeed({ before: '2026-01-02T03:04:05Z', ids: ['a', 'b c'], q: 'solar power' });
    const url = new URL(seen.at(-1)!.url!, 'http://x');
    expect(url.pathname).toBe('/functions/v1/fetch-news');
    expect(url.searchParams.get('before')).toBe('2026-01-02T03:04:05Z');
    expect(url.searchParams.get('ids')).toBe('a,b c');
    expect(url.searchParams.get('q')).toBe('solar power');
  });

  it('asks for saved stories 100 ids a call (docs/product.md#saved-stories-last), and a failed call fails the refresh', async () => {
    const ids = Array.from({ length: 250 }, (_, i) => `s${i}`);
    const before = seen.length;
    handler = (request, response) => {
      const asked = new URL(request.url!, 'http://x').searchParams.get('ids')!.split(',');
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ stories: asked.slice(0, 1).map((id) => ({ ...STORY, id })) }));
    };
    const stories = await fetchSavedStories(ids);
    const calls = seen.slice(before).map((request) => new URL(request.url!, 'http://x').searchParams.get('ids')!.split(','));
    expect(calls.map((asked) => asked.length)).toEqual([100, 100, 50]);
    expect(calls.flat()).toEqual(ids);
    expect(stories.map((story) => story.id)).toEqual(['s0', 's100', 's200']);

    let answered = 0;
    handler = (_request, response) => {
      answered += 1;
      response.writeHead(answered === 2 ? 503 : 200, { 'content-type': 'application/json' });
      response.end('{"stories":[]}');
    };
    await expect(fetchSavedStories(ids)).rejects.toThrow('503');
  });

  it('validates the stories: invalid and repeated items dropped, defaults filled in', async () => {
    handler = json(
      200,
      JSON.stringify({
        stories: [
          STORY,
          { id: 'a', title: 'Repeated id', url: 'https://news.example.org/a2' },
          { id: 'b', title: 'Script link', url: 'javascript:alert(1)' },
          { id: 'c', title: 'Also kept', url: 'https://other.example.net/c', category: 'Science', image: 'data:image/png;base64,AAAA' },
        ],
      }),
    );
    const { stories } = await fetchFeed({});
    expect(stories).toEqual([
      KEPT,
      { id: 'c', title: 'Also kept', summary: '', source: 'other.example.net', url: 'https://other.example.net/c', published_at: '', category: 'Science' },
    ]);
  });

  it('gives the answer\'s next when it is a non-empty string, else null', async () => {
    handler = json(200, '{"stories":[],"next":"2026-01-01T00:00:00Z"}');
    await expect(fetchFeed({})).resolves.toEqual({ stories: [], next: '2026-01-01T00:00:00Z' });
    for (const next of ['""', '12', 'null', '["x"]']) {
      handler = json(200, `{"stories":[],"next":${next}}`);
      await expect(fetchFeed({}), next).resolves.toEqual({ stories: [], next: null });
    }
  });

  it('accepts a JSON answer with no stories (a string, a body labelled as text) as an answer with none, not as a failure', async () => {
    handler = json(200, '"text"');
    await expect(fetchFeed({})).resolves.toEqual({ stories: [], next: null });
    handler = json(200, '{"stories":[STORY]}'.replace('STORY', JSON.stringify(STORY)), 'text/plain');
    await expect(fetchFeed({})).resolves.toEqual({ stories: [KEPT], next: null });
  });

  it.each([500, 502, 503, 504, 404])('fails on HTTP %i', async (status) => {
    handler = json(status, '{"error":"down"}');
    const before = seen.length;
    await expect(fetchFeed({})).rejects.toThrow(`The fetch-news function answered with a non-2xx status: ${status}`);
    expect(seen.length).toBe(before + 1);
  });

  it("a story's page: `?story=<id>`, its status told apart (a 404 is the story gone)", async () => {
    const { answerOf } = await import('../../src/api/fetch-news.ts');
    const { AnswerStatusError } = await import('../../src/api/functions.ts');
    handler = json(404, '{"error":"not_found"}');
    const failure = await answerOf({ story: 'a b' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AnswerStatusError);
    expect((failure as { status: number }).status).toBe(404);
    expect(seen.at(-1)?.url).toContain('?story=a+b');
  });

  it("a story's page asks for its reports after its answer's `next` until none is left, and lists every report once", async () => {
    const { fetchStory } = await import('../../src/story-page/actors.ts');
    const lead = { id: 'g1', title: 'Harbour bridge closes', source: 'Gamma', url: 'https://gamma.example/g1', published_at: '2026-11-20T09:00:00.000Z' };
    const reportOf = (n: number) => ({ ...lead, id: `r${n}`, source: `Outlet ${n}`, url: `https://outlet${n}.example/r${n}` });
    handler = (request, response) => {
      const after = new URL(request.url ?? '', 'http://x').searchParams.get('after');
      const [from, next] = after === null ? [0, 'page-2'] : after === 'page-2' ? [200, 'page-3'] : [400, undefined];
      json(200, JSON.stringify({ story: lead, reports: Array.from({ length: from === 400 ? 5 : 200 }, (_, i) => reportOf(from + i)), generated_at: 'now', next }))(request, response);
    };
    const before = seen.length;
    const outcome = await fetchStory('g1');
    expect(seen.slice(before).map((request) => request.url)).toEqual([
      '/functions/v1/fetch-news?story=g1',
      '/functions/v1/fetch-news?story=g1&after=page-2',
      '/functions/v1/fetch-news?story=g1&after=page-3',
    ]);
    expect(outcome.kind).toBe('found');
    expect(outcome.coverage?.reports.map((report) => report.id)).toEqual(Array.from({ length: 405 }, (_, n) => `r${n}`));
  });

  it('asks for followed ids comma-separated, as `?follow=`', async () => {
    const { answerOf } = await import('../../src/api/fetch-news.ts');
    handler = json(200, '{"stories":[],"follows":[]}');
    await expect(answerOf({ follow: ['a', 'b c'] })).resolves.toEqual({ stories: [], follows: [] });
    const url = new URL(seen.at(-1)!.url!, 'http://x');
    expect(url.pathname).toBe('/functions/v1/fetch-news');
    expect(url.searchParams.get('follow')).toBe('a,b c');
  });

  it('reads a JSON body that comes with no content type', async () => {
    handler = (_request, response) => response.end(JSON.stringify({ stories: [STORY] }));
    await expect(fetchFeed({})).resolves.toEqual({ stories: [KEPT], next: null });
  });

  it('fails on an error from the Supabase relay, whatever its body', async () => {
    handler = (_request, response) => {
      response.writeHead(502, { 'content-type': 'application/json', 'x-relay-error': 'true' });
      response.end('{"stories":[]}');
    };
    await expect(fetchFeed({})).rejects.toThrow('fetch-news failed at the Supabase relay');
  });

  it('fails when the body is not JSON, comes as bytes, or is malformed', async () => {
    handler = json(200, '<html>gateway</html>', 'text/html');
    await expect(fetchFeed({})).rejects.toThrow('The fetch-news answer is not JSON');
    handler = json(200, '{"stories":[]}', 'application/octet-stream');
    await expect(fetchFeed({})).rejects.toThrow('The fetch-news answer is not JSON');
    handler = json(200, '{"stories": [', 'application/json');
    await expect(fetchFeed({})).rejects.toThrow('The fetch-news answer is not JSON');
  });

  it('fails on a connection refused', async () => {
    vi.stubEnv('VITE_SUPABASE_URL', 'http://127.0.0.1:1');
    try {
      await freshPage();
      await expect(fetchFeed({})).rejects.toThrow();
    } finally {
      vi.stubEnv('VITE_SUPABASE_URL', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      await freshPage();
    }
  });

  it('fails when the caller aborts, and ends the request', async () => {
    handler = () => {}; // never answers
    const controller = new AbortController();
    const before = seen.length;
    const call = fetchFeed({}, controller.signal);
    await vi.waitFor(() => expect(seen.length).toBe(before + 1));
    const closed = new Promise((resolve) => seen.at(-1)!.socket.once('close', resolve));
    controller.abort();
    await expect(call).rejects.toThrow();
    await closed;
  });

  it('fails at once, sending nothing, when the caller has already aborted', async () => {
    handler = json(200, '{"stories":[]}');
    const before = seen.length;
    await expect(fetchFeed({ q: 'moon' }, AbortSignal.abort())).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen.length).toBe(before);
  });

  it('keeps no timer of its own: a call waits until its caller aborts it', async () => {
    handler = () => {}; // never answers
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const controller = new AbortController();
      const before = seen.length;
      const outcome = fetchFeed({}, controller.signal).then(
        () => 'answered',
        () => 'failed',
      );
      await vi.waitFor(() => expect(seen.length).toBe(before + 1));
      let settled = false;
      void outcome.then(() => (settled = true));
      await vi.advanceTimersByTimeAsync(60_000);
      expect(settled).toBe(false);
      controller.abort();
      await expect(outcome).resolves.toBe('failed');
    } finally {
      vi.useRealTimers();
    }
  });
});

/**
 * No answer within 10 s is a failure (docs/product.md#timings-and-constants): each machine that
 * calls fetch-news leaves its call after its `timeout` delay, and leaving aborts the request.
 */
describe('every caller ends its call after 10 s', () => {
  beforeEach(freshPage);

  it.each([
    ['the feed', async () => {
      const { appFeedMachine } = await import('../../src/feed/actors.ts');
      const actor = createActor(appFeedMachine).start();
      actor.send({ type: 'feed.visitor', kept: null, lastVisit: null });
      return actor;
    }],
    ['older stories', async () => {
      const { appOlderStoriesMachine } = await import('../../src/feed/actors.ts');
      const actor = createActor(appOlderStoriesMachine, { input: { next: null } }).start();
      actor.send({ type: 'older.firstPage', next: 'cursor-1' });
      actor.send({ type: 'older.load' });
      return actor;
    }],
    ['the last 30 days', async () => {
      const { appArchiveSearchMachine } = await import('../../src/search/actors.ts');
      const actor = createActor(appArchiveSearchMachine).start();
      actor.send({ type: 'archive.search', query: 'moon' });
      return actor;
    }],
    ['the saved stories refresh', async () => {
      const { appBookmarksMachine } = await import('../../src/bookmarks/actors.ts');
      const actor = createActor(appBookmarksMachine, { input: { ids: ['a'], savedStories: [] } }).start();
      actor.send({ type: 'saved.refresh' });
      return actor;
    }],
  ])('%s', async (_name, start) => {
    handler = () => {}; // never answers
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const before = seen.length;
      const actor = await start();
      await vi.waitFor(() => expect(seen.length).toBe(before + 1));
      let closed = false;
      seen.at(-1)!.socket.once('close', () => (closed = true));
      await vi.advanceTimersByTimeAsync(9_900);
      expect(closed).toBe(false);
      await vi.advanceTimersByTimeAsync(200);
      await vi.waitFor(() => expect(closed).toBe(true));
      actor.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the first call, started before the app (src/api/boot.ts)', () => {
  beforeEach(freshPage);

  it('is the one request of a page load: the first fetchFeed({}) takes it, later ones call again', async () => {
    let release: () => void = () => {};
    handler = (request, response) => {
      release = () => json(200, '{"stories":[],"next":"early"}')(request, response);
    };
    const before = seen.length;
    startFirstFeedCall();
    startFirstFeedCall(); // once only
    await vi.waitFor(() => expect(seen.length).toBe(before + 1));
    const taken = fetchFeed({});
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen.length).toBe(before + 1);
    release();
    await expect(taken).resolves.toEqual({ stories: [], next: 'early' });

    handler = json(200, '{"stories":[],"next":"later"}');
    await expect(fetchFeed({})).resolves.toEqual({ stories: [], next: 'later' });
    expect(seen.length).toBe(before + 2);
  });

  it('is not started once the app has made its first call (the boot script arriving after the app)', async () => {
    handler = json(200, '{"stories":[],"next":"app"}');
    const before = seen.length;
    await expect(fetchFeed({})).resolves.toEqual({ stories: [], next: 'app' });
    startFirstFeedCall();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen.length).toBe(before + 1);
    handler = json(200, '{"stories":[],"next":"refetch"}');
    await expect(fetchFeed({})).resolves.toEqual({ stories: [], next: 'refetch' });
    expect(seen.length).toBe(before + 2);
  });

  it("under `/story/<id>` is that story's `?story=` call, which the story page's first ask takes; no feed call", async () => {
    let release: () => void = () => {};
    handler = (request, response) => {
      release = () => json(200, '{"story":{"id":"a b"},"reports":[]}')(request, response);
    };
    const before = seen.length;
    api.startFirstCall('/story/a%20b');
    api.startFirstCall('/story/a%20b'); // once only
    await vi.waitFor(() => expect(seen.length).toBe(before + 1));
    expect(seen.at(-1)!.url).toBe('/functions/v1/fetch-news?story=a+b');
    const taken = api.answerOf({ story: 'a b' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen.length).toBe(before + 1);
    release();
    await expect(taken).resolves.toEqual({ story: { id: 'a b' }, reports: [] });
    // Asked again ("Try again", or the page opened again): a call of its own.
    handler = json(200, '{"story":{"id":"a b"},"reports":[]}');
    await api.answerOf({ story: 'a b' });
    expect(seen.length).toBe(before + 2);
  });

  it("leaves the boot's story call when the page asks for another story, and starts nothing once the page has asked", async () => {
    handler = () => {}; // never answers
    const before = seen.length;
    api.startFirstCall('/story/first');
    await vi.waitFor(() => expect(seen.length).toBe(before + 1));
    const closed = new Promise((resolve) => seen.at(-1)!.socket.once('close', resolve));
    handler = json(200, '{"story":{"id":"second"},"reports":[]}');
    await expect(api.answerOf({ story: 'second' })).resolves.toEqual({ story: { id: 'second' }, reports: [] });
    await closed;
    api.startFirstCall('/story/third');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen.length).toBe(before + 2);
  });

  it.each([
    ['another page', '/about'],
    ['a story path with more after it', '/story/a/b'],
    ['an id that does not decode', '/story/%E0%A4%A'],
  ])('starts nothing on %s', async (_case, path) => {
    const before = seen.length;
    api.startFirstCall(path);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen.length).toBe(before);
  });

  it("reads a story's path as the router does: the id decoded, a trailing slash allowed", () => {
    expect(api.storyOfPath('/story/3k9x0c41m2p7qa')).toBe('3k9x0c41m2p7qa');
    expect(api.storyOfPath('/story/a%2Fb/')).toBe('a/b');
    expect(api.storyOfPath('/')).toBeNull();
  });

  it("the boot script starts the call its page's address asks for", async () => {
    handler = json(200, '{"story":{"id":"boot-id"},"reports":[]}');
    const before = seen.length;
    vi.stubGlobal('window', { location: { pathname: '/story/boot-id' } });
    try {
      await import('../../src/api/boot.ts');
      await vi.waitFor(() => expect(seen.length).toBe(before + 1));
      expect(seen.at(-1)!.url).toBe('/functions/v1/fetch-news?story=boot-id');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('under `/` is the feed call', async () => {
    handler = json(200, '{"stories":[],"next":"early"}');
    const before = seen.length;
    api.startFirstCall('/');
    await vi.waitFor(() => expect(seen.length).toBe(before + 1));
    expect(seen.at(-1)!.url).toBe('/functions/v1/fetch-news');
    await expect(fetchFeed({})).resolves.toEqual({ stories: [], next: 'early' });
    expect(seen.length).toBe(before + 1);
  });

  it('is not what a call with parameters gets', async () => {
    handler = json(200, '{"stories":[],"next":"any"}');
    const before = seen.length;
    startFirstFeedCall();
    await fetchFeed({ q: 'moon' });
    expect(seen.at(-1)!.url).toBe('/functions/v1/fetch-news?q=moon');
    await fetchFeed({});
    expect(seen.length).toBe(before + 2);
  });

  it('fails as the call would, and ends its request when the taker aborts', async () => {
    handler = json(503, '{"error":"down"}');
    startFirstFeedCall();
    await expect(fetchFeed({})).rejects.toThrow('non-2xx status: 503');

    await freshPage();
    handler = () => {}; // never answers
    const before = seen.length;
    startFirstFeedCall();
    await vi.waitFor(() => expect(seen.length).toBe(before + 1));
    const closed = new Promise((resolve) => seen.at(-1)!.socket.once('close', resolve));
    const controller = new AbortController();
    const taken = fetchFeed({}, controller.signal);
    controller.abort();
    await expect(taken).rejects.toThrow();
    await closed;
  });

  it("fetches the first screen's lead image as soon as the answer names it: high priority, no Referer; none when no Top Story has one", async () => {
    const requested: Array<{ src: string; fetchPriority: string; referrerPolicy: string }> = [];
    vi.stubGlobal(
      'Image',
      class {
        fetchPriority = 'auto';
        referrerPolicy = '';
        set src(url: string) {
          requested.push({ src: url, fetchPriority: this.fetchPriority, referrerPolicy: this.referrerPolicy });
        }
      },
    );
    try {
      const answer = (images: Array<string | undefined>) =>
        JSON.stringify({ stories: images.map((image, i) => ({ id: `s${i}`, title: `Story ${i}`, url: `https://news.example.org/${i}`, ...(image ? { image } : {}) })), next: null });
      handler = json(200, answer([undefined, 'https://img.example.org/lead.png', 'https://img.example.org/third.png']));
      startFirstFeedCall();
      await fetchFeed({});
      await vi.waitFor(() => expect(requested).toEqual([{ src: 'https://img.example.org/lead.png', fetchPriority: 'high', referrerPolicy: 'no-referrer' }]));

      await freshPage();
      handler = json(200, answer([undefined, undefined, undefined, 'https://img.example.org/fourth.png']));
      startFirstFeedCall();
      await fetchFeed({});
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(requested).toHaveLength(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('fails, and ends its request, when the taker had already aborted', async () => {
    handler = () => {}; // never answers
    const before = seen.length;
    startFirstFeedCall();
    await vi.waitFor(() => expect(seen.length).toBe(before + 1));
    const closed = new Promise((resolve) => seen.at(-1)!.socket.once('close', resolve));
    await expect(fetchFeed({}, AbortSignal.abort())).rejects.toThrow();
    await closed;
  });
});

describe('with no build-time configuration (docs/product.md#configuration-and-commands)', () => {
  it('calls the local function on port 54321 with the placeholder key', async () => {
    vi.stubEnv('VITE_SUPABASE_URL', '');
    vi.stubEnv('VITE_SUPABASE_ANON_KEY', '');
    try {
      vi.resetModules();
      const config = await import('../../src/api/functions.ts');
      expect(config.functionUrl('fetch-news')).toBe('http://127.0.0.1:54321/functions/v1/fetch-news');
      expect(config.functionUrl('fetch-news', new URLSearchParams({ follow: 'a,b' }))).toBe('http://127.0.0.1:54321/functions/v1/fetch-news?follow=a%2Cb');
      expect(config.functionUrl('follow-news')).toBe('http://127.0.0.1:54321/functions/v1/follow-news');
      expect(config.SUPABASE_ANON_KEY).toBe('local-development-anon-key');
    } finally {
      vi.stubEnv('VITE_SUPABASE_URL', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      vi.stubEnv('VITE_SUPABASE_ANON_KEY', 'test-anon-key');
      await freshPage();
    }
  });
});

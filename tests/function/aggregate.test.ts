import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { aggregate, mergeStories } from '../../supabase/functions/_shared/ingest/refresh.ts';
import { DEFAULT_AGGREGATE_CONFIG } from '../../supabase/functions/_shared/ingest/config.ts';
import type { Connector, Resolver } from '../../supabase/functions/_shared/net/guard.ts';
import type { NewsAnswer, Story } from '../../supabase/functions/_shared/story.ts';
import type { Source } from '../../supabase/functions/_shared/stories/sources.ts';
import { type FeedServer, startFeedServer } from './helpers/feed-server.ts';
import { corpusDir, FIXTURES_DIR } from './helpers/paths.ts';
import { syntheticRss } from './helpers/synthetic-feed.ts';

const NOW = new Date('2026-01-01T12:00:00Z');
const STORY_KEYS = ['category', 'id', 'published_at', 'source', 'summary', 'title', 'url'];
let server: FeedServer;

// The feeds are on loopback: allowed as NEWS_ALLOW_LOOPBACK=1 allows them.
const deps = () => ({ now: () => NOW, config: { ...DEFAULT_AGGREGATE_CONFIG, timeoutMs: 2_000, allowLoopback: true, parseBudgetMs: 5_000, refreshParseBudgetMs: 30_000 } });

beforeAll(async () => {
  server = await startFeedServer();
  const corpus = corpusDir();
  const serveFile = (path: string, file: string, type: string) => server.serve(path, readFileSync(file), type);
  serveFile('/hn.xml', join(FIXTURES_DIR, 'hackernews-frontpage.rss2.xml'), 'application/rss+xml');
  serveFile('/heise.atom', join(FIXTURES_DIR, 'heise-developer.atom.xml'), 'application/atom+xml; charset=utf-8');
  serveFile('/uol.xml', join(FIXTURES_DIR, 'uol-noticias-no-xml-decl.rss2.xml'), 'text/xml; charset=ISO-8859-1');
  serveFile('/nasa.xml', join(FIXTURES_DIR, 'nasa-liftoff-news-SPEC-SAMPLE.rss2.xml'), 'application/xml');
  serveFile('/golem.rdf', join(FIXTURES_DIR, 'golem-de-iso-8859-1-1item.rss1-rdf.xml'), 'application/rdf+xml');
  serveFile('/guardian.xml', join(corpus, 'real-world/guardian-us.rss2.xml'), 'application/rss+xml');
  serveFile('/cnn.xml', join(corpus, 'real-world/cnn-international-app.rss2.xml'), 'application/rss+xml');
  serveFile('/tpm.atom', join(corpus, 'real-world/talkingpointsmemo.atom.xml'), 'application/atom+xml');
  for (let i = 0; i < 10; i++) server.serve(`/synthetic-${i}.xml`, syntheticRss(`site${i}`, 30));
  server.route('/moved.xml', (_request, response) => response.writeHead(301, { location: '/hn.xml' }).end());
});

afterAll(() => server.close());

const source = (name: string, path: string, category = 'World'): Source => ({ name, url: server.url(path), category });

function expectWellFormed(answer: NewsAnswer): void {
  const ids = new Set<string>();
  let previous = Infinity;
  for (const story of answer.stories) {
    const keys = Object.keys(story).filter((key) => key !== 'image').sort();
    expect(keys).toEqual(STORY_KEYS);
    expect(story.id).toMatch(/^[0-9a-z]+$/);
    expect(ids.has(story.id)).toBe(false);
    ids.add(story.id);
    expect(story.title).not.toBe('');
    expect(story.url).toMatch(/^https?:\/\//);
    if (story.image !== undefined) expect(story.image).toMatch(/^https?:\/\//);
    expect(story.summary.length).toBeLessThanOrEqual(300);
    expect(new Date(story.published_at).toISOString()).toBe(story.published_at);
    const time = Date.parse(story.published_at);
    expect(time).toBeLessThanOrEqual(previous);
    previous = time;
  }
}

describe('aggregate over loopback feeds', () => {
  it('merges RSS 2.0, RSS 1.0 and Atom sources into well-formed stories, newest first', async () => {
    const sources = [
      source('Hacker News', '/hn.xml', 'Technology'),
      source('heise', '/heise.atom', 'Technology'),
      source('UOL', '/uol.xml'),
      source('NASA', '/nasa.xml', 'Science'),
      source('Golem', '/golem.rdf', 'Technology'),
      source('Guardian', '/guardian.xml'),
      source('CNN', '/cnn.xml'),
      source('TPM', '/tpm.atom'),
    ];
    const answer = await aggregate(sources, deps());
    expectWellFormed(answer);
    expect(answer.generated_at).toBe(NOW.toISOString());
    expect(answer.sources).toEqual([
      { name: 'Hacker News', ok: true, count: 25 },
      { name: 'heise', ok: true, count: 15 },
      { name: 'UOL', ok: true, count: 15 },
      { name: 'NASA', ok: true, count: 3 }, // the spec sample's untitled item is dropped
      { name: 'Golem', ok: true, count: 1 },
      { name: 'Guardian', ok: true, count: 25 },
      { name: 'CNN', ok: true, count: 25 },
      { name: 'TPM', ok: true, count: 20 },
    ]);
    expect(answer.stories).toHaveLength(129);
    const uol = answer.stories.find((story) => story.source === 'UOL');
    expect(uol?.title).toMatch(/ç|ã|é|º/);
    const guardian = answer.stories.filter((story) => story.source === 'Guardian');
    expect(guardian.every((story) => story.category === 'World' && story.image?.includes('w=460'))).toBe(true);
    const cnn = answer.stories.filter((story) => story.source === 'CNN');
    // CNN items without a date of their own take the channel's date.
    expect(cnn.some((story) => story.published_at === '2023-04-05T22:50:25.000Z')).toBe(true);
  });

  it('gives the same ids on every fetch, so bookmarks survive refreshes', async () => {
    const sources = [source('Hacker News', '/hn.xml'), source('heise', '/heise.atom')];
    const first = await aggregate(sources, deps());
    const second = await aggregate(sources, { ...deps(), now: () => new Date('2026-02-02T00:00:00Z') });
    expect(second.stories.map((story) => story.id)).toEqual(first.stories.map((story) => story.id));
  });

  it('merges the same articles published by two sources', async () => {
    const answer = await aggregate([source('First', '/hn.xml'), source('Second', '/hn.xml')], deps());
    expect(answer.sources.map((s) => s.count)).toEqual([25, 25]);
    expect(answer.stories).toHaveLength(25);
    expect(answer.stories.every((story) => story.source === 'First')).toBe(true);
  });

  it('keeps 25 per source and 200 in all', async () => {
    const sources = Array.from({ length: 10 }, (_, i) => source(`Site ${i}`, `/synthetic-${i}.xml`));
    const answer = await aggregate(sources, deps());
    expect(answer.sources.every((s) => s.ok && s.count === 25)).toBe(true);
    expect(answer.stories).toHaveLength(200);
    expectWellFormed(answer);
  });

  it('follows redirects and resolves relative links against the final URL', async () => {
    const answer = await aggregate([source('Moved', '/moved.xml')], deps());
    expect(answer.sources[0]).toEqual({ name: 'Moved', ok: true, count: 25 });
  });
});

// The rest runs without sockets: an injected resolver, and connectors that answer from memory.
const publicResolve: Resolver = async () => ['93.184.216.34'];
const memorySource = (name: string): Source => ({ name, url: `https://${name.toLowerCase()}.example/feed.xml`, category: 'World' });
const feedAnswer = (name: string, count = 30) => new Response(syntheticRss(name.toLowerCase(), count), { headers: { 'content-type': 'application/rss+xml' } });
const memoryConfig = { ...DEFAULT_AGGREGATE_CONFIG, parseBudgetMs: 5_000, refreshParseBudgetMs: 30_000 };

/** Never answers; records the signal of each request so a test can see it aborted. */
function hangingNet(answers: Readonly<Record<string, Response>> = {}) {
  const requested: string[] = [];
  const signals: AbortSignal[] = [];
  const connect: Connector = ({ url, init }) => {
    requested.push(url);
    const answer = answers[url];
    if (answer) return Promise.resolve(answer);
    if (init.signal) signals.push(init.signal);
    return new Promise<Response>((_resolve, reject) => {
      init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    });
  };
  return { connect, requested, signals };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

describe('aggregate: the refresh deadline', () => {
  it('answers at the deadline, aborts the fetches still open, and never starts the sources still waiting for a slot', async () => {
    const fast = memorySource('Fast');
    const { connect, requested, signals } = hangingNet({ [fast.url]: feedAnswer('Fast') });
    const log: string[] = [];
    const sources = [fast, memorySource('Hang'), memorySource('Queued')];
    const answer = await aggregate(sources, {
      now: () => NOW,
      // Long enough for the fast source to be fetched and parsed on a busy machine.
      config: { ...memoryConfig, timeoutMs: 60_000, deadlineMs: 500, maxConcurrentFetches: 1 },
      resolve: publicResolve,
      connect,
      log: (line) => log.push(line),
    });
    expect(answer.sources).toEqual([
      { name: 'Fast', ok: true, count: 25 },
      { name: 'Hang', ok: false, count: 0, error: 'timeout' },
      { name: 'Queued', ok: false, count: 0, error: 'timeout' },
    ]);
    expect(log).toEqual([
      'source "Hang" (https://hang.example/feed.xml): timeout: not finished by the 500 ms deadline',
      'source "Queued" (https://queued.example/feed.xml): timeout: not finished by the 500 ms deadline',
    ]);
    expect(signals).toHaveLength(1);
    expect(signals[0]?.aborted).toBe(true);
    await settle();
    expect(requested).toEqual([fast.url, 'https://hang.example/feed.xml']);
  });

  it('answers at the deadline with no log configured', async () => {
    const { connect } = hangingNet();
    const answer = await aggregate([memorySource('Hang')], { now: () => NOW, config: { ...memoryConfig, timeoutMs: 60_000, deadlineMs: 30 }, resolve: publicResolve, connect });
    expect(answer.sources).toEqual([{ name: 'Hang', ok: false, count: 0, error: 'timeout' }]);
  });

  it('leaves no timer running once every source has answered', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const answer = await aggregate([memorySource('Fast')], {
        now: () => NOW,
        config: { ...memoryConfig, deadlineMs: 60_000 },
        resolve: publicResolve,
        connect: async () => feedAnswer('Fast'),
      });
      expect(answer.sources[0]?.ok).toBe(true);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops a parse that runs past the deadline: timeout, and says it was the parse', async () => {
    // The wall clock jumps past the deadline once the feed has answered, so the parse is the
    // step that finds it passed, however fast this machine parses.
    const realNow = performance.now.bind(performance);
    let late = 0;
    const clock = vi.spyOn(performance, 'now').mockImplementation(() => realNow() + late);
    const log: string[] = [];
    try {
      const answer = await aggregate([memorySource('Big')], {
        now: () => NOW,
        config: { ...memoryConfig, deadlineMs: 60_000 },
        resolve: publicResolve,
        connect: async () => {
          late = 120_000;
          return feedAnswer('Big');
        },
        log: (line) => log.push(line),
      });
      expect(answer.sources).toEqual([{ name: 'Big', ok: false, count: 0, error: 'timeout' }]);
    } finally {
      clock.mockRestore();
    }
    expect(log).toEqual(['source "Big" (https://big.example/feed.xml): timeout: parse not finished by the refresh deadline']);
  });
});

describe('aggregate: parse budgets', () => {
  it('lets a parse that reaches the deadline exactly, but not past it, finish', async () => {
    // The wall clock stands still, then sits exactly on the deadline once the feed has answered.
    const base = performance.now();
    let late = 0;
    const clock = vi.spyOn(performance, 'now').mockImplementation(() => base + late);
    try {
      const answer = await aggregate([memorySource('Big')], {
        now: () => NOW,
        config: { ...memoryConfig, deadlineMs: 60_000 },
        resolve: publicResolve,
        connect: async () => {
          late = 60_000;
          return feedAnswer('Big', 3);
        },
      });
      expect(answer.sources).toEqual([{ name: 'Big', ok: true, count: 3 }]);
    } finally {
      clock.mockRestore();
    }
  });

  it('lets a parse that uses exactly its CPU budget, but not more, finish', async () => {
    // The CPU clock reads 0 when the refresh starts, 1 ms when the parse starts, and exactly
    // the budget (5 ms) later at every later look.
    let reads = 0;
    const cpu = vi.spyOn(process, 'cpuUsage').mockImplementation(() => ({ user: [0, 1_000][reads++] ?? 6_000, system: 0 }));
    try {
      const answer = await aggregate([memorySource('Small')], {
        now: () => NOW,
        config: { ...memoryConfig, parseBudgetMs: 5 },
        resolve: publicResolve,
        connect: async () => feedAnswer('Small', 3),
      });
      expect(answer.sources).toEqual([{ name: 'Small', ok: true, count: 3 }]);
    } finally {
      cpu.mockRestore();
    }
  });

  it('stops a parse that uses a microsecond of CPU time more than its budget: too_slow', async () => {
    let reads = 0;
    const cpu = vi.spyOn(process, 'cpuUsage').mockImplementation(() => ({ user: [0, 1_000][reads++] ?? 6_001, system: 0 }));
    try {
      const answer = await aggregate([memorySource('Small')], {
        now: () => NOW,
        config: { ...memoryConfig, parseBudgetMs: 5 },
        resolve: publicResolve,
        connect: async () => feedAnswer('Small', 3),
      });
      expect(answer.sources).toEqual([{ name: 'Small', ok: false, count: 0, error: 'too_slow' }]);
    } finally {
      cpu.mockRestore();
    }
  });

  it('names the refresh\'s budget when what is left of it is less than a feed\'s own', async () => {
    const log: string[] = [];
    const answer = await aggregate([memorySource('Big')], {
      now: () => NOW,
      config: { ...memoryConfig, maxBodyBytes: 8 * 1024 * 1024, parseBudgetMs: 10_000, refreshParseBudgetMs: 5 },
      resolve: publicResolve,
      connect: async () => feedAnswer('Big', 2_000),
      log: (line) => log.push(line),
    });
    expect(answer.sources[0]?.error).toBe('too_slow');
    expect(log).toEqual(["source \"Big\" (https://big.example/feed.xml): too_slow: parse took more than the refresh's parse budget (5 ms)"]);
  });

  it('parses nothing when the refresh has no parse budget at all', async () => {
    const log: string[] = [];
    const answer = await aggregate([memorySource('Small')], {
      now: () => NOW,
      config: { ...memoryConfig, refreshParseBudgetMs: 0 },
      resolve: publicResolve,
      connect: async () => feedAnswer('Small', 1),
      log: (line) => log.push(line),
    });
    expect(answer.sources[0]?.error).toBe('too_slow');
    expect(log).toEqual(["source \"Small\" (https://small.example/feed.xml): too_slow: the refresh's parse budget (0 ms) is spent"]);
  });
});

describe('aggregate: parse budgets where process.cpuUsage() always reads 0 (Supabase\'s hosted Edge Runtime)', () => {
  it('counts wall time instead: a slow feed is still stopped at 200 ms, and the refresh\'s parses at 1 s', async () => {
    // A slow machine: every look at the wall clock finds 1 ms more passed. Each step of a parse looks twice.
    let wall = 0;
    const clock = vi.spyOn(performance, 'now').mockImplementation(() => ++wall);
    const cpu = vi.spyOn(process, 'cpuUsage').mockReturnValue({ user: 0, system: 0 });
    const log: string[] = [];
    const sources = [memorySource('Small'), ...['1', '2', '3', '4', '5', '6'].map((n) => memorySource(`Big${n}`))];
    try {
      const answer = await aggregate(sources, {
        now: () => NOW,
        config: { ...DEFAULT_AGGREGATE_CONFIG, maxConcurrentFetches: 1 },
        resolve: publicResolve,
        connect: async ({ url }) => (url.startsWith('https://small.') ? feedAnswer('Small', 3) : feedAnswer('Big', 400)),
        log: (line) => log.push(line),
      });
      expect(answer.sources).toEqual([
        { name: 'Small', ok: true, count: 3 },
        ...['Big1', 'Big2', 'Big3', 'Big4', 'Big5', 'Big6'].map((name) => ({ name, ok: false, count: 0, error: 'too_slow' })),
      ]);
    } finally {
      clock.mockRestore();
      cpu.mockRestore();
    }
    expect(log).toEqual([
      'source "Big1" (https://big1.example/feed.xml): too_slow: parse took more than 200 ms',
      'source "Big2" (https://big2.example/feed.xml): too_slow: parse took more than 200 ms',
      'source "Big3" (https://big3.example/feed.xml): too_slow: parse took more than 200 ms',
      'source "Big4" (https://big4.example/feed.xml): too_slow: parse took more than 200 ms',
      "source \"Big5\" (https://big5.example/feed.xml): too_slow: parse took more than the refresh's parse budget (1000 ms)",
      "source \"Big6\" (https://big6.example/feed.xml): too_slow: the refresh's parse budget (1000 ms) is spent",
    ]);
  });
});

describe('aggregate: the runtime defaults', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('resolves names with Deno.resolveDns when no resolver is given (none on Node: network_error)', async () => {
    const log: string[] = [];
    const answer = await aggregate([memorySource('Named')], { now: () => NOW, config: memoryConfig, connect: async () => feedAnswer('Named'), log: (line) => log.push(line) });
    expect(answer.sources[0]).toEqual({ name: 'Named', ok: false, count: 0, error: 'network_error' });
    expect(log[0]).toContain('no DNS resolver on this runtime');
  });

  it('connects with the runtime\'s fetch, redirects left to itself, when no connector is given', async () => {
    const fetchSpy = vi.fn(async (_url: string, _init: RequestInit) => feedAnswer('Literal'));
    vi.stubGlobal('fetch', fetchSpy);
    const answer = await aggregate([{ name: 'Literal', url: 'https://93.184.216.34/feed.xml', category: 'World' }], { now: () => NOW, config: memoryConfig });
    expect(answer.sources[0]).toEqual({ name: 'Literal', ok: true, count: 25 });
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(fetchSpy.mock.calls[0]?.[0]).toBe('https://93.184.216.34/feed.xml');
    expect(fetchSpy.mock.calls[0]?.[1]?.redirect).toBe('manual');
  });
});

describe('mergeStories', () => {
  const story = (id: string, url: string, hour: number, image?: string): Story => ({
    id,
    title: `Story ${id}`,
    summary: '',
    source: 'S',
    url,
    published_at: new Date(Date.UTC(2025, 5, 1, hour)).toISOString(),
    category: 'World',
    ...(image === undefined ? {} : { image }),
  });

  it('keeps one story per URL, the first source\'s, borrowing a later source\'s image when it has none', () => {
    const first = [story('a', 'https://x.example/1', 1), story('b', 'https://x.example/2', 2, 'https://x.example/b.jpg')];
    const second = [story('c', 'https://x.example/1', 3, 'https://y.example/c.jpg'), story('d', 'https://x.example/2', 4, 'https://y.example/d.jpg')];
    const merged = mergeStories([first, second], 10);
    expect(merged.map((kept) => [kept.id, kept.image])).toEqual([
      ['b', 'https://x.example/b.jpg'],
      ['a', 'https://y.example/c.jpg'],
    ]);
    expect(first[0]?.image).toBeUndefined(); // the source's own story is not changed
  });

  it('keeps the first story of an id, whatever the URL of a later one', () => {
    const merged = mergeStories([[story('a', 'https://x.example/1', 1)], [story('a', 'https://x.example/other', 5)]], 10);
    expect(merged.map((kept) => kept.url)).toEqual(['https://x.example/1']);
  });

  it('matches URLs in their canonical form', () => {
    const merged = mergeStories([[story('a', 'https://x.example/1?utm_source=rss', 1)], [story('b', 'https://x.example/1', 2)]], 10);
    expect(merged.map((kept) => kept.id)).toEqual(['a']);
  });

  it('orders newest first and keeps at most `max`', () => {
    const stories = [1, 5, 3, 4, 2].map((hour) => story(`s${hour}`, `https://x.example/${hour}`, hour));
    expect(mergeStories([stories], 3).map((kept) => kept.id)).toEqual(['s5', 's4', 's3']);
    expect(mergeStories([stories], 0)).toEqual([]);
  });
});

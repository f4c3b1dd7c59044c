import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
// The ingest's fetch stage (supabase/functions/_shared/ingest/refresh.ts): every source fetched and
// parsed within one deadline and one parse budget, each result handed on when its source is done.
// What the stored stories look like after a whole ingest is in tests/store/ingest.test.ts.
import { refreshSources, type SourceResult } from '../../supabase/functions/_shared/ingest/refresh.ts';
import { DEFAULT_INGEST_CONFIG } from '../../supabase/functions/_shared/ingest/config.ts';
import type { Connector, Resolver } from '../../supabase/functions/_shared/net/guard.ts';
import type { Source } from '../../supabase/functions/_shared/stories/sources-file.ts';
import { type FeedServer, startFeedServer } from './helpers/feed-server.ts';
import { FIXTURES_DIR } from './helpers/paths.ts';
import { refresh } from './helpers/refresh.ts';
import { syntheticRss } from './helpers/synthetic-feed.ts';

const NOW = new Date('2026-01-01T12:00:00Z');
let server: FeedServer;

// The feeds are on loopback: allowed as NEWS_ALLOW_LOOPBACK=1 allows them.
const deps = () => ({ now: () => NOW, config: { ...DEFAULT_INGEST_CONFIG, timeoutMs: 2_000, allowLoopback: true, parseBudgetMs: 5_000, refreshParseBudgetMs: 30_000 } });

beforeAll(async () => {
  server = await startFeedServer();
  const serveFile = (path: string, file: string, type: string) => server.serve(path, readFileSync(file), type);
  serveFile('/hn.xml', join(FIXTURES_DIR, 'hackernews-frontpage.rss2.xml'), 'application/rss+xml');
  serveFile('/heise.atom', join(FIXTURES_DIR, 'heise-developer.atom.xml'), 'application/atom+xml; charset=utf-8');
  server.route('/moved.xml', (_request, response) => response.writeHead(301, { location: '/hn.xml' }).end());
});

afterAll(() => server.close());

const source = (name: string, path: string, category = 'World'): Source => ({ name, url: server.url(path), category });

describe('a refresh over loopback feeds', () => {
  it('gives the same ids on every fetch, so bookmarks survive refreshes', async () => {
    const sources = [source('Hacker News', '/hn.xml'), source('heise', '/heise.atom')];
    const first = await refresh(sources, deps());
    const second = await refresh(sources, { ...deps(), now: () => new Date('2026-02-02T00:00:00Z') });
    expect(second.stories.map((story) => story.id)).toEqual(first.stories.map((story) => story.id));
  });

  it('follows redirects and resolves relative links against the final URL', async () => {
    const answer = await refresh([source('Moved', '/moved.xml')], deps());
    expect(answer.sources[0]).toEqual({ name: 'Moved', ok: true, count: 25 });
  });
});

// The rest runs without sockets: an injected resolver, and connectors that answer from memory.
const publicResolve: Resolver = async () => ['93.184.216.34'];
const memorySource = (name: string): Source => ({ name, url: `https://${name.toLowerCase()}.example/feed.xml`, category: 'World' });
const feedAnswer = (name: string, count = 30) => new Response(syntheticRss(name.toLowerCase(), count), { headers: { 'content-type': 'application/rss+xml' } });
const memoryConfig = { ...DEFAULT_INGEST_CONFIG, parseBudgetMs: 5_000, refreshParseBudgetMs: 30_000 };

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

describe('a refresh: the refresh deadline', () => {
  it('answers at the deadline, aborts the fetches still open, and never starts the sources still waiting for a slot', async () => {
    const fast = memorySource('Fast');
    const { connect, requested, signals } = hangingNet({ [fast.url]: feedAnswer('Fast') });
    const log: string[] = [];
    const sources = [fast, memorySource('Hang'), memorySource('Queued')];
    const answer = await refresh(sources, {
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
    const answer = await refresh([memorySource('Hang')], { now: () => NOW, config: { ...memoryConfig, timeoutMs: 60_000, deadlineMs: 30 }, resolve: publicResolve, connect });
    expect(answer.sources).toEqual([{ name: 'Hang', ok: false, count: 0, error: 'timeout' }]);
  });

  it('leaves no timer running once every source has answered', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const answer = await refresh([memorySource('Fast')], {
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
      const answer = await refresh([memorySource('Big')], {
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

describe('a refresh: parse budgets', () => {
  it('lets a parse that reaches the deadline exactly, but not past it, finish', async () => {
    // The wall clock stands still, then sits exactly on the deadline once the feed has answered.
    const base = performance.now();
    let late = 0;
    const clock = vi.spyOn(performance, 'now').mockImplementation(() => base + late);
    try {
      const answer = await refresh([memorySource('Big')], {
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
      const answer = await refresh([memorySource('Small')], {
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
      const answer = await refresh([memorySource('Small')], {
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
    const answer = await refresh([memorySource('Big')], {
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
    const answer = await refresh([memorySource('Small')], {
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

describe('a refresh: parse budgets where process.cpuUsage() always reads 0 (Supabase\'s hosted Edge Runtime)', () => {
  it('counts wall time instead: a slow feed is still stopped at 200 ms, and the refresh\'s parses at 1 s', async () => {
    // A slow machine: every look at the wall clock finds 1 ms more passed. Each step of a parse looks twice.
    let wall = 0;
    const clock = vi.spyOn(performance, 'now').mockImplementation(() => ++wall);
    const cpu = vi.spyOn(process, 'cpuUsage').mockReturnValue({ user: 0, system: 0 });
    const log: string[] = [];
    const sources = [memorySource('Small'), ...['1', '2', '3', '4', '5', '6'].map((n) => memorySource(`Big${n}`))];
    try {
      const answer = await refresh(sources, {
        now: () => NOW,
        config: { ...DEFAULT_INGEST_CONFIG, maxConcurrentFetches: 1 },
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

describe('a refresh: the runtime defaults', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('resolves names with Deno.resolveDns when no resolver is given (none on Node: network_error)', async () => {
    const log: string[] = [];
    const answer = await refresh([memorySource('Named')], { now: () => NOW, config: memoryConfig, connect: async () => feedAnswer('Named'), log: (line) => log.push(line) });
    expect(answer.sources[0]).toEqual({ name: 'Named', ok: false, count: 0, error: 'network_error' });
    expect(log[0]).toContain('no DNS resolver on this runtime');
  });

  it('connects with the runtime\'s fetch, redirects left to itself, when no connector is given', async () => {
    const fetchSpy = vi.fn(async (_url: string, _init: RequestInit) => feedAnswer('Literal'));
    vi.stubGlobal('fetch', fetchSpy);
    const answer = await refresh([{ name: 'Literal', url: 'https://93.184.216.34/feed.xml', category: 'World' }], { now: () => NOW, config: memoryConfig });
    expect(answer.sources[0]).toEqual({ name: 'Literal', ok: true, count: 25 });
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(fetchSpy.mock.calls[0]?.[0]).toBe('https://93.184.216.34/feed.xml');
    expect(fetchSpy.mock.calls[0]?.[1]?.redirect).toBe('manual');
  });
});

describe('a refresh: each source handed on as soon as it is done', () => {
  it('hands on a fast source while a slow one is still fetching, and resolves once both are handed on', async () => {
    const events: string[] = [];
    const connect: Connector = async ({ url }) => {
      if (url.startsWith('https://slow.')) {
        await new Promise((resolve) => setTimeout(resolve, 300));
        events.push('Slow answered');
      }
      return feedAnswer(url.startsWith('https://slow.') ? 'Slow' : 'Fast', 3);
    };
    const results = await refreshSources([{ source: memorySource('Slow') }, { source: memorySource('Fast') }], { now: () => NOW, config: memoryConfig, resolve: publicResolve, connect }, async (result, index) => {
      events.push(`${result.status.name} handed on as source ${index}`);
    });
    expect(events).toEqual(['Fast handed on as source 1', 'Slow answered', 'Slow handed on as source 0']);
    expect(results.map((result) => result.status)).toEqual([
      { name: 'Slow', ok: true, count: 3 },
      { name: 'Fast', ok: true, count: 3 },
    ]);
  });

  it('hands on a timeout at the deadline for a source that never answered', async () => {
    const { connect } = hangingNet();
    const handedOn: SourceResult[] = [];
    await refreshSources([{ source: memorySource('Hang') }], { now: () => NOW, config: { ...memoryConfig, timeoutMs: 60_000, deadlineMs: 50 }, resolve: publicResolve, connect }, async (result) => {
      handedOn.push(result);
    });
    expect(handedOn.map((result) => result.status)).toEqual([{ name: 'Hang', ok: false, count: 0, error: 'timeout' }]);
  });

  it('fails with the error of a hand-on that failed, once every other source has been handed on', async () => {
    const handedOn: string[] = [];
    const refreshing = refreshSources(
      [{ source: memorySource('Broken') }, { source: memorySource('Fine') }],
      { now: () => NOW, config: memoryConfig, resolve: publicResolve, connect: async ({ url }) => feedAnswer(url.startsWith('https://broken.') ? 'Broken' : 'Fine', 2) },
      async (result) => {
        if (result.status.name === 'Broken') throw new Error('the store refused Broken');
        await new Promise((resolve) => setTimeout(resolve, 50));
        handedOn.push(result.status.name);
      },
    );
    await expect(refreshing).rejects.toThrow('the store refused Broken');
    expect(handedOn).toEqual(['Fine']);
  });

  it('says how long each server and feed declare their answer fresh: Cache-Control max-age, Expires, RSS <ttl>', async () => {
    const rss = (ttl: string) => `<?xml version="1.0"?><rss version="2.0"><channel><title>t</title>${ttl}<item><title>One</title><link>https://x.example/1</link></item></channel></rss>`;
    const answers: Record<string, () => Response> = {
      'https://maxage.example/feed.xml': () => new Response(rss(''), { headers: { 'cache-control': 'public, max-age=1800', age: '600' } }),
      'https://expires.example/feed.xml': () => new Response(rss(''), { headers: { date: 'Thu, 01 Jan 2026 12:00:00 GMT', expires: 'Thu, 01 Jan 2026 12:30:00 GMT' } }),
      'https://ttl.example/feed.xml': () => new Response(rss('<ttl>90</ttl>')),
      'https://silent.example/feed.xml': () => new Response(rss('<ttl>soon</ttl>')),
    };
    const results = await refreshSources(
      ['MaxAge', 'Expires', 'Ttl', 'Silent'].map((name) => ({ source: memorySource(name) })),
      { now: () => NOW, config: memoryConfig, resolve: publicResolve, connect: async ({ url }) => (answers[url] as () => Response)() },
    );
    expect(results.map((result) => [result.status.name, result.freshForMs, result.ttlMinutes])).toEqual([
      ['MaxAge', 1_200_000, undefined],
      ['Expires', 1_800_000, undefined],
      ['Ttl', undefined, 90],
      ['Silent', undefined, undefined],
    ]);
  });
});

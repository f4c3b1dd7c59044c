// The real functions on Deno, started the way `npm run functions` starts them (a fresh embedded
// store, one ingest of the loopback feeds), fetch-news called through supabase-js like the page does.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewsAnswer } from '../../supabase/functions/_shared/story.ts';
import { type FeedServer, startFeedServer } from './helpers/feed-server.ts';
import { freePort, INGEST_DONE, runScript, type RunningScript, waitForOutput } from './helpers/function-process.ts';
import { FIXTURES_DIR } from './helpers/paths.ts';

class NoWebSocket {
  constructor() {
    throw new Error('realtime is not used by these tests');
  }
}

let feeds: FeedServer;
let fn: RunningScript;
let endpoint = '';
let base = '';
let feedRequests = 0;

beforeAll(async () => {
  feeds = await startFeedServer();
  const hn = readFileSync(join(FIXTURES_DIR, 'hackernews-frontpage.rss2.xml'));
  feeds.route('/hn.xml', (_request, response) => {
    feedRequests++;
    response.writeHead(200, { 'content-type': 'application/rss+xml' }).end(hn);
  });
  feeds.serve('/heise.atom', readFileSync(join(FIXTURES_DIR, 'heise-developer.atom.xml')), 'application/atom+xml');
  feeds.serve('/bomb.xml', readFileSync(join(FIXTURES_DIR, 'billion-laughs.xml')));
  feeds.route('/loop', (_request, response) => response.writeHead(302, { location: '/loop' }).end());
  feeds.route('/moved', (_request, response) => response.writeHead(301, { location: '/heise.atom' }).end());

  const dir = mkdtempSync(join(tmpdir(), 'fetch-news-e2e-'));
  const sourcesFile = join(dir, 'sources.json');
  writeFileSync(
    sourcesFile,
    JSON.stringify([
      { name: 'Hacker News', url: feeds.url('/hn.xml'), category: 'Technology' },
      { name: 'heise developer', url: feeds.url('/moved'), category: 'Technology' },
      { name: 'Bomb', url: feeds.url('/bomb.xml'), category: 'World' },
      { name: 'Loop', url: feeds.url('/loop'), category: 'World' },
    ]),
  );
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  endpoint = `${base}/functions/v1/fetch-news`;
  // The fixture feeds are on loopback, which the function refuses unless told otherwise.
  fn = runScript('functions.mjs', { FUNCTIONS_PORT: String(port), NEWS_SOURCES_FILE: sourcesFile, NEWS_ALLOW_LOOPBACK: '1' });
  await waitForOutput(fn, `listening on ${endpoint}`, 120_000);
  await waitForOutput(fn, INGEST_DONE, 60_000);
}, 200_000);

afterAll(async () => {
  await fn?.stop();
  await feeds?.close();
});

describe('fetch-news on Deno (npm run functions)', () => {
  it('answers supabase-js functions.invoke with the loopback feeds’ stories', async () => {
    const supabase = createClient(base, 'local-anon-key', {
      auth: { persistSession: false, autoRefreshToken: false },
      // Node 20 has no WebSocket and the realtime client insists on one; it is never used here.
      realtime: { transport: NoWebSocket as unknown as typeof WebSocket },
    });
    const { data, error } = await supabase.functions.invoke<NewsAnswer>('fetch-news');
    expect(error).toBeNull();
    expect(data?.stories).toHaveLength(40);
    expect(data?.sources).toEqual([
      { name: 'Hacker News', ok: true, count: 25 },
      { name: 'heise developer', ok: true, count: 15 },
      { name: 'Bomb', ok: false, count: 0, error: 'invalid_xml' },
      { name: 'Loop', ok: false, count: 0, error: 'network_error' },
    ]);
    const story = data?.stories[0];
    expect(Object.keys(story ?? {}).sort()).toEqual(
      expect.arrayContaining(['category', 'id', 'published_at', 'source', 'summary', 'title', 'url']),
    );
  }, 15_000);

  it('answers from the store: more calls fetch no feed, and give the same ingest time', async () => {
    const before = feedRequests;
    const first = await fetch(endpoint, { method: 'POST' });
    const second = await fetch(endpoint);
    const [a, b] = [(await first.json()) as NewsAnswer, (await second.json()) as NewsAnswer];
    expect(b.generated_at).toBe(a.generated_at);
    expect(feedRequests).toBe(before);
    expect(second.headers.get('cache-control')).toMatch(/^public, max-age=(2\d\d|300), s-maxage=\d+, stale-while-revalidate=300$/);
  });

  it('answers a search and a malformed parameter', async () => {
    const search = (await (await fetch(`${endpoint}?q=${encodeURIComponent('heise')}`)).json()) as NewsAnswer;
    expect(search.stories.length).toBeGreaterThan(0);
    const bad = await fetch(`${endpoint}?before=nonsense`);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'invalid_cursor' });
  });

  it('serves ingest-news beside it, to no caller without the ingest secret', async () => {
    const before = feedRequests;
    const refused = await fetch(`${base}/functions/v1/ingest-news?all=1`, { method: 'POST' });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ error: 'unauthorized' });
    expect(feedRequests).toBe(before);
  });

  it('answers the CORS preflight and refuses other methods with 405', async () => {
    const preflight = await fetch(endpoint, {
      method: 'OPTIONS',
      headers: { origin: 'http://127.0.0.1:5173', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, x-client-info, apikey, content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('x-client-info');
    const put = await fetch(endpoint, { method: 'PUT' });
    expect(put.status).toBe(405);
    expect(await put.json()).toEqual({ error: 'method PUT not allowed' });
    const elsewhere = await fetch(`${base}/functions/v1/other`);
    expect(elsewhere.status).toBe(404);
  });
});

describe('npm run functions without NEWS_ALLOW_LOOPBACK', () => {
  it('refuses the same loopback feeds as blocked_address, with the reason in its log only', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fetch-news-noloop-'));
    const file = join(dir, 'sources.json');
    writeFileSync(file, JSON.stringify([{ name: 'Hacker News', url: feeds.url('/hn.xml'), category: 'Technology' }]));
    const port = await freePort();
    const strict = runScript('functions.mjs', { FUNCTIONS_PORT: String(port), NEWS_SOURCES_FILE: file, NEWS_ALLOW_LOOPBACK: '0' });
    try {
      await waitForOutput(strict, `listening on http://127.0.0.1:${port}/functions/v1/fetch-news (1 sources)`, 120_000);
      await waitForOutput(strict, INGEST_DONE, 30_000);
      const before = feedRequests;
      const answer = (await (await fetch(`http://127.0.0.1:${port}/functions/v1/fetch-news`)).json()) as NewsAnswer;
      expect(answer.sources).toEqual([{ name: 'Hacker News', ok: false, count: 0, error: 'blocked_address' }]);
      expect(feedRequests).toBe(before);
      await waitForOutput(strict, 'blocked_address: 127.0.0.1 is 127.0.0.1: loopback (127.0.0.0/8)');
    } finally {
      await strict.stop();
    }
  }, 200_000);
});

describe('npm run functions refuses to start', () => {
  it('with an invalid sources file, saying what is wrong', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fetch-news-bad-'));
    const file = join(dir, 'sources.json');
    writeFileSync(file, JSON.stringify([{ name: 'No URL', category: 'World' }]));
    const bad = runScript('functions.mjs', { FUNCTIONS_PORT: String(await freePort()), NEWS_SOURCES_FILE: file });
    expect(await bad.exited).not.toBe(0);
    expect(bad.output()).toContain(`invalid sources file: ${file}: entry 0: "url" must be a non-empty string`);
  }, 200_000);

  it('when the port is taken, saying so', async () => {
    const port = Number(new URL(base).port);
    const second = runScript('functions.mjs', { FUNCTIONS_PORT: String(port) });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`Port ${port} on 127.0.0.1 is already in use`);
  });
});

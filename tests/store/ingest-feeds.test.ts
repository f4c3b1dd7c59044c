// Real feeds through a whole ingest into the store, and out again as fetch-news answers them: the
// stories a reader gets from RSS 2.0, RSS 1.0 and Atom sources, one per article, grouped, newest first.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHandler } from '../../supabase/functions/_shared/http/fetch-news.ts';
import { DEFAULT_INGEST_CONFIG, type IngestConfig } from '../../supabase/functions/_shared/ingest/config.ts';
import type { Connector } from '../../supabase/functions/_shared/net/guard.ts';
import type { NewsAnswer } from '../../supabase/functions/_shared/story.ts';
import type { Source } from '../../supabase/functions/_shared/stories/sources-file.ts';
import { type FeedServer, startFeedServer } from '../function/helpers/feed-server.ts';
import { corpusDir, FIXTURES_DIR } from '../function/helpers/paths.ts';
import { syntheticRss } from '../function/helpers/synthetic-feed.ts';
import { ingestGrouped, openTestStore, type TestStore } from './helpers.ts';

const NOW = new Date('2026-01-01T12:00:00Z');
const STORY_KEYS = ['category', 'id', 'published_at', 'source', 'summary', 'title', 'url'];
let store: TestStore;
let server: FeedServer;

// The feeds are on loopback: allowed as NEWS_ALLOW_LOOPBACK=1 allows them.
const deps = (config: Partial<IngestConfig> = {}) => ({
  now: () => NOW,
  config: { ...DEFAULT_INGEST_CONFIG, timeoutMs: 2_000, allowLoopback: true, parseBudgetMs: 5_000, refreshParseBudgetMs: 30_000, ...config },
});

beforeAll(async () => {
  store = await openTestStore();
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
}, 120_000);
afterAll(async () => {
  await server?.close();
  await store?.stop();
});
beforeEach(() => store.reset());

const source = (name: string, path: string, category = 'World'): Source => ({ name, url: server.url(path), category });

async function answer(): Promise<NewsAnswer> {
  const response = await createHandler({ sql: store.sql, now: () => NOW })(new Request('http://127.0.0.1/functions/v1/fetch-news'));
  return (await response.json()) as NewsAnswer;
}

function expectWellFormed(news: NewsAnswer): void {
  const ids = new Set<string>();
  let previous = Infinity;
  for (const story of news.stories) {
    const keys = Object.keys(story).filter((key) => key !== 'image' && key !== 'related').sort();
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

describe('an ingest of real feeds, as fetch-news then answers', () => {
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
    await ingestGrouped(store.sql, sources, deps());
    const news = await answer();
    expectWellFormed(news);
    expect(news.generated_at).toBe(NOW.toISOString());
    expect(news.sources).toEqual([
      { name: 'Hacker News', ok: true, count: 25 },
      { name: 'heise', ok: true, count: 15 },
      { name: 'UOL', ok: true, count: 15 },
      { name: 'NASA', ok: true, count: 3 }, // the spec sample's untitled item is dropped
      { name: 'Golem', ok: true, count: 1 },
      { name: 'Guardian', ok: true, count: 25 },
      { name: 'CNN', ok: true, count: 25 },
      { name: 'TPM', ok: true, count: 20 },
    ]);
    expect(news.stories).toHaveLength(129);
    const uol = news.stories.find((story) => story.source === 'UOL');
    expect(uol?.title).toMatch(/ç|ã|é|º/);
    const guardian = news.stories.filter((story) => story.source === 'Guardian');
    expect(guardian.every((story) => story.category === 'World' && story.image?.includes('w=460'))).toBe(true);
    const cnn = news.stories.filter((story) => story.source === 'CNN');
    // CNN items without a date of their own take the channel's date.
    expect(cnn.some((story) => story.published_at === '2023-04-05T22:50:25.000Z')).toBe(true);
  });

  it('keeps the same articles published by two sources once, the first source to report them', async () => {
    // One fetch at a time: First reports them first.
    await ingestGrouped(store.sql, [source('First', '/hn.xml'), source('Second', '/hn.xml?again')], deps({ maxConcurrentFetches: 1 }));
    const news = await answer();
    expect(news.sources.map((s) => s.count)).toEqual([25, 25]);
    expect(news.stories).toHaveLength(25);
    expect(news.stories.every((story) => story.source === 'First')).toBe(true);
  });

  it('keeps 25 per source and answers 200 a page', async () => {
    await ingestGrouped(store.sql, Array.from({ length: 10 }, (_, i) => source(`Site ${i}`, `/synthetic-${i}.xml`)), deps());
    const news = await answer();
    expect(news.sources.every((s) => s.ok && s.count === 25)).toBe(true);
    expect(news.stories).toHaveLength(200);
    expect(typeof news.next).toBe('string');
    expectWellFormed(news);
  });
});

describe('one story per article, across sources (docs/product.md#from-items-to-stories)', () => {
  const rss = (items: readonly (readonly [title: string, link: string, date: string, image?: string])[]) =>
    `<?xml version="1.0"?><rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><title>t</title>${items
      .map(
        ([title, link, date, image]) =>
          `<item><title>${title}</title><link>${link}</link><pubDate>${new Date(date).toUTCString()}</pubDate>${image ? `<media:content url="${image}" medium="image"/>` : ''}</item>`,
      )
      .join('')}</channel></rss>`;

  /** Feeds answered from memory; a public-looking address passes the network rules, and nothing is ever sent anywhere. */
  const run = async (feeds: Record<string, string>, config: Partial<IngestConfig> = {}) => {
    const connect: Connector = async ({ url }) =>
      feeds[url] === undefined ? new Response('', { status: 404 }) : new Response(feeds[url], { headers: { 'content-type': 'application/rss+xml' } });
    const sources = Object.keys(feeds).map((url) => ({ name: new URL(url).hostname.split('.')[0] ?? url, url, category: 'World' }));
    await ingestGrouped(store.sql, sources, { now: () => new Date('2026-03-02T00:00:00Z'), config: { ...DEFAULT_INGEST_CONFIG, ...config }, resolve: async () => ['93.184.215.14'], connect });
    return answer();
  };

  it('merges one article from two sources by canonical URL, the first source winning and taking the other\'s image', async () => {
    const news = await run(
      {
        'https://first.example/feed': rss([['A report', 'https://news.example/story?utm_source=rss', '2026-03-01T05:00:00Z']]),
        'https://second.example/feed': rss([['The same report', 'https://NEWS.example/story/#top', '2026-03-01T06:00:00Z', 'https://img.example/1.jpg']]),
      },
      { maxConcurrentFetches: 1 },
    );
    expect(news.stories.map((story) => [story.source, story.title, story.image])).toEqual([['first', 'A report', 'https://img.example/1.jpg']]);
  });

  it('lists the stories of all sources newest first, equal dates by id, highest first', async () => {
    const news = await run({
      'https://first.example/feed': rss([
        ['Old', 'https://x.example/1', '2026-03-01T01:00:00Z'],
        ['Same one', 'https://x.example/2', '2026-03-01T03:00:00Z'],
      ]),
      'https://second.example/feed': rss([
        ['New', 'https://x.example/3', '2026-03-01T09:00:00Z'],
        ['Same two', 'https://x.example/4', '2026-03-01T03:00:00Z'],
      ]),
    });
    expect(news.stories.map((story) => story.title)).toEqual(['New', expect.stringMatching(/^Same/), expect.stringMatching(/^Same/), 'Old']);
    const tied = news.stories.slice(1, 3).map((story) => story.id);
    expect(tied).toEqual([...tied].sort().reverse());
  });

  it('carries a group as one story with related, newest first by the representative’s date', async () => {
    const news = await run({
      'https://gazette.example/feed': rss([
        ['Harbour bridge reopens after storm repairs finish early', 'https://gazette.example/bridge', '2026-03-01T09:00:00Z'],
        ['Council approves budget for new library wing', 'https://gazette.example/library', '2026-03-01T20:00:00Z'],
      ]),
      'https://courier.example/feed': rss([['Storm repairs finish early as harbour bridge reopens to traffic', 'https://courier.example/bridge', '2026-03-01T15:00:00Z']]),
    });
    expect(news.stories.map((s) => [s.url, s.related])).toEqual([
      ['https://gazette.example/library', undefined],
      ['https://gazette.example/bridge', [{ source: 'courier', url: 'https://courier.example/bridge' }]],
    ]);
    expect(news.sources.map((s) => s.count)).toEqual([2, 1]);
  });
});

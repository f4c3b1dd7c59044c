import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aggregate } from '../../supabase/functions/fetch-news/lib/aggregate.ts';
import { DEFAULT_AGGREGATE_CONFIG } from '../../supabase/functions/fetch-news/lib/config.ts';
import type { NewsAnswer, Source } from '../../supabase/functions/fetch-news/lib/types.ts';
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

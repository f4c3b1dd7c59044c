// fetch-news's `?story=<id>` on Deno, started as `npm run functions` starts it (a fresh embedded
// store, one ingest), called through supabase-js: two outlets' fixture feeds that report one event.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewsAnswer, StoryCoverage } from '../../supabase/functions/_shared/story.ts';
import { type FeedServer, startFeedServer } from './helpers/feed-server.ts';
import { freePort, INGEST_DONE, runScript, type RunningScript, waitForOutput } from './helpers/function-process.ts';
import { FIXTURES_DIR } from './helpers/paths.ts';

class NoWebSocket {
  constructor() {
    throw new Error('realtime is not used by these tests');
  }
}

const BRIDGE = 'Harbour bridge reopens after storm repairs finish early';
const BOOK_FAIR = 'افتتاح معرض الكتاب في المدينة القديمة';

let feeds: FeedServer;
let fn: RunningScript;
let base = '';
let supabase: SupabaseClient;

beforeAll(async () => {
  feeds = await startFeedServer();
  const fixture = (file: string) => readFileSync(join(FIXTURES_DIR, file), 'utf8').replaceAll('{{ORIGIN}}', feeds.origin);
  feeds.serve('/gazette.xml', fixture('reader-harbour-gazette.rss2.xml'));
  feeds.serve('/courier.atom', fixture('reader-coastline-courier.atom.xml'), 'application/atom+xml');
  const sourcesFile = join(mkdtempSync(join(tmpdir(), 'story-call-')), 'sources.json');
  writeFileSync(
    sourcesFile,
    JSON.stringify([
      { name: 'Harbour Gazette', url: feeds.url('/gazette.xml'), category: 'World' },
      { name: 'Coastline Courier', url: feeds.url('/courier.atom'), category: 'World' },
    ]),
  );
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  fn = runScript('functions.mjs', { FUNCTIONS_PORT: String(port), NEWS_SOURCES_FILE: sourcesFile, NEWS_ALLOW_LOOPBACK: '1' });
  await waitForOutput(fn, `listening on ${base}/functions/v1/fetch-news`, 120_000);
  await waitForOutput(fn, INGEST_DONE, 60_000);
  supabase = createClient(base, 'local-anon-key', {
    auth: { persistSession: false, autoRefreshToken: false },
    // Node 20 has no WebSocket and the realtime client insists on one; it is never used here.
    realtime: { transport: NoWebSocket as unknown as typeof WebSocket },
  });
}, 200_000);

afterAll(async () => {
  await fn?.stop();
  await feeds?.close();
});

const story = (id: string) => supabase.functions.invoke<StoryCoverage>(`fetch-news?story=${encodeURIComponent(id)}`, { method: 'GET' });

async function firstPage(): Promise<NewsAnswer> {
  const { data, error } = await supabase.functions.invoke<NewsAnswer>('fetch-news', { method: 'GET' });
  if (error || !data) throw new Error(`the first page failed: ${String(error)}`);
  return data;
}

async function refusal(id: string): Promise<[number, unknown]> {
  const { data, error } = await story(id);
  expect(data).toBeNull();
  if (!(error instanceof FunctionsHttpError)) throw new Error(`expected an HTTP error, got ${String(error)}`);
  const response = error.context as Response;
  return [response.status, await response.json()];
}

describe('fetch-news ?story= on Deno, through supabase-js', () => {
  it('answers the grouped story with its related link and both outlets\' reports, earliest first, and a member with the same', async () => {
    const page = await firstPage();
    const lead = page.stories.find((s) => s.title === BRIDGE);
    if (!lead) throw new Error(`"${BRIDGE}" is not on the first page`);
    const { data, error } = await story(lead.id);
    expect(error).toBeNull();
    const origin = feeds.origin;
    expect(data).toEqual({
      story: {
        id: lead.id,
        title: BRIDGE,
        summary: 'Crews finished a week ahead of plan, and the first buses crossed at dawn.',
        source: 'Harbour Gazette',
        url: `${origin}/gazette/bridge-reopens`,
        published_at: '2025-06-08T09:00:00.000Z',
        category: 'World',
        related: [{ source: 'Coastline Courier', url: `${origin}/courier/bridge-traffic` }],
      },
      reports: [
        { id: lead.id, title: BRIDGE, summary: 'Crews finished a week ahead of plan, and the first buses crossed at dawn.', source: 'Harbour Gazette', url: `${origin}/gazette/bridge-reopens`, published_at: '2025-06-08T09:00:00.000Z' },
        {
          id: expect.any(String),
          title: 'Storm repairs finish early as harbour bridge reopens to traffic',
          summary: 'Commuters returned to the crossing on Sunday after months of detours.',
          source: 'Coastline Courier',
          url: `${origin}/courier/bridge-traffic`,
          published_at: '2025-06-08T15:00:00.000Z',
        },
      ],
      generated_at: page.generated_at,
    });
    const member = data?.reports[1]?.id ?? '';
    expect(member).not.toBe(lead.id);
    expect(page.stories.map((s) => s.id)).not.toContain(member);
    expect((await story(member)).data).toEqual(data);
  });

  it('answers a story standing alone with one report from one outlet', async () => {
    const alone = (await firstPage()).stories.find((s) => s.title === BOOK_FAIR);
    if (!alone) throw new Error('the Arabic story is not on the first page');
    const { data } = await story(alone.id);
    expect(data?.story).toEqual(alone);
    expect(data?.reports).toEqual([{ id: alone.id, title: BOOK_FAIR, summary: 'يستمر المعرض أسبوعين ويضم أكثر من مئتي دار نشر.', source: 'Coastline Courier', url: `${feeds.origin}/courier/book-fair`, published_at: '2025-06-08T12:00:00.000Z' }]);
  });

  it('answers an unknown id 404 not_found and a malformed one 400 invalid_id', async () => {
    expect(await refusal('sample-1')).toEqual([404, { error: 'not_found' }]);
    expect(await refusal('a b')).toEqual([400, { error: 'invalid_id' }]);
    expect(await refusal('x'.repeat(129))).toEqual([400, { error: 'invalid_id' }]);
  });

  it('answers If-None-Match with the answer\'s tag 304', async () => {
    const lead = (await firstPage()).stories.find((s) => s.title === BRIDGE);
    const url = `${base}/functions/v1/fetch-news?story=${lead?.id}`;
    const headers = { apikey: 'local-anon-key', Authorization: 'Bearer local-anon-key' };
    const first = await fetch(url, { headers });
    await first.arrayBuffer();
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^W\/"v2-/);
    expect(first.headers.get('cache-control')).toMatch(/^public, max-age=\d+, s-maxage=\d+, stale-while-revalidate=300$/);
    const again = await fetch(url, { headers: { ...headers, 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });
});

/**
 * What a reader keeps and can reach, against the real fetch-news on its own embedded store
 * (docs/product.md#saved-stories-last, #older-stories, #the-last-30-days): this file's fixture
 * feeds hold more than 200 stories, and a second ingest of a changed feed pushes a saved story
 * out of the newest 200.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { join } from 'node:path';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, INGEST_DONE, runScript, waitForOutput, type RunningScript } from '../function/helpers/function-process.ts';
import { feedDocument, type FixtureSource, type FixtureStory } from './support/feeds.ts';
import { useHarness } from './support/harness.ts';
import { FUNCTION_PATH, SITE } from './support/paths.ts';
import { eventually, openHomeWithStories, savedToggle, searchBox, storyCard } from './support/site.ts';

const h = useHarness();

/** Eight sources of 25 stories (the function takes 25 a source a fetch): 200, one hour apart, newest first. */
const WIRES = 8;
const PER_SOURCE = 25;
const NEWEST = Date.parse('2026-11-20T12:00:00.000Z');
const hoursBefore = (start: number, hours: number) => new Date(start - hours * 3_600_000).toISOString();

/** The oldest of the 200: on the first page at first, past it once the late stories arrive. */
const KEEPER = 'Zanzibar lighthouse keeper retires';

// Titles that share one term only, so the grouping (docs/grouping.md: 2 shared terms) keeps each a story of its own.
function wireStory(index: number): FixtureStory {
  const title = index === WIRES * PER_SOURCE - 1 ? KEEPER : `Dispatch ${index}`;
  return { title, summary: `Dispatch ${index} from the wire.`, path: `/wire/${index}`, published: hoursBefore(NEWEST, index) };
}

const sources: FixtureSource[] = [
  ...Array.from({ length: WIRES }, (_, wire): FixtureSource => ({
    name: `Wire ${wire + 1}`,
    category: 'World',
    feed: `/feeds/wire-${wire + 1}.rss`,
    format: 'rss2',
    stories: Array.from({ length: PER_SOURCE }, (_, k) => wireStory(wire * PER_SOURCE + k)),
  })),
  // Empty at first; the second ingest finds 25 stories newer than all the others.
  { name: 'Late Wire', category: 'Science', feed: '/feeds/late.rss', format: 'rss2', stories: [] },
];
const lateWire = sources.at(-1)!;
const LATE_STORIES: FixtureStory[] = Array.from({ length: PER_SOURCE }, (_, k) => ({
  title: `Late bulletin ${k}`,
  summary: `A later dispatch, number ${k}.`,
  path: `/late/${k}`,
  published: hoursBefore(NEWEST, -(PER_SOURCE - k)),
}));

let server: Server;
let fn: RunningScript;
let storeDir: string;
const sockets = new Set<Socket>();

/** Opens the home page again without the stories kept by the last visit, so the live answer shows at once. */
async function visitAgain(page: Page, path = '/'): Promise<void> {
  await page.evaluate(() => localStorage.removeItem('newsLastFeed'));
  await page.goto(`${SITE}${path}`);
}

async function ingestAgain(): Promise<void> {
  const ingest = runScript('ingest.mjs', { NEWS_STORE_DIR: storeDir });
  expect(await ingest.exited).toBe(0);
}

beforeAll(async () => {
  let origin = '';
  server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://fixture').pathname;
    const source = sources.find((candidate) => candidate.feed === path);
    if (!source) return void response.writeHead(404).end();
    const { body, contentType } = feedDocument(source, origin);
    response.writeHead(200, { 'content-type': contentType }).end(body);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const dir = mkdtempSync(join(tmpdir(), 'news-e2e-memory-'));
  storeDir = join(dir, 'store');
  const sourcesFile = join(dir, 'sources.json');
  writeFileSync(sourcesFile, JSON.stringify(sources.map((source) => ({ name: source.name, url: `${origin}${source.feed}`, category: source.category }))));
  const port = await freePort();
  fn = runScript('functions.mjs', { FUNCTIONS_PORT: String(port), NEWS_SOURCES_FILE: sourcesFile, NEWS_ALLOW_LOOPBACK: '1', NEWS_STORE_DIR: storeDir });
  const endpoint = `http://127.0.0.1:${port}${FUNCTION_PATH}`;
  await waitForOutput(fn, `listening on ${endpoint}`, 120_000);
  await waitForOutput(fn, INGEST_DONE, 60_000);
  h.backend.proxyTo(endpoint);
  return () => rmSync(dir, { recursive: true, force: true });
}, 200_000);

afterAll(async () => {
  await fn?.stop();
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => server?.close(resolve));
});

describe('what a reader keeps and can reach, on the real function and store', () => {
  it('a saved story stays under Saved after its feed moves on (also offline); "Show older stories" and "Search the last 30 days" reach past the newest 200', async () => {
    const { page, context } = await h.open({ expectConsoleErrors: [/Failed to load resource|net::ERR_/] });
    await openHomeWithStories(page);
    // The keeper is the 200th story: the last card of the first page.
    const keeper = storyCard(page, KEEPER);
    await keeper.getByRole('button', { name: 'Bookmark story', exact: true }).click();
    await keeper.getByRole('button', { name: 'Remove bookmark', exact: true }).waitFor();

    // The feed changes: 25 newer stories push the keeper out of the newest 200.
    lateWire.stories = LATE_STORIES;
    await ingestAgain();
    await visitAgain(page);
    await storyCard(page, 'Late bulletin 24').waitFor({ timeout: 20_000 });
    expect(await storyCard(page, KEEPER).count()).toBe(0);

    // Saved: the keeper, from its kept copy (and the store, through ?ids=).
    await savedToggle(page).click();
    await storyCard(page, KEEPER).waitFor();
    await eventually(() => page.getByRole('main').getByRole('article').count()).toBe(1);
    await savedToggle(page).click();

    // Older stories: the page past the first 200 holds the keeper and the 24 wire reports before it.
    const older = page.getByRole('button', { name: 'Show older stories' });
    await older.click();
    await storyCard(page, KEEPER).waitFor({ timeout: 20_000 });
    await storyCard(page, 'Dispatch 175').waitFor();
    await eventually(() => page.getByRole('main').getByRole('article').count()).toBe(WIRES * PER_SOURCE + PER_SOURCE);
    expect(await older.count()).toBe(0);

    // The last 30 days: a fresh page holds only the newest 200, and the search finds the keeper.
    await visitAgain(page);
    await storyCard(page, 'Late bulletin 24').waitFor({ timeout: 20_000 });
    await searchBox(page).fill('zanzibar');
    await page.getByRole('heading', { name: 'No stories found' }).waitFor();
    await page.getByRole('button', { name: 'Search the last 30 days' }).click();
    const found = page.getByRole('region', { name: 'From the last 30 days' });
    await storyCard(found, KEEPER).waitFor({ timeout: 20_000 });
    expect(new URL(page.url()).searchParams.get('archive')).toBe('1');
    await visitAgain(page, '/?q=zanzibar&archive=1');
    await storyCard(page.getByRole('region', { name: 'From the last 30 days' }), KEEPER).waitFor({ timeout: 20_000 });

    // Offline: the kept copy still shows under Saved.
    await visitAgain(page);
    await storyCard(page, 'Late bulletin 24').waitFor({ timeout: 20_000 });
    await h.backend.refuse();
    await context.setOffline(true);
    await savedToggle(page).click();
    await storyCard(page, KEEPER).waitFor();
    await context.setOffline(false);
  });
});

/**
 * Following a story (docs/product.md#following-a-story) in Chromium: follow a card, an ingest
 * adds another outlet's report to its coverage, the next visit shows the notice and "1 new report",
 * "Show" opens the view; and the service worker's push handler shows the notification (DevTools
 * protocol ServiceWorker.deliverPushMessage).
 *
 * End to end on the real functions: this file runs its own fetch-news on Deno with its own embedded
 * store, reading its own copy of the fixture feeds from its own loopback server, so the report it
 * adds to a feed never reaches the other files (they keep the global setup's function and feeds).
 * The `?follow=` calls go through the stand-in backend to that function, unscripted.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, INGEST_DONE, runScript, waitForOutput, type RunningScript } from '../function/helpers/function-process.ts';
import { EXPECTED_STORIES, FIXTURE_SOURCES, type FixtureSource } from './support/feeds.ts';
import { startFixtureServer, type FixtureServer } from './support/fixture-server.ts';
import { useHarness } from './support/harness.ts';
import { deliverPush } from './support/push.ts';
import { FUNCTION_PATH, SITE } from './support/paths.ts';
import { eventually, localStorageItem, openHomeWithStories, storyCard, toast } from './support/site.ts';

const h = useHarness();
/** The newest fixture story (Pitchside, 2025-06-10 18:00): the one followed. */
const FIRST = EXPECTED_STORIES[0]!.title;
const FIRST_PUBLISHED = EXPECTED_STORIES[0]!.published;

/** This file's feeds: a copy of the fixture set, which the test changes. */
const sources: FixtureSource[] = structuredClone(FIXTURE_SOURCES);
/** Another outlet of the set, which publishes a report of the followed story's event. */
const SECOND_OUTLET = 'Ledger Daily';
/**
 * Its report: 8 significant words (harbour city win title extra time fans celebrate), 5 of them
 * shared with the followed title's 6, three hours later: the same event (docs/product.md#several-sources-one-story),
 * the followed story staying the group's leader as the earlier report.
 */
const SECOND_REPORT = {
  title: 'Harbour City win the title in extra time as fans celebrate',
  summary: 'Shops near the stadium stayed open late as supporters filled the streets.',
  path: '/ledger/harbour-city-fans',
  published: new Date(Date.parse(FIRST_PUBLISHED) + 3 * 3_600_000).toISOString(),
};

let fixtures: FixtureServer | undefined;
let fn: RunningScript | undefined;
let dir: string | undefined;
let storeDir = '';

beforeAll(async () => {
  fixtures = await startFixtureServer(sources);
  dir = mkdtempSync(join(tmpdir(), 'news-e2e-follow-'));
  storeDir = join(dir, 'store');
  const sourcesFile = join(dir, 'sources.json');
  writeFileSync(sourcesFile, JSON.stringify(sources.map((source) => ({ name: source.name, url: `${fixtures!.origin}${source.feed}`, category: source.category }))));
  const port = await freePort();
  fn = runScript('functions.mjs', { FUNCTIONS_PORT: String(port), NEWS_SOURCES_FILE: sourcesFile, NEWS_ALLOW_LOOPBACK: '1', NEWS_STORE_DIR: storeDir });
  const endpoint = `http://127.0.0.1:${port}${FUNCTION_PATH}`;
  await waitForOutput(fn, `listening on ${endpoint}`, 120_000);
  await waitForOutput(fn, INGEST_DONE, 60_000);
  h.backend.proxyTo(endpoint);
}, 200_000);

afterAll(async () => {
  await fn?.stop();
  await fixtures?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** One ingest now, by the running functions (`npm run ingest`). */
async function ingest(): Promise<void> {
  const run = runScript('ingest.mjs', { NEWS_STORE_DIR: storeDir });
  expect(await run.exited).toBe(0);
}

describe('following a story', () => {
  it('follow, an ingest adds another outlet\'s report, and the next visit says so: "Show" opens the view with "1 new report"', async () => {
    const { page } = await h.open();
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === FUNCTION_PATH && url.searchParams.has('follow')) asked.push(url.searchParams.get('follow')!);
    });
    await openHomeWithStories(page);
    const card = storyCard(page, FIRST);
    await card.getByRole('button', { name: 'Follow story', exact: true }).click();
    expect(await card.getByRole('button', { name: 'Unfollow story', exact: true }).getAttribute('aria-pressed')).toBe('true');
    await toast(page, 'Following this story', 'New reports on it will show under Following').waitFor();
    // The function's first answer counts the story's one report.
    await eventually(async () => JSON.parse((await localStorageItem(page, 'newsFollows')) ?? '[]')[0]?.reports).toBe(1);
    expect(asked).toHaveLength(1);
    expect(await card.getByRole('button', { name: /^Also covered by/ }).count()).toBe(0);

    // Another outlet reports the same event; an ingest puts its report in the followed story's group.
    sources.find((source) => source.name === SECOND_OUTLET)!.stories.unshift(SECOND_REPORT);
    await ingest();
    await page.reload();
    const notice = page.getByRole('status').filter({ hasText: '1 story you follow has new reports' });
    await notice.waitFor({ timeout: 20_000 });
    expect(asked).toHaveLength(2);
    // It floats over the page in the notices' one stack: its count comes after the stories, and they stay where they are.
    expect(await notice.evaluate((element) => getComputedStyle(element.closest('[data-notice-stack]') ?? element).position)).toBe('fixed');
    await notice.getByRole('button', { name: 'Show', exact: true }).click();
    await eventually(() => new URL(page.url()).searchParams.get('following')).toBe('1');
    expect(await page.getByRole('button', { name: 'Following', exact: true }).getAttribute('aria-pressed')).toBe('true');
    const view = page.getByRole('region', { name: 'Stories you follow' });
    const followed = storyCard(view, FIRST);
    await followed.getByText('1 new report', { exact: true }).waitFor();
    await followed.getByRole('button', { name: 'Also covered by 1 more source', exact: true }).waitFor();
    expect(await view.getByRole('article').count()).toBe(1);
    expect(await notice.count()).toBe(0);
  });

  it("the service worker's push handler shows the notification", async () => {
    const { page, context } = await h.open({ context: { serviceWorkers: 'allow' } });
    await context.grantPermissions(['notifications'], { origin: SITE });
    await openHomeWithStories(page);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await deliverPush(context, page, { title: `New reports: ${FIRST}`, body: '1 new report' });
    const shown = () => page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((one) => [one.title, one.body]));
    await eventually(shown).toEqual([[`New reports: ${FIRST}`, '1 new report']]);
  });
});

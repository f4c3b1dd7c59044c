/**
 * A deploy while a visitor is there (docs/product.md#when-the-page-cannot-load,
 * docs/deploy.md#offline-and-updates), from the built site on a host that serves one version at a
 * time (support/deploy-site.ts): the run's build, then a second build with every hashed file renamed.
 * - Without a service worker, an open page keeps working through a deploy: all it can do has
 *   loaded once its first stories were drawn. A deploy before that reloads it once into the new
 *   version, with what the visitor typed (still inside its pause) and chose in the URL; a part
 *   that fails after that shows the page header and "Reload".
 * - With the worker holding the old version, the page offers the new one ("A new version is
 *   available", "Reload") and takes it in one press, or by itself on the next reload.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDeploySite, type DeploySite, type Version } from './support/deploy-site.ts';
import { EXPECTED, useHarness } from './support/harness.ts';
import { categoriesButton, eventually, localStorageItem, runUntilTakeover, savedToggle, searchBox, searchParams, themeToggle, topStoriesHeading } from './support/site.ts';

const h = useHarness();
let site: DeploySite;

beforeAll(async () => {
  site = await startDeploySite();
}, 120_000);

afterAll(async () => {
  await site?.close();
});

/** The version the page runs: the entry script its index.html named. */
async function runningVersion(page: Page): Promise<Version | string | null> {
  const entry = await page.locator('script[type="module"][src^="/assets/index-"]').getAttribute('src');
  return entry === site.entry.first ? 'first' : entry === site.entry.next ? 'next' : entry;
}

function countLoads(page: Page): { readonly count: number } {
  const loads = { count: 0 };
  page.on('load', () => (loads.count += 1));
  return loads;
}

async function openWithStories(page: Page): Promise<void> {
  await page.goto(`${site.origin}/`);
  await topStoriesHeading(page).waitFor({ timeout: 20_000 });
  await themeToggle(page).waitFor();
}

const NEW_VERSION = 'A new version is available';
const LOAD_FAILED = 'The page could not load. Check your connection, then reload.';

describe('two versions of the site', () => {
  it('share no hashed file name, and their workers differ', () => {
    expect(site.hashedFiles.first.length).toBeGreaterThan(10);
    expect(site.hashedFiles.next.length).toBe(site.hashedFiles.first.length);
    expect(site.hashedFiles.first.filter((name) => site.hashedFiles.next.includes(name))).toEqual([]);
    expect(site.entry.next).not.toBe(site.entry.first);
    expect(site.worker.next).not.toBe(site.worker.first);
  });
});

/**
 * Holds each request for the page's later part (everything beyond its first render, fetched once
 * the first screen is complete) until the returned release is called for it, in order: a deploy can then land in between.
 */
function holdLaterPart(page: Page): { release(): void } {
  const gates: Array<() => void> = [];
  const opened: Array<Promise<void>> = [];
  const gate = (index: number) => (opened[index] ??= new Promise<void>((resolve) => (gates[index] = resolve)));
  let requests = 0;
  let releases = 0;
  void page.route(/\/assets\/later-[^/]+\.js$/, async (route) => {
    // The page's probe of a file that failed (src/browser/on-demand.ts) goes straight through.
    if (route.request().method() === 'GET') await gate(requests++);
    await route.continue();
  });
  return {
    release: () => {
      void gate(releases);
      gates[releases++]?.();
    },
  };
}

describe('an open page across a deploy (no service worker)', () => {
  it('keeps every part once it has loaded: each letter typed reaches the URL after its pause, the share menu, Categories and the last 30 days all answer, and the page never reloads', async () => {
    site.serve('first');
    const { page } = await h.open();
    const loads = countLoads(page);
    await openWithStories(page);
    // The page has loaded: its first render, and right after it everything else it can do.
    await page.waitForLoadState('networkidle');

    site.serve('next');
    await searchBox(page).click();
    const query = 'harbour';
    for (let typed = 1; typed <= query.length; typed += 1) {
      await page.keyboard.type(query[typed - 1]!);
      // The query's 300 ms pause, then the URL has it.
      await page.waitForTimeout(400);
      await eventually(() => searchParams(page).get('q'), 5_000).toBe(query.slice(0, typed));
    }

    await page.getByRole('button', { name: 'Search the last 30 days', exact: true }).click();
    await page.getByRole('heading', { level: 2, name: 'From the last 30 days', exact: true }).waitFor();
    expect(searchParams(page).get('archive')).toBe('1');

    await page.getByRole('article').first().getByRole('button', { name: 'Share story', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Copy Link', exact: true }).waitFor();
    await page.keyboard.press('Escape');

    await categoriesButton(page).click();
    await page.getByRole('menu').getByRole('menuitemcheckbox', { name: 'Science', exact: true }).waitFor();
    await page.keyboard.press('Escape');

    expect(loads.count).toBe(1);
    expect(await runningVersion(page)).toBe('first');
    // Neither the app's own "The page could not load" nor index.html's notice.
    expect(await page.getByText(LOAD_FAILED).filter({ visible: true }).count()).toBe(0);
  });

  it('when the deploy lands before the later part has come: reloads once into the new version, keeping the query typed inside its pause, the category and Saved; a failure after that shows "Reload"', async () => {
    site.serve('first');
    // React logs the failure that its boundary turns into "Reload".
    const { page } = await h.open({ expectConsoleErrors: [EXPECTED.failedRequests, /A part of the page could not load/] });
    const later = holdLaterPart(page);
    const loads = countLoads(page);
    await page.goto(`${site.origin}/?category=Science`);
    await topStoriesHeading(page).waitFor({ timeout: 20_000 });
    // Saved is in the first render: it answers before the later part has come.
    await savedToggle(page).click();
    await eventually(() => Object.fromEntries(searchParams(page))).toEqual({ category: 'Science', saved: '1' });

    // The page's time stands still from here: the query's 300 ms pause never ends by itself.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1_000);
    site.serve('next');
    await searchBox(page).fill('harbour');
    later.release();

    await eventually(() => loads.count).toBe(2);
    // The query is in the URL already: time may move on for the new version to start.
    await runUntilTakeover(page);
    expect(await runningVersion(page)).toBe('next');
    expect(Object.fromEntries(searchParams(page))).toEqual({ q: 'harbour', category: 'Science', saved: '1' });
    expect(await searchBox(page).inputValue()).toBe('harbour');
    expect(await page.evaluate(() => sessionStorage.getItem('newsChunkReload'))).toBe('1');
    expect(await savedToggle(page).getAttribute('aria-pressed')).toBe('true');
    await page.clock.resume();

    // Another deploy before this version's later part has come: the tab has had its one reload,
    // so the part that fails shows the page header and "Reload" instead.
    site.serve('first');
    later.release();
    await page.getByRole('main').getByText(LOAD_FAILED, { exact: true }).waitFor();
    expect(await page.getByRole('heading', { level: 1, name: 'Newsroom', exact: true }).isVisible()).toBe(true);
    expect(loads.count).toBe(2);
    await page.unroute(/\/assets\/later-[^/]+\.js$/);
    await page.getByRole('button', { name: 'Reload', exact: true }).click();
    await eventually(() => loads.count).toBe(3);
    await topStoriesHeading(page).or(page.getByText('No stories found')).first().waitFor();
    expect(await runningVersion(page)).toBe('first');
    expect(await searchBox(page).inputValue()).toBe('harbour');
  });
});

describe('a visitor whose service worker holds the old version', () => {
  const withWorker = { expectConsoleErrors: [EXPECTED.failedRequests], context: { serviceWorkers: 'allow' as const } };

  /** The registration as the page sees it. */
  function workerState(page: Page) {
    return page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return {
        controlled: navigator.serviceWorker.controller !== null,
        waiting: registration?.waiting !== null && registration?.waiting !== undefined,
        caches: await caches.keys(),
      };
    });
  }

  /** A visitor of the first version, its worker installed and in control of the page. */
  async function openUnderFirstWorker(page: Page): Promise<void> {
    site.serve('first');
    await openWithStories(page);
    await eventually(() => page.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => registration?.active?.state ?? null))).toBe('activated');
    // The worker controls the pages loaded after it: reload until this one is (at most a few times).
    for (let attempt = 0; attempt < 3 && !(await workerState(page)).controlled; attempt += 1) {
      await page.reload();
      await topStoriesHeading(page).waitFor({ timeout: 20_000 });
    }
    expect((await workerState(page)).controlled).toBe(true);
    expect(await runningVersion(page)).toBe('first');
  }

  async function reloadWithStories(page: Page): Promise<void> {
    await page.reload();
    await topStoriesHeading(page).waitFor({ timeout: 20_000 });
  }

  it('open during the deploy: is offered the new version, keeps its own files meanwhile, and gets it with one press of "Reload"', async () => {
    const { page } = await h.open(withWorker);
    await openUnderFirstWorker(page);
    // The page registers its worker once loaded, and watches it from then on.
    await page.waitForLoadState('load');
    await page.waitForTimeout(500);
    site.serve('next');
    // The browser's own check for a new sw.js (on a navigation, or every so often), now.
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => registration?.update()));

    const notice = page.getByRole('status').filter({ hasText: NEW_VERSION });
    await notice.waitFor({ timeout: 20_000 });
    expect(await runningVersion(page)).toBe('first');
    // The old version's files are gone from the host, and its parts still load: from its own cache.
    await categoriesButton(page).click();
    await page.getByRole('menu').waitFor();
    await page.keyboard.press('Escape');

    const loads = countLoads(page);
    await notice.getByRole('button', { name: 'Reload', exact: true }).click();
    await eventually(() => loads.count).toBe(1);
    await topStoriesHeading(page).waitFor({ timeout: 20_000 });
    expect(await runningVersion(page)).toBe('next');
    expect(await page.getByText(NEW_VERSION).count()).toBe(0);
    // The new worker took over and the old version's cache is gone.
    const state = await workerState(page);
    expect(state.controlled).toBe(true);
    expect(state.caches).toHaveLength(1);
  });

  it('a return visit with follows that gained reports, during a deploy: both floating notices show at once, the newer on top, neither covering the other', async () => {
    const { page } = await h.open(withWorker);
    await openUnderFirstWorker(page);
    // Follow the first story; the function's answer counts its reports. Then say none of them was seen yet.
    const card = page.getByRole('article').first();
    await card.getByRole('button', { name: 'Follow story', exact: true }).click();
    await eventually(async () => JSON.parse((await localStorageItem(page, 'newsFollows')) ?? '[]')[0]?.reports ?? 0, 15_000).toBeGreaterThan(0);
    await page.evaluate(() => {
      const follows = JSON.parse(window.localStorage.getItem('newsFollows') ?? '[]') as Array<{ seen: number }>;
      window.localStorage.setItem('newsFollows', JSON.stringify(follows.map((follow) => ({ ...follow, seen: 0 }))));
    });
    await reloadWithStories(page);
    const follows = page.getByRole('status').filter({ hasText: /stor(y|ies) you follow ha(s|ve) new reports/ });
    await follows.waitFor({ timeout: 20_000 });
    await page.waitForLoadState('load');
    await page.waitForTimeout(500);

    site.serve('next');
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => registration?.update()));
    const version = page.getByRole('status').filter({ hasText: NEW_VERSION });
    await version.waitFor({ timeout: 20_000 });

    expect(await follows.isVisible()).toBe(true);
    const [older, newer] = await Promise.all([follows.boundingBox(), version.boundingBox()]);
    if (!older || !newer) throw new Error('a notice has no box');
    // The newer notice stands above the other, the two boxes apart.
    expect(newer.y + newer.height).toBeLessThanOrEqual(older.y);
    // Each can be pressed where it shows: nothing lies over either.
    const topmost = (box: { x: number; y: number; width: number; height: number }) =>
      page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.closest('[role="status"]')?.textContent ?? '', [box.x + box.width / 2, box.y + box.height / 2]);
    expect(await topmost(newer)).toContain(NEW_VERSION);
    expect(await topmost(older)).toMatch(/you follow ha(s|ve) new reports/);
  });

  it('never runs the old version after three reloads in a row, another tab of the site open: by the second reload both tabs run the new version', async () => {
    const { page, context } = await h.open(withWorker);
    await openUnderFirstWorker(page);
    // A second tab of the old version keeps the old worker in use: the browser alone would never switch.
    const other = await context.newPage();
    await other.goto(`${site.origin}/?q=harbour`);
    await topStoriesHeading(other).or(other.getByText('No stories found')).first().waitFor({ timeout: 20_000 });
    expect((await workerState(other)).controlled).toBe(true);
    const before = (await workerState(page)).caches;
    site.serve('next');
    const loads = countLoads(page);

    // The first reload finds the new worker and installs it (taking it at once if it is ready before the page has loaded).
    await reloadWithStories(page);
    await eventually(async () => (await workerState(page)).waiting || (await runningVersion(page)) === 'next', 20_000).toBe(true);
    // The second runs the new version at the latest, the third too.
    await reloadWithStories(page);
    await eventually(() => runningVersion(page)).toBe('next');
    await reloadWithStories(page);
    expect(await runningVersion(page)).toBe('next');
    // Three reloads, and at most one more load by the page itself.
    expect(loads.count).toBeGreaterThanOrEqual(3);
    expect(loads.count).toBeLessThanOrEqual(4);
    // The other tab reloaded itself into the new version, its search kept.
    await eventually(() => runningVersion(other)).toBe('next');
    expect(await searchBox(other).inputValue()).toBe('harbour');
    const after = await workerState(page);
    expect(after.caches).toHaveLength(1);
    expect(before).not.toContain(after.caches[0]);
  });
});

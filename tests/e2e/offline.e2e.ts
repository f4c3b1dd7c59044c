/**
 * Installable and offline (docs/product.md#loading-failure-retry-and-fallback,
 * docs/deploy.md#offline-and-updates): the web app manifest and its icons, stories kept for the
 * next visit shown at once and kept with the offline notice when the function is unreachable,
 * the "new stories" bar while the visitor reads, and a page opened once loading again with no
 * network at all, from the service worker.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { EXPECTED_STORIES } from './support/feeds.ts';
import { EXPECTED, useHarness } from './support/harness.ts';
import { DEMO_NOTICE, eventually, functionStories, localStorageItem, openHomeWithStories, shownTitles, SITE, storyArea, storyCard } from './support/site.ts';

const h = useHarness();
const LIVE_TITLES = EXPECTED_STORIES.map((story) => story.title);
const failing = { expectConsoleErrors: [EXPECTED.failedRequests] };

interface Kept {
  saved_at: string;
  stories: Array<{ id: string; title: string }>;
}

/** Waits until the page has kept the live stories for the next visit, and returns them. */
async function keptStories(page: Page): Promise<Kept> {
  await eventually(() => localStorageItem(page, 'newsLastFeed')).not.toBeNull();
  return JSON.parse((await localStorageItem(page, 'newsLastFeed'))!) as Kept;
}

/** The offline notice as docs/product.md words it, the date as on the cards (the harness runs in UTC, en-US). */
function offlineText(savedAt: string): string {
  const date = new Date(savedAt).toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
  return `You're offline. Showing stories from ${date}.`;
}

/**
 * Where the Static Routing API sent the page's own request (Resource Timing); the backend's
 * own count of calls says the feed call reached the network.
 */
function routedPage(page: Page) {
  return page.evaluate(() => {
    type Routed = PerformanceResourceTiming & { workerMatchedSourceType?: string };
    return (performance.getEntriesByType('navigation')[0] as Routed | undefined)?.workerMatchedSourceType;
  });
}

/** The site's own files that the page did not get from the worker's cache (by a static route or the fetch handler). */
function siteFilesNotFromCache(page: Page) {
  return page.evaluate((site) => {
    type Routed = PerformanceResourceTiming & { workerFinalSourceType?: string };
    return (performance.getEntriesByType('resource') as Routed[])
      .filter((entry) => new URL(entry.name).origin === site && !['cache', 'fetch-event'].includes(entry.workerFinalSourceType ?? ''))
      .map((entry) => new URL(entry.name).pathname);
  }, new URL(SITE).origin);
}

function offlineNotice(page: Page, savedAt: string) {
  return page.getByRole('status').filter({ hasText: offlineText(savedAt) });
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

describe('the web app manifest', () => {
  it('is linked from the page, names the app, starts at / standalone, with 192 and 512 px PNG icons', async () => {
    const { page } = await h.open();
    await openHomeWithStories(page);
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const response = await page.request.get(new URL(href!, SITE).href);
    expect(response.status()).toBe(200);
    const manifest = (await response.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      icons: Array<{ src: string; sizes: string; type: string; purpose?: string }>;
    };
    expect(manifest.name).toMatch(/^Newsroom/);
    expect(manifest.short_name).toBe('Newsroom');
    expect(manifest.start_url).toBe('/');
    expect(manifest.display).toBe('standalone');
    const sizes = new Set<string>();
    for (const icon of manifest.icons) {
      const image = await page.request.get(new URL(icon.src, SITE).href);
      expect(image.status(), icon.src).toBe(200);
      expect(image.headers()['content-type']).toBe('image/png');
      // The size the manifest claims is the size of the image.
      expect(pngSize(await image.body()), icon.src).toBe(icon.sizes);
      if ((icon.purpose ?? 'any').split(' ').includes('any')) sizes.add(icon.sizes);
    }
    expect([...sizes].sort()).toEqual(['192x192', '512x512']);
  });
});

describe('stories kept for the next visit', () => {
  it('show at once on a reload with the function unreachable, then stay with the offline notice', async () => {
    const { page } = await h.open(failing);
    await openHomeWithStories(page);
    const kept = await keptStories(page);
    expect(kept.stories.map((story) => story.title)).toEqual(LIVE_TITLES);
    expect(new Date(kept.saved_at).toISOString()).toBe(kept.saved_at);

    await h.backend.refuse();
    await page.reload();
    // At once: the cards, no skeleton, before the call and its retry have failed.
    await storyCard(page, LIVE_TITLES[0]!).waitFor();
    expect(await storyArea(page).getAttribute('aria-busy')).toBe('false');
    expect(await offlineNotice(page, kept.saved_at).count()).toBe(0);
    // Then the call fails, is retried about 1 s later, fails again: the notice, not the demo one.
    await offlineNotice(page, kept.saved_at).waitFor({ timeout: 15_000 });
    await eventually(() => shownTitles(page)).toEqual(LIVE_TITLES);
    expect(await page.getByText(DEMO_NOTICE).count()).toBe(0);
  });

  it('are replaced by the live answer; while the visitor reads, it waits behind "N new stories"', async () => {
    const { page } = await h.open({ height: 700 });
    // The first visit: an answer with only the function's first two stories.
    const [first, second] = await functionStories(h.functionEndpoint);
    h.backend.script({ body: { stories: [first, second] } });
    await openHomeWithStories(page);
    expect((await keptStories(page)).stories.map((story) => story.title)).toEqual([first!.title, second!.title]);

    // The next visit: the function answers 3 s late, and the visitor has scrolled meanwhile.
    h.backend.script({ proxy: true, delayMs: 3000 });
    await page.reload();
    await storyCard(page, first!.title).waitFor();
    await page.mouse.wheel(0, 400);
    await eventually(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    const button = page.getByRole('button', { name: 'Show latest stories', exact: true });
    await button.waitFor({ timeout: 15_000 });
    expect(await page.getByRole('status').filter({ hasText: `${LIVE_TITLES.length - 2} new stories` }).count()).toBe(1);
    expect(await shownTitles(page)).toEqual([first!.title, second!.title]);
    await button.click();
    await eventually(() => shownTitles(page)).toEqual(LIVE_TITLES);
    expect(await button.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('stories');
  });
});

describe('the service worker', () => {
  it('loads a page opened once again with no network at all, showing the kept stories', async () => {
    const { page, context } = await h.open({ ...failing, context: { serviceWorkers: 'allow' } });
    await openHomeWithStories(page);
    const kept = await keptStories(page);
    // Installed (every file of the build kept) and active.
    await eventually(() => page.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => registration?.active?.state ?? null))).toBe('activated');

    // The function goes too: Chromium's offline emulation does not reach the requests that the
    // worker's static routes send to the network (src/offline/policy.ts), as a device without a network would.
    await h.backend.refuse();
    await context.setOffline(true);
    const response = await page.reload();
    expect(response?.fromServiceWorker()).toBe(true);
    await storyCard(page, LIVE_TITLES[0]!).waitFor();
    await offlineNotice(page, kept.saved_at).waitFor({ timeout: 15_000 });
    await eventually(() => shownTitles(page)).toEqual(LIVE_TITLES);
    expect(await siteFilesNotFromCache(page)).toEqual([]);

    // A new tab, a filtered address: the same page from the worker.
    const other = await context.newPage();
    const opened = await other.goto(`${SITE}/?q=${encodeURIComponent(LIVE_TITLES[0]!.split(' ')[0]!)}`);
    expect(opened?.fromServiceWorker()).toBe(true);
    await storyCard(other, LIVE_TITLES[0]!).waitFor();
  });

  it('never answers the feed call: with the function back, the live answer comes from the network', async () => {
    const { page } = await h.open({ context: { serviceWorkers: 'allow' } });
    await openHomeWithStories(page);
    await eventually(() => page.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => registration?.active?.state ?? null))).toBe('activated');
    const before = h.backend.calls.length;
    h.backend.script({ body: { stories: [{ id: 'fresh-1', title: 'A story only the second answer has', url: 'https://news.example.org/fresh-1' }] } });
    await page.reload();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await storyCard(page, 'A story only the second answer has').waitFor({ timeout: 15_000 });
    expect(h.backend.calls.length).toBe(before + 1);
    // Decided by the routes declared at install, without starting the worker: the page from its cache.
    expect(await routedPage(page)).toBe('cache');
  });
});

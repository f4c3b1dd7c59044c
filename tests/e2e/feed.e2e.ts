/**
 * The feed call and what happens when it fails (docs/product.md#loading-failure-retry-and-fallback,
 * docs/product.md#refetch-and-freshness): the request, one retry, the sample stories with the
 * demo notice, the error screen and "Try Again", and refetching on a timer and on visibility/focus.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { EXPECTED_STORIES } from './support/feeds.ts';
import { EXPECTED, useHarness } from './support/harness.ts';
import { ANON_KEY, FUNCTION_PATH } from './support/paths.ts';
import {
  DEMO_NOTICE,
  demoNotice,
  eventually,
  localStorageItem,
  openHome,
  openHomeWithStories,
  SAMPLE_CATEGORIES,
  shownTitles,
  storyCard,
} from './support/site.ts';

const h = useHarness();
const LIVE_TITLES = EXPECTED_STORIES.map((story) => story.title);
const SAMPLES_CHUNK = '**/assets/samples-*.js';
/** The page's later part (src/app/later.ts). */
const LATER_PART = /\/assets\/later-[^/]+\.js$/;
const failing = { expectConsoleErrors: [EXPECTED.failedRequests] };

/** Hue (degrees), saturation and lightness of a CSS rgb() colour. */
function hsl(color: string): { hue: number; saturation: number; lightness: number } {
  const [r = 0, g = 0, b = 0] = (color.match(/[\d.]+/g) ?? []).map(Number).map((value) => value / 255);
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const lightness = (max + min) / 2;
  const delta = max - min;
  if (delta === 0) return { hue: 0, saturation: 0, lightness };
  const saturation = delta / (1 - Math.abs(2 * lightness - 1));
  let hue = max === r ? ((g - b) / delta) % 6 : max === g ? (b - r) / delta + 2 : (r - g) / delta + 4;
  hue *= 60;
  return { hue: hue < 0 ? hue + 360 : hue, saturation, lightness };
}

async function waitForDemo(page: Page): Promise<void> {
  await demoNotice(page).waitFor({ timeout: 20_000 });
}

async function waitForLive(page: Page): Promise<void> {
  await storyCard(page, LIVE_TITLES[0]!).waitFor({ timeout: 20_000 });
}

/** Lets the page run for a while of real time, to show that nothing more happens. */
function quietFor(page: Page, ms: number): Promise<void> {
  return page.waitForTimeout(ms);
}

describe('the feed call', () => {
  it('calls GET /functions/v1/fetch-news once (a cacheable call), with the public key as apikey and as bearer token', async () => {
    const { page } = await h.open();
    await openHomeWithStories(page);
    await quietFor(page, 1500);
    expect(h.backend.calls).toHaveLength(1);
    const [call] = h.backend.calls;
    expect(call?.method).toBe('GET');
    expect(call?.path).toBe(FUNCTION_PATH);
    expect(call?.headers.apikey).toBe(ANON_KEY);
    expect(call?.headers.authorization).toBe(`Bearer ${ANON_KEY}`);
    expect(h.backend.otherRequests).toEqual([]);
  });

  it('retries a failed call once, about a second later, and then shows the live stories', async () => {
    h.backend.script({ status: 500, body: { error: 'boom' } });
    const { page } = await h.open(failing);
    await openHome(page);
    await waitForLive(page);
    await quietFor(page, 1500);
    expect(h.backend.calls).toHaveLength(2);
    const gap = h.backend.calls[1]!.at - h.backend.calls[0]!.at;
    expect(gap).toBeGreaterThanOrEqual(800);
    expect(gap).toBeLessThan(4000);
    await eventually(() => shownTitles(page)).toEqual(LIVE_TITLES);
    expect(await demoNotice(page).count()).toBe(0);
  });
});

describe('the demo fallback', () => {
  it('shows the six sample stories under the yellow demo notice when the call fails twice', async () => {
    h.backend.always({ status: 500, body: { error: 'boom' } });
    const { page } = await h.open(failing);
    await openHome(page);
    await waitForDemo(page);
    const notice = demoNotice(page);
    expect((await notice.textContent())?.trim()).toBe(DEMO_NOTICE);
    const { hue, saturation } = hsl(await notice.evaluate((element) => getComputedStyle(element).backgroundColor));
    expect(hue).toBeGreaterThanOrEqual(35);
    expect(hue).toBeLessThanOrEqual(65);
    expect(saturation).toBeGreaterThan(0.5);
    await eventually(() => page.getByRole('article').count()).toBe(6);
    expect(h.backend.calls).toHaveLength(2);
  });

  it('shows the demo notice with the sample stories, before the rest of the page has come: nothing moves them down after', async () => {
    h.backend.always({ status: 500, body: { error: 'boom' } });
    const { page } = await h.open(failing);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(LATER_PART, async (route) => {
      await held;
      await route.continue();
    });
    try {
      await openHome(page);
      await eventually(() => page.getByRole('article').count(), 20_000).toBe(6);
      expect((await demoNotice(page).textContent())?.trim()).toBe(DEMO_NOTICE);
    } finally {
      release();
    }
  });

  it('keeps the demo notice yellow in the dark theme', async () => {
    h.backend.always({ status: 500 });
    const { page } = await h.open({ ...failing, colorScheme: 'dark' });
    await openHome(page);
    await waitForDemo(page);
    const { hue, saturation } = hsl(await demoNotice(page).evaluate((element) => getComputedStyle(element).backgroundColor));
    expect(hue).toBeGreaterThanOrEqual(35);
    expect(hue).toBeLessThanOrEqual(65);
    expect(saturation).toBeGreaterThan(0.5);
  });

  it('gives the sample stories the six sample categories and dates 2 to 12 hours ago, in steps of 2 hours', async () => {
    h.backend.always({ status: 503, body: 'unavailable' });
    const { page } = await h.open(failing);
    await openHome(page);
    await waitForDemo(page);
    await eventually(() => page.locator('article time').count()).toBe(6);
    const hoursAgo = await page.locator('article time').evaluateAll((times) =>
      times.map((time) => Math.round((Date.now() - Date.parse(time.getAttribute('datetime') ?? '')) / 3_600_000)),
    );
    expect(hoursAgo).toEqual([2, 4, 6, 8, 10, 12]);
    await page.getByRole('button', { name: /^Categories/ }).click();
    // The first press loads the picker's menu: wait for it before reading it.
    const items = page.getByRole('menu').getByRole('menuitemcheckbox');
    await items.first().waitFor();
    expect(await items.allTextContents()).toEqual(SAMPLE_CATEGORIES);
    await page.keyboard.press('Escape');
  });

  it('uses the sample stories at once, without a retry, when the answer has no stories', async () => {
    h.backend.always({ body: { stories: [] } });
    const { page } = await h.open();
    await openHome(page);
    await waitForDemo(page);
    await quietFor(page, 2500);
    expect(h.backend.calls).toHaveLength(1);
    await eventually(() => page.getByRole('article').count()).toBe(6);
  });

  it('replaces the samples with live stories, and hides the notice, when a later refetch succeeds', async () => {
    h.backend.script({ status: 500 }, { status: 500 });
    const { page } = await h.open(failing);
    await page.clock.install();
    await openHome(page);
    await waitForDemo(page);
    expect(h.backend.calls).toHaveLength(2);
    await page.clock.runFor('10:00');
    await waitForLive(page);
    expect(await demoNotice(page).count()).toBe(0);
    await eventually(() => shownTitles(page)).toEqual(LIVE_TITLES);
  });
});

describe('the error screen', () => {
  it('shows "Error Loading News" after the call and its one retry fail and the sample stories cannot be reached, with no third call', async () => {
    h.backend.always({ status: 500 });
    const { page } = await h.open(failing);
    await page.route(SAMPLES_CHUNK, (route) => route.abort());
    let loads = 0;
    page.on('load', () => (loads += 1));
    await openHome(page);
    const alert = page.getByRole('alert').filter({ hasText: 'Error Loading News' });
    await alert.waitFor({ timeout: 20_000 });
    expect(h.backend.calls).toHaveLength(2);
    expect(await page.getByRole('heading', { name: 'Error Loading News' }).isVisible()).toBe(true);
    expect(await page.getByText('Failed to fetch the latest stories', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Try Again' }).isVisible()).toBe(true);
    expect(await demoNotice(page).count()).toBe(0);
    expect(await page.getByRole('article').count()).toBe(0);
    // "Retries on feed failure: 1": nothing more goes out by itself, and the page does not reload.
    await quietFor(page, 2500);
    expect(h.backend.calls).toHaveLength(2);
    expect(loads).toBe(1);
    expect(await alert.isVisible()).toBe(true);
  });

  it('a samples chunk a deploy removed (answering 404): reloads once, then two calls on the reloaded page and the error screen', async () => {
    h.backend.always({ status: 500 });
    const { page } = await h.open(failing);
    await page.route(SAMPLES_CHUNK, (route) => route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not Found' }));
    let loads = 0;
    page.on('load', () => (loads += 1));
    await openHome(page);
    await page.getByRole('alert').filter({ hasText: 'Error Loading News' }).waitFor({ timeout: 30_000 });
    expect(loads).toBe(2);
    expect(h.backend.calls).toHaveLength(4);
    expect(await page.evaluate(() => sessionStorage.getItem('newsChunkReload'))).toBe('1');
    await quietFor(page, 2500);
    expect(h.backend.calls).toHaveLength(4);
    expect(loads).toBe(2);
  });

  it('"Try Again" loads the live stories once the backend is back', async () => {
    h.backend.always({ status: 500 });
    const { page } = await h.open(failing);
    await page.route(SAMPLES_CHUNK, (route) => route.abort());
    await openHome(page);
    await page.getByRole('button', { name: 'Try Again' }).waitFor({ timeout: 20_000 });
    await page.unroute(SAMPLES_CHUNK);
    h.backend.always('proxy');
    const before = h.backend.calls.length;
    await page.getByRole('button', { name: 'Try Again' }).click();
    await waitForLive(page);
    expect(h.backend.calls.length).toBe(before + 1);
    expect(await page.getByRole('heading', { name: 'Error Loading News' }).count()).toBe(0);
    expect(await demoNotice(page).count()).toBe(0);
  });
});

describe('refetching', () => {
  it('refetches the stories every 10 minutes while the page is open', async () => {
    const { page } = await h.open();
    await page.clock.install();
    await openHomeWithStories(page);
    expect(h.backend.calls).toHaveLength(1);
    await page.clock.runFor('09:50');
    await quietFor(page, 300);
    expect(h.backend.calls).toHaveLength(1);
    const keptAt = () => localStorageItem(page, 'newsLastFeed').then((value) => (value === null ? null : (JSON.parse(value) as { saved_at: string }).saved_at));
    await eventually(keptAt).not.toBeNull();
    const firstKept = await keptAt();
    await page.clock.runFor('00:15');
    await h.backend.waitForCalls(2);
    // The next 10 minutes count from the answer: the page has taken it once it keeps its stories.
    await eventually(keptAt).not.toBe(firstKept);
    await page.clock.runFor('10:00');
    await h.backend.waitForCalls(3);
    // A new list renders its first cards at once and the rest a batch per frame.
    await eventually(() => shownTitles(page)).toEqual(LIVE_TITLES);
  });

  it('refetches when the page becomes visible again after more than 5 minutes', async () => {
    const { page } = await h.open();
    await page.clock.install();
    await openHomeWithStories(page);
    await page.clock.runFor('05:30');
    expect(h.backend.calls).toHaveLength(1);
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await h.backend.waitForCalls(2);
  });

  it('refetches when the window is focused again after more than 5 minutes', async () => {
    const { page } = await h.open();
    await page.clock.install();
    await openHomeWithStories(page);
    await page.clock.runFor('05:30');
    expect(h.backend.calls).toHaveLength(1);
    await page.evaluate(() => window.dispatchEvent(new FocusEvent('focus')));
    await h.backend.waitForCalls(2);
  });

  it('does not refetch on visibility or focus within the first 5 minutes', async () => {
    const { page } = await h.open();
    await page.clock.install();
    await openHomeWithStories(page);
    await page.clock.runFor('04:00');
    await page.evaluate(() => {
      document.dispatchEvent(new Event('visibilitychange'));
      window.dispatchEvent(new FocusEvent('focus'));
    });
    await quietFor(page, 1500);
    expect(h.backend.calls).toHaveLength(1);
  });

  it('keeps the live stories when a refetch fails', async () => {
    const { page } = await h.open(failing);
    await page.clock.install();
    await openHomeWithStories(page);
    h.backend.always({ status: 500 });
    await page.clock.runFor('10:00');
    await h.backend.waitForCalls(2);
    // The retry waits 2 s from the failed answer, which the page may not have taken yet: the
    // clock moves on in steps until the retry comes, 3 s at most.
    for (let step = 0; step < 6 && h.backend.calls.length < 3; step += 1) {
      await page.clock.runFor(500);
      await quietFor(page, 200);
    }
    await h.backend.waitForCalls(3);
    await quietFor(page, 500);
    await eventually(() => shownTitles(page)).toEqual(LIVE_TITLES);
    expect(await demoNotice(page).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Error Loading News' }).count()).toBe(0);
  });
});

/**
 * A page for each story (docs/product.md#a-page-for-each-story) in Chromium, against the real
 * function on Deno reading the fixture feeds, two of whose outlets report one event: a first visit
 * straight to a story's address, a card's "Full coverage" and Back to the list as it was left, a
 * notification that opens the story's page (ServiceWorker.deliverPushMessage, then a click), and the
 * page of a followed story with no network at all.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { EXPECTED_STORIES, expectedRelated, GROUPED_STORY, storyByTitle } from './support/feeds.ts';
import { EXPECTED, useHarness } from './support/harness.ts';
import { deliverPush } from './support/push.ts';
import { eventually, localStorageItem, openHomeWithStories, searchBox, SITE, storyCard, storyId } from './support/site.ts';

const h = useHarness();

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

/** The service worker, active and controlling the page (a reload once it has installed). */
async function controlledByTheWorker(page: Page): Promise<void> {
  await eventually(() => page.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => registration?.active?.state ?? null)), 30_000).toBe('activated');
  await page.reload();
  await eventually(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

describe("a story's page", () => {
  it('a first visit straight to its address: no home page in the frame, then the leading title, its counts and every report earliest first', async () => {
    const id = await storyId(h.functionEndpoint, GROUPED_STORY);
    const grouped = storyByTitle(GROUPED_STORY);
    const other = expectedRelated(GROUPED_STORY)[0]!;
    const { page } = await h.open();
    // The app's scripts held: the HTML's frame alone, under the story's address.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/mount-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    try {
      await page.goto(`${SITE}/story/${encodeURIComponent(id)}`);
      await page.getByText('Newsroom', { exact: true }).waitFor();
      expect(await page.getByRole('search', { name: 'Filter stories' }).isVisible()).toBe(false);
      expect(await page.getByRole('heading', { name: 'Top Stories' }).isVisible()).toBe(false);
    } finally {
      release();
    }
    await heading(page, GROUPED_STORY).waitFor({ timeout: 20_000 });
    expect(await page.getByText('2 reports from 2 outlets', { exact: true }).count()).toBe(1);
    expect(await page.getByText(`First reported by ${grouped.source}`, { exact: true }).count()).toBe(1);
    const reports = page.getByRole('list', { name: 'Reports' }).getByRole('listitem');
    expect(await reports.count()).toBe(2);
    const links = reports.getByRole('link');
    expect(await links.allTextContents()).toEqual([GROUPED_STORY, 'Storm repairs finish early as harbour bridge reopens to traffic']);
    expect(await links.nth(1).getAttribute('href')).toBe(`${h.fixtureOrigin}${other.path}`);
    expect(await links.nth(1).getAttribute('target')).toBe('_blank');
    expect(await reports.nth(0).locator('time').getAttribute('datetime')).toBe(grouped.published);
    await eventually(() => page.title()).toBe(`${GROUPED_STORY} · Newsroom`);
    await page.getByRole('link', { name: 'All stories', exact: true }).click();
    await storyCard(page, EXPECTED_STORIES[0]!.title).waitFor({ timeout: 20_000 });
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('a card\'s "Full coverage" opens it without a reload; Back finds the list as it was left: the URL, the box\'s text and the scroll position', async () => {
    const { page } = await h.open({ width: 375, height: 700 });
    await openHomeWithStories(page);
    await searchBox(page).fill('e');
    await eventually(() => new URL(page.url()).searchParams.get('q')).toBe('e');
    // A card in the middle of the list, a little below the top of the screen.
    const chosen = EXPECTED_STORIES[4]!.title;
    const card = storyCard(page, chosen);
    await card.evaluate((element) => window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - 90));
    const left = await card.evaluate((element) => Math.round(element.getBoundingClientRect().top));
    expect(left).toBe(90);
    // A document loaded again would be a reload; a link within the site loads none.
    const loads: string[] = [];
    page.on('load', () => loads.push(page.url()));
    await card.getByRole('link', { name: 'Full coverage', exact: true }).click();
    await heading(page, chosen).waitFor({ timeout: 20_000 });
    expect(loads).toEqual([]);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await eventually(() => page.url()).toBe(`${SITE}/?q=e`);
    await card.waitFor();
    expect(await searchBox(page).inputValue()).toBe('e');
    await eventually(() => card.evaluate((element) => Math.round(element.getBoundingClientRect().top))).toBe(left);
  });

  it('a notification that names one story opens its page, in the tab already open', async () => {
    const id = await storyId(h.functionEndpoint, GROUPED_STORY);
    const { page, context } = await h.open({ context: { serviceWorkers: 'allow' } });
    await context.grantPermissions(['notifications'], { origin: SITE });
    await openHomeWithStories(page);
    await controlledByTheWorker(page);
    await deliverPush(context, page, { title: `New reports: ${GROUPED_STORY}`, body: '1 new report', stories: [id] });
    const worker = context.serviceWorkers().find((one) => one.url().startsWith(SITE));
    if (!worker) throw new Error('no service worker of the site');
    await eventually(() => worker.evaluate(async () => (await (self as unknown as { registration: ServiceWorkerRegistration }).registration.getNotifications()).length)).toBe(1);
    // The click, as the browser gives it to the worker.
    await worker.evaluate(async () => {
      const scope = self as unknown as { registration: ServiceWorkerRegistration; dispatchEvent(event: Event): boolean };
      const [notification] = await scope.registration.getNotifications();
      const Click = (self as unknown as { NotificationEvent: new (type: string, init: { notification: Notification }) => Event }).NotificationEvent;
      scope.dispatchEvent(new Click('notificationclick', { notification: notification! }));
    });
    await eventually(() => new URL(page.url()).pathname).toBe(`/story/${id}`);
    await heading(page, GROUPED_STORY).waitFor({ timeout: 20_000 });
  });

  it('a followed story opens with no network at all, from what the browser keeps; one never kept says it needs a connection', async () => {
    const { page, context } = await h.open({ context: { serviceWorkers: 'allow' }, expectConsoleErrors: [EXPECTED.failedRequests] });
    await openHomeWithStories(page);
    await storyCard(page, GROUPED_STORY).getByRole('button', { name: 'Follow story', exact: true }).click();
    await eventually(async () => JSON.parse((await localStorageItem(page, 'newsFollows')) ?? '[]').length).toBe(1);
    await controlledByTheWorker(page);
    const id = await storyId(h.functionEndpoint, GROUPED_STORY);
    await h.backend.refuse();
    await context.setOffline(true);
    const response = await page.goto(`${SITE}/story/${encodeURIComponent(id)}`);
    expect(response?.fromServiceWorker()).toBe(true);
    await heading(page, GROUPED_STORY).waitFor({ timeout: 20_000 });
    await page.getByRole('status').filter({ hasText: "You're offline. Showing this story as this browser kept it." }).waitFor();
    expect(await page.getByText('2 reports from 2 outlets', { exact: true }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Unfollow story', exact: true }).getAttribute('aria-pressed')).toBe('true');
    await page.goto(`${SITE}/story/never-seen-here`);
    await heading(page, 'This story needs a connection').waitFor({ timeout: 20_000 });
    expect(await page.getByRole('button', { name: 'Try again', exact: true }).count()).toBe(1);
  });
});

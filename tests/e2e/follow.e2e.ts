/**
 * Following a story (docs/product.md#following-a-story) in Chromium: follow a card, an ingest
 * adds a report to its coverage, the next visit shows the notice and "1 new report", "Show" opens
 * the view; and the service worker's push handler shows the notification (DevTools protocol
 * ServiceWorker.deliverPushMessage). The feed is the real function's; the `?follow=` answers
 * are given at the page's edge (page.route), as the function's report count after an ingest.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { EXPECTED_STORIES } from './support/feeds.ts';
import { useHarness } from './support/harness.ts';
import { BACKEND_URL, FUNCTION_PATH, SITE } from './support/paths.ts';
import { eventually, functionStories, localStorageItem, openHomeWithStories, storyCard, toast } from './support/site.ts';

const h = useHarness();
const FIRST = EXPECTED_STORIES[0]!.title;

/** Answers the page's `?follow=` calls with the story as the function has it and `reports()` reports. */
async function answerFollows(page: Page, reports: () => number): Promise<string[]> {
  const story = (await functionStories(h.functionEndpoint)).find((candidate) => candidate.title === FIRST)!;
  const asked: string[] = [];
  await page.route(`${BACKEND_URL}${FUNCTION_PATH}?follow=*`, async (route) => {
    const ids = new URL(route.request().url()).searchParams.get('follow') ?? '';
    asked.push(ids);
    await route.fulfill({
      status: 200,
      headers: { 'access-control-allow-origin': '*', 'content-type': 'application/json' },
      body: JSON.stringify({ stories: ids.split(',').includes(story.id) ? [{ ...story, follows: [story.id], reports: reports() }] : [], generated_at: new Date().toISOString(), sources: [] }),
    });
  });
  return asked;
}

describe('following a story', () => {
  it('follow, a report is added, and the next visit says so: "Show" opens the view with "1 new report"', async () => {
    const { page } = await h.open();
    let reports = 1;
    const asked = await answerFollows(page, () => reports);
    await openHomeWithStories(page);
    const card = storyCard(page, FIRST);
    await card.getByRole('button', { name: 'Follow story', exact: true }).click();
    expect(await card.getByRole('button', { name: 'Unfollow story', exact: true }).getAttribute('aria-pressed')).toBe('true');
    await toast(page, 'Following this story', 'New reports on it will show under Following').waitFor();
    await eventually(async () => JSON.parse((await localStorageItem(page, 'newsFollows')) ?? '[]')[0]?.reports).toBe(1);
    expect(asked).toHaveLength(1);

    // An ingest adds another outlet's report to the story's group.
    reports = 2;
    await page.reload();
    const notice = page.getByRole('status').filter({ hasText: '1 story you follow has new reports' });
    await notice.waitFor({ timeout: 20_000 });
    await notice.getByRole('button', { name: 'Show', exact: true }).click();
    await eventually(() => new URL(page.url()).searchParams.get('following')).toBe('1');
    expect(await page.getByRole('button', { name: 'Following', exact: true }).getAttribute('aria-pressed')).toBe('true');
    const followed = storyCard(page, FIRST);
    await followed.getByText('1 new report', { exact: true }).waitFor();
    expect(await notice.count()).toBe(0);
  });

  it("the service worker's push handler shows the notification", async () => {
    const { page, context } = await h.open({ context: { serviceWorkers: 'allow' } });
    await context.grantPermissions(['notifications'], { origin: SITE });
    await openHomeWithStories(page);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    const cdp = await context.newCDPSession(page);
    const registration = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }: { registrations: Array<{ registrationId: string; scopeURL: string; isDeleted: boolean }> }) => {
        const ours = registrations.find((one) => one.scopeURL === `${SITE}/` && !one.isDeleted);
        if (ours) resolve(ours.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const registrationId = await registration;
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: SITE, registrationId, data: JSON.stringify({ title: `New reports: ${FIRST}`, body: '1 new report' }) });
    const shown = () => page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((one) => [one.title, one.body]));
    await eventually(shown).toEqual([[`New reports: ${FIRST}`, '1 new report']]);
  });
});

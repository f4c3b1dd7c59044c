/**
 * Sharing a story (docs/product.md#bookmarks-sharing-and-copying): the share menu, the
 * Twitter and Facebook share pages in a new tab, and Copy Link with its two toasts.
 * The share sites are answered locally: no request leaves the machine.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { storyByTitle } from './support/feeds.ts';
import { useHarness } from './support/harness.ts';
import { eventually, onSite, openHomeWithStories, SITE, storyCard, toast } from './support/site.ts';

const h = useHarness();
/** A title with characters that must be encoded: "&", ":" and "?". */
const STORY = storyByTitle('Copper & tin prices climb: supply worries?');

async function answerShareSitesLocally(context: BrowserContext): Promise<string[]> {
  const opened: string[] = [];
  for (const pattern of ['https://twitter.com/**', 'https://www.facebook.com/**']) {
    await context.route(pattern, (route) => {
      opened.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>share</title>' });
    });
  }
  return opened;
}

async function openShareMenu(page: Page) {
  const card = storyCard(page, STORY.title);
  await card.scrollIntoViewIfNeeded();
  await card.getByRole('button', { name: 'Share story', exact: true }).click();
  const menu = page.getByRole('menu', { name: 'Share story' });
  await menu.waitFor();
  return menu;
}

describe('sharing a story', () => {
  it('offers Share to Twitter, Share to Facebook and Copy Link', async () => {
    const { page } = await h.open();
    await openHomeWithStories(page);
    const menu = await openShareMenu(page);
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual(['Share to Twitter', 'Share to Facebook', 'Copy Link']);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
  });

  it('opens the Twitter share page with the encoded title and story URL in a new tab', async () => {
    const { page, context } = await h.open();
    const requested = await answerShareSitesLocally(context);
    await openHomeWithStories(page);
    const menu = await openShareMenu(page);
    const [popup] = await Promise.all([context.waitForEvent('page'), menu.getByRole('menuitem', { name: 'Share to Twitter' }).click()]);
    await popup.waitForLoadState();
    const url = `${h.fixtureOrigin}${STORY.path}`;
    const expected = `https://twitter.com/intent/tweet?text=${encodeURIComponent(STORY.title)}&url=${encodeURIComponent(url)}`;
    expect(popup.url()).toBe(expected);
    expect(requested).toEqual([expected]);
    // noopener: the share page gets no handle on the news page.
    expect(await popup.evaluate(() => window.opener)).toBeNull();
    expect(page.url()).toBe(`${SITE}/`);
  });

  it('opens the Facebook share page with the encoded story URL and title in a new tab', async () => {
    const { page, context } = await h.open();
    const requested = await answerShareSitesLocally(context);
    await openHomeWithStories(page);
    const menu = await openShareMenu(page);
    const [popup] = await Promise.all([context.waitForEvent('page'), menu.getByRole('menuitem', { name: 'Share to Facebook' }).click()]);
    await popup.waitForLoadState();
    const url = `${h.fixtureOrigin}${STORY.path}`;
    const expected = `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}&quote=${encodeURIComponent(STORY.title)}`;
    expect(popup.url()).toBe(expected);
    expect(requested).toEqual([expected]);
    expect(await popup.evaluate(() => window.opener)).toBeNull();
  });

  it('copies the story link to the clipboard and says so', async () => {
    const { page, context } = await h.open();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: SITE });
    await openHomeWithStories(page);
    const menu = await openShareMenu(page);
    await menu.getByRole('menuitem', { name: 'Copy Link' }).click();
    await toast(page, 'Link copied', 'Story link copied to clipboard').waitFor();
    await eventually(() => page.evaluate(() => navigator.clipboard.readText())).toBe(`${h.fixtureOrigin}${STORY.path}`);
  });

  it('says the copy failed when the browser has no clipboard', async () => {
    const { page } = await h.open({
      initScripts: [onSite(`Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined, configurable: true });`)],
    });
    await openHomeWithStories(page);
    const menu = await openShareMenu(page);
    await menu.getByRole('menuitem', { name: 'Copy Link' }).click();
    await toast(page, 'Copy failed', 'Could not copy link to clipboard').waitFor();
    expect(await toast(page, 'Link copied', 'Story link copied to clipboard').count()).toBe(0);
  });

  it('says the copy failed when clipboard access is denied', async () => {
    const { page } = await h.open({
      initScripts: [
        onSite(`Clipboard.prototype.writeText = function () { return Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')); };`),
      ],
    });
    await openHomeWithStories(page);
    const menu = await openShareMenu(page);
    await menu.getByRole('menuitem', { name: 'Copy Link' }).click();
    await toast(page, 'Copy failed', 'Could not copy link to clipboard').waitFor();
  });
});

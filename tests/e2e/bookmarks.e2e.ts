/**
 * Bookmarks (docs/product.md#bookmarks-sharing-and-copying,
 * docs/product.md#stored-in-the-browser): the toggle, its toasts,
 * the stored list of ids, reloads, and other tabs.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { EXPECTED_STORIES } from './support/feeds.ts';
import { useHarness } from './support/harness.ts';
import { eventually, localStorageItem, openHomeWithStories, storyCard, storyId, toast } from './support/site.ts';

const h = useHarness();
const FIRST = EXPECTED_STORIES[0]!.title;
const LATER = EXPECTED_STORIES[5]!.title;

function bookmarkButton(card: Locator): Locator {
  return card.getByRole('button', { name: /^(Bookmark story|Remove bookmark)$/ });
}

async function storedBookmarks(page: Page): Promise<unknown> {
  const raw = await localStorageItem(page, 'newsBookmarks');
  return raw === null ? null : (JSON.parse(raw) as unknown);
}

describe('bookmarks', () => {
  it('bookmarking a story presses its button, renames it "Remove bookmark" and confirms with a toast', async () => {
    const { page } = await h.open();
    await openHomeWithStories(page);
    const card = storyCard(page, FIRST);
    const button = card.getByRole('button', { name: 'Bookmark story', exact: true });
    expect(await button.getAttribute('aria-pressed')).toBe('false');
    await button.click();
    const pressed = card.getByRole('button', { name: 'Remove bookmark', exact: true });
    await pressed.waitFor();
    expect(await pressed.getAttribute('aria-pressed')).toBe('true');
    await toast(page, 'Story bookmarked', 'Story saved to your bookmarks').waitFor();
    // Only this story is bookmarked.
    expect(await page.getByRole('button', { name: 'Remove bookmark', exact: true }).count()).toBe(1);
  });

  it('removing a bookmark releases the button and confirms with a toast', async () => {
    const { page } = await h.open();
    await openHomeWithStories(page);
    const card = storyCard(page, FIRST);
    await card.getByRole('button', { name: 'Bookmark story', exact: true }).click();
    await card.getByRole('button', { name: 'Remove bookmark', exact: true }).click();
    const released = card.getByRole('button', { name: 'Bookmark story', exact: true });
    await released.waitFor();
    expect(await released.getAttribute('aria-pressed')).toBe('false');
    await toast(page, 'Bookmark removed', 'Story removed from your bookmarks').waitFor();
  });

  it('keeps the bookmarks in localStorage as a JSON array of story ids', async () => {
    const { page } = await h.open();
    await openHomeWithStories(page);
    await bookmarkButton(storyCard(page, FIRST)).click();
    await bookmarkButton(storyCard(page, LATER)).click();
    const ids = [await storyId(h.functionEndpoint, FIRST), await storyId(h.functionEndpoint, LATER)];
    await eventually(() => storedBookmarks(page)).toEqual(ids);
    await bookmarkButton(storyCard(page, FIRST)).click();
    await eventually(() => storedBookmarks(page)).toEqual([ids[1]]);
  });

  it('keeps the bookmarks after a reload', async () => {
    const { page } = await h.open();
    await openHomeWithStories(page);
    await bookmarkButton(storyCard(page, LATER)).click();
    await eventually(() => storedBookmarks(page)).toHaveLength(1);
    await page.reload();
    await openHomeWithStories(page);
    const button = bookmarkButton(storyCard(page, LATER));
    expect(await button.getAttribute('aria-pressed')).toBe('true');
    expect(await storyCard(page, LATER).getByRole('button', { name: 'Remove bookmark', exact: true }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Remove bookmark', exact: true }).count()).toBe(1);
  });

  it('shows a bookmark added or removed in another tab', async () => {
    const { page, context } = await h.open();
    await openHomeWithStories(page);
    const other = await context.newPage();
    await openHomeWithStories(other);

    await bookmarkButton(storyCard(other, FIRST)).click();
    await eventually(() => bookmarkButton(storyCard(page, FIRST)).getAttribute('aria-pressed')).toBe('true');
    expect(await storyCard(page, FIRST).getByRole('button', { name: 'Remove bookmark', exact: true }).count()).toBe(1);

    await bookmarkButton(storyCard(other, FIRST)).click();
    await eventually(() => bookmarkButton(storyCard(page, FIRST)).getAttribute('aria-pressed')).toBe('false');
  });
});

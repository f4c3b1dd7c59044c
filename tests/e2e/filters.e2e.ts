/**
 * Search, categories and the Saved filter, and the URL that mirrors them
 * (docs/product.md#search-categories-and-the-url), plus the empty state.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { EXPECTED_STORIES, FIXTURE_CATEGORIES } from './support/feeds.ts';
import { useHarness } from './support/harness.ts';
import {
  categoriesButton,
  eventually,
  expectedTitles,
  functionStories,
  openHomeWithStories,
  savedToggle,
  searchBox,
  searchParams,
  shownTitles,
  storedBookmarksScript,
  storyCard,
  topStoriesHeading,
} from './support/site.ts';

const h = useHarness();
const ALL_TITLES = EXPECTED_STORIES.map((story) => story.title);
const ids = new Map<string, string>();
const idOf = (title: string) => ids.get(title) ?? `missing:${title}`;

beforeAll(async () => {
  for (const story of await functionStories(h.functionEndpoint)) ids.set(story.title, story.id);
});

async function search(page: Page, text: string): Promise<void> {
  await searchBox(page).fill(text);
}

async function chooseCategories(page: Page, ...names: string[]): Promise<void> {
  await categoriesButton(page).click();
  const menu = page.getByRole('menu');
  await menu.waitFor();
  for (const name of names) await menu.getByRole('menuitemcheckbox', { name, exact: true }).click();
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'hidden' });
}

function chipRemover(page: Page, category: string) {
  return page.getByRole('button', { name: `Remove ${category}`, exact: true });
}

describe('search', () => {
  it('offers a search box labelled "Search news stories" with the placeholder "Search news stories..."', async () => {
    const { page } = await h.open();
    await openHomeWithStories(page);
    expect(await searchBox(page).getAttribute('placeholder')).toBe('Search news stories...');
  });

  it('shows the "/" hint while the box is empty and a "Clear search" button while it has text, each centred in the box', async () => {
    const { page } = await h.open();
    await openHomeWithStories(page);
    const clear = page.getByRole('button', { name: 'Clear search', exact: true });
    const hint = page.locator('kbd', { hasText: '/' });
    expect(await hint.isVisible()).toBe(true);
    expect(await clear.count()).toBe(0);
    const empty = await searchBox(page).boundingBox();
    const hintBox = await hint.boundingBox();
    if (!empty || !hintBox) throw new Error('no geometry');
    expect(Math.abs(hintBox.y + hintBox.height / 2 - (empty.y + empty.height / 2))).toBeLessThanOrEqual(1);
    expect(hintBox.x + hintBox.width).toBeLessThanOrEqual(empty.x + empty.width);
    await search(page, 'comet');
    await clear.waitFor();
    expect(await page.locator('kbd', { hasText: '/' }).isVisible()).toBe(false);
    const box = await searchBox(page).boundingBox();
    const button = await clear.boundingBox();
    if (!box || !button) throw new Error('no geometry');
    expect(Math.abs(button.y + button.height / 2 - (box.y + box.height / 2))).toBeLessThanOrEqual(1);
    expect(button.x + button.width).toBeLessThanOrEqual(box.x + box.width);
    await clear.click();
    expect(await searchBox(page).inputValue()).toBe('');
    expect(await clear.count()).toBe(0);
  });

  it('finds stories by title, whatever the case of the query', async () => {
    const { page } = await h.open();
    await openHomeWithStories(page);
    await search(page, 'COMET lumen');
    await eventually(() => shownTitles(page)).toEqual(['Comet Lumen brightens ahead of schedule']);
  });

  it('finds stories by a word of their summary', async () => {
    const { page } = await h.open();
    await openHomeWithStories(page);
    await search(page, 'Quokka');
    await eventually(() => shownTitles(page)).toEqual(['Small businesses report a strong quarter']);
  });

  it('finds stories by their source', async () => {
    const { page } = await h.open();
    await openHomeWithStories(page);
    await search(page, 'pitchSIDE');
    await eventually(() => shownTitles(page)).toEqual(expectedTitles({ q: 'pitchside' }));
    expect(await shownTitles(page)).toHaveLength(3);
    // Three matches fill Top Stories; an empty More Stories section is not shown.
    expect(await page.getByRole('heading', { name: 'More Stories' }).count()).toBe(0);
  });

  it('puts the query in the URL as ?q= while typing, without adding history entries', async () => {
    const { page } = await h.open();
    await openHomeWithStories(page);
    const historyLength = await page.evaluate(() => history.length);
    await searchBox(page).pressSequentially('lunar', { delay: 30 });
    await eventually(() => searchParams(page).get('q')).toBe('lunar');
    expect(await page.evaluate(() => history.length)).toBe(historyLength);
    await eventually(() => shownTitles(page)).toEqual(expectedTitles({ q: 'lunar' }));
  });

  it('focuses the search box when "/" is pressed outside a text field', async () => {
    const { page } = await h.open();
    await openHomeWithStories(page);
    await topStoriesHeading(page).click();
    await page.keyboard.press('/');
    await eventually(() => searchBox(page).evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await searchBox(page).inputValue()).toBe('');
    await page.keyboard.type('copper');
    await eventually(() => shownTitles(page)).toEqual(expectedTitles({ q: 'copper' }));
  });

  it('shows "No stories found" when nothing matches', async () => {
    const { page } = await h.open();
    await openHomeWithStories(page);
    await search(page, 'xyzzy no such story');
    await page.getByRole('heading', { name: 'No stories found' }).waitFor();
    expect(await page.getByText('Try adjusting your search or filter criteria', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('article').count()).toBe(0);
    expect(await topStoriesHeading(page).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'More Stories' }).count()).toBe(0);
  });
});

describe('categories', () => {
  it('lists the categories of the stories alphabetically, as checkable menu items', async () => {
    const { page } = await h.open();
    await openHomeWithStories(page);
    expect(await categoriesButton(page).count()).toBe(1);
    await categoriesButton(page).click();
    const items = page.getByRole('menu').getByRole('menuitemcheckbox');
    await items.first().waitFor();
    expect(await items.allTextContents()).toEqual(FIXTURE_CATEGORIES);
    expect(await items.evaluateAll((elements) => elements.map((element) => element.getAttribute('aria-checked')))).toEqual(
      FIXTURE_CATEGORIES.map(() => 'false'),
    );
  });

  it('filters by two chosen categories, with a count badge of 2 and a removable chip for each', async () => {
    const { page } = await h.open();
    await openHomeWithStories(page);
    await chooseCategories(page, 'Science', 'Sports');
    await eventually(() => shownTitles(page)).toEqual(expectedTitles({ categories: ['Science', 'Sports'] }));
    expect(await categoriesButton(page).textContent()).toContain('2');
    // Still one button whose name starts with "Categories".
    expect(await categoriesButton(page).count()).toBe(1);
    expect(await chipRemover(page, 'Science').isVisible()).toBe(true);
    expect(await chipRemover(page, 'Sports').isVisible()).toBe(true);
    expect(searchParams(page).getAll('category').sort()).toEqual(['Science', 'Sports']);
    await categoriesButton(page).click();
    await page.getByRole('menu').waitFor();
    const checked = page.getByRole('menuitemcheckbox', { checked: true });
    expect(await checked.allTextContents()).toEqual(['Science', 'Sports']);
  });

  it('drops a category when its chip is removed', async () => {
    const { page } = await h.open();
    await openHomeWithStories(page);
    await chooseCategories(page, 'Science', 'Sports');
    await chipRemover(page, 'Science').click();
    await eventually(() => shownTitles(page)).toEqual(expectedTitles({ categories: ['Sports'] }));
    expect(await chipRemover(page, 'Science').count()).toBe(0);
    expect(searchParams(page).getAll('category')).toEqual(['Sports']);
    expect(await categoriesButton(page).textContent()).toContain('1');
  });

  it('restores the previous filter with the back button', async () => {
    const { page } = await h.open();
    await openHomeWithStories(page);
    await chooseCategories(page, 'Science');
    await eventually(() => searchParams(page).getAll('category')).toEqual(['Science']);
    await chooseCategories(page, 'Finance');
    await eventually(() => searchParams(page).getAll('category').sort()).toEqual(['Finance', 'Science']);
    await page.goBack();
    await eventually(() => searchParams(page).getAll('category')).toEqual(['Science']);
    await eventually(() => shownTitles(page)).toEqual(expectedTitles({ categories: ['Science'] }));
    expect(await chipRemover(page, 'Finance').count()).toBe(0);
    await page.goBack();
    await eventually(() => shownTitles(page)).toEqual(ALL_TITLES);
  });

  it('ignores a category in the URL that the stories do not have', async () => {
    const { page } = await h.open();
    await openHomeWithStories(page, '?category=Astrology');
    await eventually(() => shownTitles(page)).toEqual(ALL_TITLES);
    expect(await chipRemover(page, 'Astrology').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Categories', exact: true }).count()).toBe(1);

    await openHomeWithStories(page, '?category=Astrology&category=Health');
    await eventually(() => shownTitles(page)).toEqual(expectedTitles({ categories: ['Health'] }));
    // The chips arrive in their own chunk, a moment after the stories.
    await eventually(() => chipRemover(page, 'Health').isVisible()).toBe(true);
  });
});

describe('the Saved filter', () => {
  it('shows only the bookmarked stories while pressed', async () => {
    const { page } = await h.open();
    await openHomeWithStories(page);
    const saved = [ALL_TITLES[1]!, ALL_TITLES[9]!];
    for (const title of saved) await storyCard(page, title).getByRole('button', { name: 'Bookmark story' }).click();
    expect(await savedToggle(page).getAttribute('aria-pressed')).toBe('false');
    await savedToggle(page).click();
    expect(await savedToggle(page).getAttribute('aria-pressed')).toBe('true');
    await eventually(() => shownTitles(page)).toEqual(saved);
    expect(searchParams(page).get('saved')).toBe('1');
    await savedToggle(page).click();
    expect(await savedToggle(page).getAttribute('aria-pressed')).toBe('false');
    await eventually(() => shownTitles(page)).toEqual(ALL_TITLES);
  });

  it('combines with search: only bookmarked stories that match', async () => {
    const saved = ['Comet Lumen brightens ahead of schedule', 'Harbour City clinch the title in extra time', 'Marathon record falls in cold rain'];
    const { page } = await h.open({ initScripts: [storedBookmarksScript(saved.map(idOf))] });
    await openHomeWithStories(page);
    await savedToggle(page).click();
    await search(page, 'pitchside');
    const want = expectedTitles({ q: 'pitchside', savedIds: new Set(saved.map(idOf)) }, idOf);
    expect(want).toEqual(['Harbour City clinch the title in extra time', 'Marathon record falls in cold rain']);
    await eventually(() => shownTitles(page)).toEqual(want);
  });

  it('shows "No stories found" when nothing is bookmarked', async () => {
    const { page } = await h.open();
    await openHomeWithStories(page);
    await savedToggle(page).click();
    await page.getByRole('heading', { name: 'No stories found' }).waitFor();
    expect(await page.getByText('Try adjusting your search or filter criteria', { exact: true }).isVisible()).toBe(true);
  });
});

describe('filters in the URL', () => {
  it('applies search, categories and Saved from an opened URL, combined with AND', async () => {
    const saved = ['Comet Lumen brightens ahead of schedule', 'Telescope mirror segments arrive at the summit', 'Youth league expands to twelve new towns', 'Central bank holds rates steady', 'Marathon record falls in cold rain'];
    const savedIds = new Set(saved.map(idOf));
    const { page } = await h.open({ initScripts: [storedBookmarksScript(saved.map(idOf))] });
    await openHomeWithStories(page, '?q=in&category=Science&category=Sports&saved=1');
    // Saved lists the stories in the order they were saved (docs/product.md#saved-stories-last).
    const want = expectedTitles({ q: 'in', categories: ['Science', 'Sports'], savedIds }, idOf).sort((a, b) => saved.indexOf(a) - saved.indexOf(b));
    // Each filter matters: dropping any one of them would show more.
    expect(want.length).toBeGreaterThan(0);
    expect(expectedTitles({ categories: ['Science', 'Sports'], savedIds }, idOf).length).toBeGreaterThan(want.length);
    expect(expectedTitles({ q: 'in', savedIds }, idOf).length).toBeGreaterThan(want.length);
    expect(expectedTitles({ q: 'in', categories: ['Science', 'Sports'] }).length).toBeGreaterThan(want.length);

    expect(await shownTitles(page)).toEqual(want);
    expect(await searchBox(page).inputValue()).toBe('in');
    await chipRemover(page, 'Science').waitFor();
    expect(await chipRemover(page, 'Science').isVisible()).toBe(true);
    expect(await chipRemover(page, 'Sports').isVisible()).toBe(true);
    expect(await savedToggle(page).getAttribute('aria-pressed')).toBe('true');
  });
});

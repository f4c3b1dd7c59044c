/**
 * A front page of one's own (docs/product.md#a-front-page-of-ones-own, INTERFACE section 11) in
 * Chromium, against the real function reading the fixture feeds: an outlet hidden from a card's
 * "More options" with "Undo", across a reload, and shown again from "Hidden outlets"; Saved still
 * showing a hidden outlet's saved story; every story hidden; read by "Read more" and by "Full
 * coverage"; "Hide read" with unread=1 across a reload; "Your reading" exported and imported in a
 * fresh browser context; a bad file refused; corrupt stored values.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { EXPECTED_STORIES, FIXTURE_SOURCES } from './support/feeds.ts';
import { useHarness } from './support/harness.ts';
import { eventually, localStorageItem, onSite, openHome, openHomeWithStories, savedToggle, searchParams, shownTitles, storyCard, toast } from './support/site.ts';

const h = useHarness();

// The newest story and its outlet; the other outlets' stories stay.
const chosen = EXPECTED_STORIES[0]!;
const outlet = chosen.source;
const fromOutlet = EXPECTED_STORIES.filter((story) => story.source === outlet).map((story) => story.title);

async function chooseFromMoreOptions(page: Page, title: string, item: string): Promise<void> {
  await storyCard(page, title).getByRole('button', { name: 'More options', exact: true }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

const hiddenOutletsButton = (page: Page, count: number) => page.getByRole('button', { name: `Hidden outlets (${count})`, exact: true });

describe('hide an outlet', () => {
  it('"Hide stories from {source}" takes its stories out at once, "Undo" brings them back; hidden again, they stay out after a reload; "Show stories from {source}" shows them', async () => {
    const { page } = await h.open();
    await openHomeWithStories(page);
    await chooseFromMoreOptions(page, chosen.title, `Hide stories from ${outlet}`);
    await toast(page, `Stories from ${outlet} hidden`, '').waitFor();
    await eventually(async () => (await shownTitles(page)).filter((title) => fromOutlet.includes(title))).toEqual([]);
    // The count counts only what shows.
    await eventually(() => page.locator('#stories').getAttribute('data-count')).toBe(String(EXPECTED_STORIES.length - fromOutlet.length));
    expect(JSON.parse((await localStorageItem(page, 'newsHiddenSources')) ?? 'null')).toEqual([outlet]);
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await storyCard(page, chosen.title).waitFor();
    expect(JSON.parse((await localStorageItem(page, 'newsHiddenSources')) ?? 'null')).toEqual([]);

    await chooseFromMoreOptions(page, chosen.title, `Hide stories from ${outlet}`);
    await hiddenOutletsButton(page, 1).waitFor();
    await page.reload();
    await hiddenOutletsButton(page, 1).waitFor({ timeout: 20_000 });
    expect((await shownTitles(page)).filter((title) => fromOutlet.includes(title))).toEqual([]);
    await hiddenOutletsButton(page, 1).click();
    const dialog = page.getByRole('dialog', { name: 'Hidden outlets' });
    await dialog.getByRole('button', { name: `Show stories from ${outlet}`, exact: true }).click();
    await storyCard(page, chosen.title).waitFor();
  });

  it('Saved still shows a hidden outlet\'s saved story', async () => {
    const { page } = await h.open();
    await openHomeWithStories(page);
    await storyCard(page, chosen.title).getByRole('button', { name: 'Bookmark story', exact: true }).click();
    await chooseFromMoreOptions(page, chosen.title, `Hide stories from ${outlet}`);
    await eventually(() => storyCard(page, chosen.title).count()).toBe(0);
    await savedToggle(page).click();
    await storyCard(page, chosen.title).waitFor();
  });

  it('with every outlet hidden, the list says so with "Hidden outlets", not "No stories found"', async () => {
    const every = FIXTURE_SOURCES.map((source) => source.name);
    const { page } = await h.open({ initScripts: [onSite(`localStorage.setItem('newsHiddenSources', ${JSON.stringify(JSON.stringify(every))})`)] });
    await openHome(page);
    await page.getByRole('heading', { name: 'Every story here is from an outlet you hid', exact: true }).waitFor({ timeout: 20_000 });
    expect(await page.getByText('No stories found', { exact: true }).count()).toBe(0);
    expect(await hiddenOutletsButton(page, every.length).count()).toBeGreaterThan(0);
  });
});

describe('read', () => {
  it('"Read more" and "Full coverage" mark a story read; "Hide read" leaves it out with unread=1, across a reload', async () => {
    const { page, context } = await h.open();
    await openHomeWithStories(page);
    const [first, second] = [EXPECTED_STORIES[0]!.title, EXPECTED_STORIES[1]!.title];
    const popup = context.waitForEvent('page');
    await storyCard(page, first).getByRole('link', { name: /^Read more/ }).click();
    await (await popup).close();
    await storyCard(page, first).getByText('Read', { exact: true }).waitFor();
    await storyCard(page, second).getByRole('link', { name: 'Full coverage', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: second, exact: true }).waitFor({ timeout: 20_000 });
    await page.goBack();
    await storyCard(page, second).getByText('Read', { exact: true }).waitFor();
    // Most recently read first.
    expect(JSON.parse((await localStorageItem(page, 'newsRead')) ?? 'null')).toHaveLength(2);

    const hideRead = page.getByRole('button', { name: 'Hide read', exact: true });
    await hideRead.click();
    await eventually(() => searchParams(page).get('unread')).toBe('1');
    expect(await hideRead.getAttribute('aria-pressed')).toBe('true');
    await eventually(() => storyCard(page, first).count()).toBe(0);
    expect(await storyCard(page, second).count()).toBe(0);
    await page.reload();
    await page.getByRole('button', { name: 'Hide read', exact: true, pressed: true }).waitFor({ timeout: 20_000 });
    await storyCard(page, EXPECTED_STORIES[2]!.title).waitFor();
    expect(await storyCard(page, first).count()).toBe(0);
    // "Mark as unread" from the menu brings it back.
    await page.getByRole('button', { name: 'Hide read', exact: true }).click();
    await chooseFromMoreOptions(page, first, 'Mark as unread');
    await eventually(() => storyCard(page, first).getByText('Read', { exact: true }).count()).toBe(0);
  });
});

describe('your reading', () => {
  it('exported here and imported in a fresh browser context: the bookmark, the hidden outlet and the read mark come along', async () => {
    const { page } = await h.open();
    await openHomeWithStories(page);
    const saved = EXPECTED_STORIES[3]!;
    await storyCard(page, saved.title).getByRole('button', { name: 'Bookmark story', exact: true }).click();
    await chooseFromMoreOptions(page, EXPECTED_STORIES[2]!.title, 'Mark as read');
    await chooseFromMoreOptions(page, chosen.title, `Hide stories from ${outlet}`);
    await page.getByRole('button', { name: 'Your reading', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Your reading' });
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Export', exact: true }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('newsroom-reading.json');
    const path = await file.path();
    const exported = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
    expect(exported).toMatchObject({ format: 'newsroom-reading', version: 1, hidden_sources: [outlet] });
    expect(exported.bookmarks).toHaveLength(1);
    expect(exported.read).toHaveLength(1);

    const fresh = await h.open();
    await openHomeWithStories(fresh.page);
    await fresh.page.getByRole('button', { name: 'Your reading', exact: true }).click();
    const chooser = fresh.page.waitForEvent('filechooser');
    await fresh.page.getByRole('dialog', { name: 'Your reading' }).getByRole('button', { name: 'Import', exact: true }).click();
    await (await chooser).setFiles(path);
    await toast(fresh.page, 'Reading imported', '').waitFor();
    await hiddenOutletsButton(fresh.page, 1).waitFor();
    expect(await localStorageItem(fresh.page, 'newsBookmarks')).toBe(JSON.stringify(exported.bookmarks));
    await fresh.page.keyboard.press('Escape');
    await storyCard(fresh.page, EXPECTED_STORIES[2]!.title).getByText('Read', { exact: true }).waitFor();
  });

  it('a file that is not a Newsroom export changes nothing and says so', async () => {
    const { page } = await h.open();
    await openHomeWithStories(page);
    await page.getByRole('button', { name: 'Your reading', exact: true }).click();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('dialog', { name: 'Your reading' }).getByRole('button', { name: 'Import', exact: true }).click();
    await (await chooser).setFiles({ name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify({ format: 'opml', bookmarks: ['x'] })) });
    await toast(page, 'This file is not a Newsroom export', '').waitFor();
    expect(await localStorageItem(page, 'newsBookmarks')).toBeNull();
    expect(await localStorageItem(page, 'newsHiddenSources')).toBeNull();
  });
});

describe('corrupt stored values', () => {
  it('unreadable newsHiddenSources and newsRead count as none: every story shows, none read, and hiding still works', async () => {
    const { page } = await h.open({ initScripts: [onSite("if (!sessionStorage.getItem('seeded')) { sessionStorage.setItem('seeded', '1'); localStorage.setItem('newsHiddenSources', '{not json'); localStorage.setItem('newsRead', '{\"a\":1}'); }")] });
    await openHomeWithStories(page);
    await eventually(() => page.locator('#stories').getAttribute('data-count')).toBe(String(EXPECTED_STORIES.length));
    expect(await page.getByRole('button', { name: /^Hidden outlets/ }).count()).toBe(0);
    await chooseFromMoreOptions(page, chosen.title, `Hide stories from ${outlet}`);
    await hiddenOutletsButton(page, 1).waitFor();
  });
});

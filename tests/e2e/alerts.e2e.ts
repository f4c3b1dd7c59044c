/**
 * Alerts for words (docs/product.md#alerts-for-words) in Chromium: "Alerts" beside "Following" opens the
 * dialog; an alert is added, refused with the contract's texts, the eleventh refused, removed; "Show
 * matches for {words}" opens the search; and the notice on return counts the new stories matching the
 * alerts, "Show" opening the search of the alert with the most.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useHarness } from './support/harness.ts';
import { eventually, localStorageItem, onSite, openHomeWithStories, searchBox, searchParams } from './support/site.ts';

const h = useHarness();
const AT = '2025-06-01T00:00:00.000Z';

/** Seeds what the browser keeps, once per test (a reload keeps what the page wrote since). */
const seeded = (values: Record<string, string>) =>
  onSite(`if (!sessionStorage.getItem('e2e-seeded')) { sessionStorage.setItem('e2e-seeded', '1'); ${Object.entries(values).map(([key, value]) => `localStorage.setItem(${JSON.stringify(key)}, ${JSON.stringify(value)});`).join(' ')} }`);

async function openAlerts(page: Page) {
  await page.getByRole('button', { name: 'Alerts', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Alerts' });
  await dialog.waitFor();
  return dialog;
}

async function add(page: Page, words: string) {
  const dialog = page.getByRole('dialog', { name: 'Alerts' });
  await dialog.getByRole('textbox', { name: 'Words to watch' }).fill(words);
  await dialog.getByRole('button', { name: 'Add alert' }).click();
}

const storedWords = async (page: Page) => (JSON.parse((await localStorageItem(page, 'newsAlerts')) ?? '[]') as { words: string }[]).map((alert) => alert.words);

describe('alerts for words', () => {
  it('adds an alert, refuses what is not one with "An alert is 1 to 5 words", and removes it', async () => {
    const { page } = await h.open();
    await openHomeWithStories(page);
    const dialog = await openAlerts(page);
    await add(page, '  Comet   Lumen ');
    const link = dialog.getByRole('link', { name: 'Show matches for Comet Lumen' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe('/?q=Comet%20Lumen');
    await eventually(() => storedWords(page)).toEqual(['Comet Lumen']);
    // The field is emptied for the next alert.
    expect(await dialog.getByRole('textbox', { name: 'Words to watch' }).inputValue()).toBe('');

    for (const refused of ['x', 'one two three four five six', 'y'.repeat(61)]) {
      await add(page, refused);
      await dialog.getByText('An alert is 1 to 5 words', { exact: true }).waitFor();
    }
    await eventually(() => storedWords(page)).toEqual(['Comet Lumen']);

    await dialog.getByRole('button', { name: 'Remove alert for Comet Lumen' }).click();
    await eventually(() => dialog.getByRole('link', { name: 'Show matches for Comet Lumen' }).count()).toBe(0);
    await eventually(() => storedWords(page)).toEqual([]);
    // Kept after a reload as it was left.
    await page.reload();
    await openHomeWithStories(page);
    await openAlerts(page);
    expect(await page.getByRole('link', { name: /^Show matches for/ }).count()).toBe(0);
  });

  it('keeps 10 alerts and refuses an eleventh with "You can keep up to 10 alerts"', async () => {
    const ten = Array.from({ length: 10 }, (_, i) => ({ words: `topic${i}`, created_at: AT }));
    const { page } = await h.open({ initScripts: [seeded({ newsAlerts: JSON.stringify(ten) })] });
    await openHomeWithStories(page);
    const dialog = await openAlerts(page);
    expect(await dialog.getByRole('link', { name: /^Show matches for topic/ }).count()).toBe(10);
    await add(page, 'eleventh');
    await dialog.getByText('You can keep up to 10 alerts', { exact: true }).waitFor();
    expect(await storedWords(page)).toEqual(ten.map((alert) => alert.words));
  });

  it('"Show matches for {words}" opens the search for the words and closes the dialog', async () => {
    const { page } = await h.open({ initScripts: [seeded({ newsAlerts: JSON.stringify([{ words: 'lunar ice', created_at: AT }]) })] });
    await openHomeWithStories(page);
    const dialog = await openAlerts(page);
    await dialog.getByRole('link', { name: 'Show matches for lunar ice' }).click();
    await eventually(() => searchParams(page).get('q')).toBe('lunar ice');
    await eventually(() => dialog.count()).toBe(0);
    await eventually(() => searchBox(page).inputValue()).toBe('lunar ice');
  });

  it('on return, tells of the new stories matching the alerts; "Show" opens the search of the alert with the most', async () => {
    // Since the previous visit (June 10th, midnight): "comet" matches one story, "in" two ("… the title in extra
    // time", "… in a pilot"); the story of June 9th with "in" is older than the visit.
    const alerts = [{ words: 'comet', created_at: AT }, { words: 'in', created_at: AT }];
    const { page } = await h.open({ initScripts: [seeded({ newsAlerts: JSON.stringify(alerts), newsLastVisit: '2025-06-10T00:00:00.000Z' })] });
    await openHomeWithStories(page);
    const notice = page.getByRole('status').filter({ hasText: 'new stories match your alerts' });
    await notice.getByText('3 new stories match your alerts', { exact: true }).waitFor();
    await notice.getByRole('button', { name: 'Show' }).click();
    await eventually(() => searchParams(page).get('q')).toBe('in');
    await eventually(() => notice.count()).toBe(0);
  });
});

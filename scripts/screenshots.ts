// `npm run screenshots`: the built site (`--no-build`: dist/ as it is) in headless Chromium, light and dark, into docs/screenshots/,
// the function answered from fixtures. `--only=home|reader|offline|memory|update|story|front` takes one group (update changes dist/sw.js and puts it back).
import { readFileSync, writeFileSync } from 'node:fs';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { launchChromium } from './chromium.mjs';
import { ROOT } from './lib/function-command.mjs';
import { viteBuild, vitePreview } from './lib/vite.ts';

const out = `${ROOT}/docs/screenshots`;
const fixture = readFileSync(`${ROOT}/tests/fixtures/live-answer.json`, 'utf8');
const stories = () => JSON.parse(fixture).stories as { id: string; title: string; url: string; related?: unknown }[];
const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'authorization, x-client-info, apikey, content-type', 'access-control-allow-methods': 'GET, POST, OPTIONS' };
const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
const both = (widths: number[]) => (['light', 'dark'] as const).flatMap((theme) => widths.map((width) => [theme, width] as const));
/** The shots of `group` (the plain ones, `--only=home`, when null): all of them without --only. */
const want = (group: string | null, widths = [375, 1280]) => (only === undefined || only === (group ?? 'home') ? both(widths) : []);

/** fetch-news answered with `body(params)` (503 when undefined), and the fixture's story images. */
async function answer(target: Page | BrowserContext, body: (params: URLSearchParams) => string | undefined | Promise<string | undefined>) {
  await target.route((url) => url.pathname.endsWith('/functions/v1/fetch-news'), async (route) => {
    if (route.request().method() === 'OPTIONS') return route.fulfill({ status: 204, headers: cors });
    const text = await body(new URL(route.request().url()).searchParams);
    await route.fulfill(text === undefined ? { status: 503, headers: cors, body: 'Service Unavailable' } : { status: 200, headers: { ...cors, 'content-type': 'application/json' }, body: text });
  });
  await target.route('https://images.example.org/**', (route) =>
    route.fulfill({ status: 200, contentType: 'image/svg+xml', body: readFileSync(`${ROOT}/tests/fixtures/images/${new URL(route.request().url()).pathname.slice(1)}`) }),
  );
}

/** A fresh context in `theme` at `width`, with `init` run before the page's scripts; closed after `steps`. */
async function inContext(browser: Browser, theme: 'light' | 'dark', width: number, options: BrowserContextOptions & { init?: string }, steps: (page: Page, context: BrowserContext) => Promise<void>) {
  const { init, ...rest } = options;
  const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: theme, deviceScaleFactor: 1, locale: 'en-US', timezoneId: 'UTC', ...rest });
  if (init) await context.addInitScript(init);
  await steps(await context.newPage(), context).finally(() => context.close());
}

/** A shot once the network is idle, or once menus' and notices' entry animations have run. */
async function shot(page: Page, after: 'networkidle' | 'settled' | 'now', name: string, fullPage = false) {
  await (after === 'networkidle' ? page.waitForLoadState('networkidle') : page.waitForTimeout(after === 'settled' ? 400 : 0));
  await page.screenshot({ path: `${out}/${name}.png`, fullPage });
  console.log(`wrote docs/screenshots/${name}.png`);
}

// A production build needs both (vite.config.ts); the page's calls are answered by the routes above.
const env = { VITE_SUPABASE_URL: 'http://127.0.0.1:54321', VITE_SUPABASE_ANON_KEY: 'local-development-anon-key' };
if (!process.argv.includes('--no-build')) await viteBuild(`${ROOT}/dist`, env);
const [server, browser] = [await vitePreview(`${ROOT}/dist`, env), await launchChromium()];
const [base, worker] = [server.url.replace(/\/$/, ''), `${ROOT}/dist/sw.js`];
const deployed = readFileSync(worker, 'utf8');
try {
  // Stories kept by an earlier visit, 3 hours ago (docs/product.md#loading-failure-retry-and-fallback): the offline notice
  // when the function is out of reach, the "new stories" bar when the live answer comes while the visitor has scrolled.
  const init = `localStorage.setItem('newsLastFeed', ${JSON.stringify(JSON.stringify({ saved_at: new Date(Date.now() - 3 * 3600_000).toISOString(), stories: stories().slice(0, 8) }))})`;
  for (const [theme, width] of want('offline')) {
    await inContext(browser, theme, width, { serviceWorkers: 'block', init }, async (page) => {
      await answer(page, () => undefined);
      await page.goto(base);
      await page.getByText("You're offline.").waitFor({ timeout: 15_000 });
      await shot(page, 'networkidle', `offline-${theme}-${width}`);
    });
    await inContext(browser, theme, width, { serviceWorkers: 'block', init }, async (page) => {
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      await answer(page, () => released.then(() => fixture));
      await page.goto(base);
      await page.getByRole('heading', { name: 'Top Stories' }).waitFor({ timeout: 15_000 });
      await page.waitForLoadState('load');
      await page.mouse.wheel(0, 420);
      await page.waitForFunction(() => window.scrollY > 0);
      release();
      await page.getByRole('button', { name: 'Show latest stories' }).waitFor({ timeout: 15_000 });
      await shot(page, 'settled', `new-stories-${theme}-${width}`);
    });
  }
  // The new-version notice: the page's worker installed, then a changed sw.js (a deploy), then a reload finds it.
  for (const [theme, width] of want('update')) {
    writeFileSync(worker, deployed);
    await inContext(browser, theme, width, { serviceWorkers: 'allow' }, async (page, context) => {
      await answer(context, () => fixture); // the context's routes answer the worker's requests too
      await page.goto(base);
      while (!(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state === 'activated'))) await page.waitForTimeout(100);
      for (let attempt = 0; attempt < 3 && !(await page.evaluate(() => navigator.serviceWorker.controller !== null)); attempt += 1) await page.reload();
      // Another version (the 16-hex-digit one scripts/standalone-scripts.ts writes): the browser installs it as a new worker,
      // slowly enough that the page registers first and offers it (a finished install is taken at once: docs/deploy.md).
      writeFileSync(worker, deployed.replace(/"[0-9a-f]{16}"/, `"${'f'.repeat(16)}"`));
      await context.route('**/assets/**', async (route) => (route.request().serviceWorker() && (await new Promise((done) => setTimeout(done, 3000))), route.continue()));
      await page.reload();
      await page.getByRole('heading', { name: 'Top Stories' }).waitFor({ timeout: 15_000 });
      await page.getByText('A new version is available').waitFor({ timeout: 30_000 });
      await shot(page, 'settled', `new-version-${theme}-${width}`);
    });
  }
  writeFileSync(worker, deployed);
  // Reader features: "New" since a previous visit (five of the fixture's stories are newer), two more sources, the shortcuts.
  const reader = JSON.stringify({ stories: stories().map((story, i) => (i === 0 ? { ...story, related: [{ source: 'Reuters', url: 'https://example.org/reuters/chips' }, { source: 'The Verge', url: 'https://example.org/verge/chips' }] } : story)) });
  for (const [theme, width] of want('reader')) {
    await inContext(browser, theme, width, { init: `localStorage.setItem('newsLastVisit', '2026-11-21T12:00:00.000Z')` }, async (page) => {
      await answer(page, () => reader);
      await page.goto(base);
      await page.getByText('new since your last visit').waitFor({ timeout: 15_000 });
      await shot(page, 'networkidle', `reader-new-${theme}-${width}`);
      const disclosure = page.getByRole('button', { name: 'Also covered by 2 more sources' });
      await disclosure.click();
      await page.getByRole('link', { name: 'The Verge' }).waitFor();
      await disclosure.evaluate((element) => element.closest('article')?.scrollIntoView({ block: 'center' }));
      await shot(page, 'settled', `reader-related-open-${theme}-${width}`);
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.keyboard.press('j');
      await page.keyboard.press('?');
      await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
      await shot(page, 'settled', `reader-shortcuts-${theme}-${width}`);
    });
  }
  // What a reader keeps and can reach: the function's `?before=`, `?ids=` and `?q=` answered from the fixture.
  const [all, saved] = [stories(), stories()[1]];
  const older = all.slice(0, 6).map((story, i) => ({ ...story, id: `older-${i}`, title: `Earlier: ${story.title}`, published_at: `2026-11-0${i + 1}T09:00:00Z`, url: `${story.url}-older` }));
  const gone = older[0];
  // No stories kept from the shot before: each page shows the live answer with its `next` at once.
  const kept = `localStorage.removeItem('newsLastFeed'); localStorage.setItem('newsBookmarks', ${JSON.stringify(JSON.stringify([saved?.id, gone?.id]))}); localStorage.setItem('newsSavedStories', ${JSON.stringify(JSON.stringify([gone, saved]))})`;
  for (const [theme, width] of want('memory')) {
    await inContext(browser, theme, width, { serviceWorkers: 'block', init: kept }, async (page) => {
      await answer(page, (params) =>
        JSON.stringify(params.has('before') ? { stories: older } : params.has('q') ? { stories: [older[5], all[5]] } : params.has('ids') ? { stories: [saved] } : { ...JSON.parse(fixture), next: 'cursor-1' }),
      );
      await page.goto(`${base}/?saved=1`);
      await page.getByRole('article', { name: gone?.title }).waitFor({ timeout: 15_000 });
      await shot(page, 'networkidle', `memory-saved-${theme}-${width}`, true);
      await page.goto(base);
      const more = page.getByRole('button', { name: 'Show older stories' });
      await more.waitFor({ timeout: 15_000 });
      await page.waitForLoadState('networkidle');
      await more.evaluate((element) => element.scrollIntoView({ block: 'end' }));
      await shot(page, 'settled', `memory-older-${theme}-${width}`);
      await more.click();
      await page.getByRole('article', { name: gone?.title }).waitFor();
      await page.getByRole('article').last().evaluate((element) => element.scrollIntoView({ block: 'end' }));
      await shot(page, 'settled', `memory-older-loaded-${theme}-${width}`);
      await page.goto(`${base}/?q=wind&archive=1`);
      await page.getByRole('region', { name: 'From the last 30 days' }).getByRole('article').first().waitFor({ timeout: 15_000 });
      await page.getByRole('heading', { name: 'From the last 30 days' }).evaluate((element) => element.scrollIntoView({ block: 'start' }));
      await shot(page, 'settled', `memory-archive-${theme}-${width}`);
    });
  }
  // A story's page (docs/product.md#a-page-for-each-story): an event three outlets reported, one of them in Arabic; a story
  // the store no longer has; a followed story with the function out of reach, from what the browser kept.
  const [lead] = stories();
  const reports = [
    { ...lead, related: undefined },
    { id: 'story-b', title: 'Chip makers race to cut the power their processors draw when idle', summary: 'Two more makers announced designs of the same kind.', source: 'Reuters', url: 'https://example.org/reuters/chips', published_at: '2026-11-22T11:40:00Z' },
    { id: 'story-c', title: 'تصميم جديد للرقائق يطيل عمر بطاريات الحواسيب المحمولة', summary: 'يخفض التصميم استهلاك الطاقة في وضع الخمول بنحو الثلث.', source: 'Al Jazeera', url: 'https://example.org/aljazeera/chips', published_at: '2026-11-22T13:05:00Z' },
  ];
  const coverage = JSON.stringify({ story: { ...lead, related: reports.slice(1).map(({ source, url }) => ({ source, url })) }, reports, generated_at: '2026-11-22T14:00:00Z' });
  const followed = `localStorage.setItem('newsFollows', ${JSON.stringify(JSON.stringify([{ id: lead?.id, followed_at: '2026-11-22T12:00:00Z', seen: 3, story: JSON.parse(coverage).story }]))})`;
  for (const [theme, width] of want('story')) {
    await inContext(browser, theme, width, { serviceWorkers: 'block' }, async (page) => {
      await answer(page, (params) => (params.has('story') ? coverage : fixture));
      await page.goto(`${base}/story/${lead?.id}`);
      await page.getByRole('list', { name: 'Reports' }).waitFor({ timeout: 15_000 });
      await shot(page, 'networkidle', `story-${theme}-${width}`, true);
    });
    await inContext(browser, theme, width, { serviceWorkers: 'block' }, async (page) => {
      await answer(page, () => fixture);
      // The last route added is asked first.
      await page.route((url) => url.searchParams.has('story'), (route) => route.fulfill({ status: 404, headers: cors, contentType: 'application/json', body: '{"error":"not_found"}' }));
      await page.goto(`${base}/story/gone-story`);
      await page.getByRole('heading', { name: 'This story is no longer available' }).waitFor({ timeout: 15_000 });
      await shot(page, 'networkidle', `story-gone-${theme}-${width}`);
    });
    await inContext(browser, theme, width, { serviceWorkers: 'block', init: followed }, async (page) => {
      await answer(page, () => undefined);
      await page.route((url) => url.pathname.endsWith('/functions/v1/fetch-news'), (route) => route.abort('internetdisconnected'));
      await page.goto(`${base}/story/${lead?.id}`);
      await page.getByText("You're offline. Showing this story as this browser kept it.").waitFor({ timeout: 15_000 });
      await shot(page, 'settled', `story-offline-${theme}-${width}`, true);
    });
  }
  // A front page of one's own (docs/product.md#a-front-page-of-ones-own): two stories read, one outlet hidden; the
  // "Hidden outlets" dialog, a card's "More options" and the "Your reading" dialog.
  const own = `localStorage.setItem('newsRead', '["fixture-2","fixture-3"]'); localStorage.setItem('newsHiddenSources', '["The Guardian"]')`;
  for (const [theme, width] of want('front')) {
    await inContext(browser, theme, width, { serviceWorkers: 'block', init: own }, async (page) => {
      await answer(page, () => fixture);
      await page.goto(base);
      await page.getByRole('heading', { name: 'Top Stories' }).waitFor({ timeout: 15_000 });
      // Narrow, the read cards are below the first: the first of them at the top.
      if (width === 375) await page.getByRole('article').nth(1).evaluate((element) => element.scrollIntoView({ block: 'start' }));
      await shot(page, 'networkidle', `front-read-${theme}-${width}`);
      await page.getByRole('button', { name: 'Hidden outlets (1)' }).click();
      await page.getByRole('dialog', { name: 'Hidden outlets' }).waitFor();
      await shot(page, 'settled', `front-hidden-outlets-${theme}-${width}`);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'More options' }).nth(1).click();
      await page.getByRole('menuitem', { name: 'Mark as unread' }).waitFor();
      await shot(page, 'settled', `front-more-options-${theme}-${width}`);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Your reading' }).click();
      await page.getByRole('dialog', { name: 'Your reading' }).waitFor();
      await shot(page, 'settled', `front-your-reading-${theme}-${width}`);
    });
  }
  // The page with live stories and with the samples (the function out of reach), and the not-found page.
  for (const [theme, width] of want(null, [375, 800, 1280])) {
    for (const scenario of ['live', 'demo']) {
      await inContext(browser, theme, width, {}, async (page) => {
        await answer(page, () => (scenario === 'live' ? fixture : undefined));
        await page.goto(base);
        await page.getByRole('heading', { name: 'Top Stories' }).waitFor({ timeout: 15_000 });
        if (scenario === 'demo') await page.getByText('Currently showing demo content', { exact: false }).waitFor();
        await shot(page, 'networkidle', `${scenario}-${theme}-${width}`, width !== 375);
      });
    }
    if (width !== 1280) continue;
    await inContext(browser, theme, 1280, { viewport: { width: 1280, height: 720 } }, async (page) => {
      await page.goto(`${base}/no/such/page`);
      await page.getByText('Oops! Page not found').waitFor();
      await shot(page, 'now', `not-found-${theme}-1280`);
    });
  }
  // Interactive states: the open menus, narrow and wide.
  for (const [theme, width] of only === undefined ? ([['light', 1280], ['dark', 375]] as const) : []) {
    await inContext(browser, theme, width, {}, async (page) => {
      await answer(page, () => fixture);
      await page.goto(base);
      await page.getByRole('heading', { name: 'Top Stories' }).waitFor();
      await page.getByRole('button', { name: /^Categories/ }).click();
      await page.getByRole('menuitemcheckbox', { name: 'Science' }).click();
      await page.getByRole('menuitemcheckbox', { name: 'Technology' }).click();
      await shot(page, 'settled', `categories-open-${theme}-${width}`);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Bookmark story' }).first().click();
      await page.getByRole('button', { name: 'Share story' }).first().click();
      await page.getByRole('menuitem', { name: 'Copy Link' }).waitFor();
      await shot(page, 'settled', `share-open-${theme}-${width}`);
    });
  }
} finally {
  writeFileSync(worker, deployed);
  await browser.close();
  server.stop();
}

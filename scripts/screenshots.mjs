/**
 * `npm run screenshots`: builds the site, serves it with `vite preview`, and photographs it in
 * headless Chromium at 375, 800 and 1280 px, light and dark, with live stories from a fixture
 * and with the demo fallback, into docs/screenshots/. Network calls are answered locally.
 * `--only=reader` takes just the reader features' shots (related sources, "New", shortcuts);
 * `--only=offline` just the offline notice and the "new stories" bar over kept stories;
 * `--only=memory` just Saved with a kept copy, "Show older stories" and "From the last 30 days";
 * `--only=update` just the new-version notice ("A new version is available"), over the service
 * worker's update: dist/sw.js is changed for it, as a deploy would, and put back after.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { launchChromium } from './chromium.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = `${root}docs/screenshots`;
const port = Number(process.env.SCREENSHOT_PORT || 4179);
const base = `http://127.0.0.1:${port}`;
const fixture = readFileSync(`${root}tests/fixtures/live-answer.json`, 'utf8');
const widths = [375, 800, 1280];
const cors = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization, x-client-info, apikey, content-type',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
};

function run(command, args, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`))));
  });
}

async function waitForServer(url, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${ms} ms`);
}

// The live fixture with two other outlets' reports of the first story, for the reader shots.
const readerFixture = (() => {
  const answer = JSON.parse(fixture);
  answer.stories[0].related = [
    { source: 'Reuters', url: 'https://example.org/reuters/chips' },
    { source: 'The Verge', url: 'https://example.org/verge/chips' },
  ];
  return JSON.stringify(answer);
})();
const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
/** Whether this run takes the shots of `group`: all of them without --only. */
const want = (group) => only === undefined || only === group;

async function answerNetwork(page, scenario) {
  await page.route('**/functions/v1/fetch-news', (route) => {
    if (route.request().method() === 'OPTIONS') return route.fulfill({ status: 204, headers: cors });
    if (scenario === 'live') return route.fulfill({ status: 200, headers: { ...cors, 'content-type': 'application/json' }, body: fixture });
    if (scenario === 'reader') return route.fulfill({ status: 200, headers: { ...cors, 'content-type': 'application/json' }, body: readerFixture });
    return route.fulfill({ status: 503, headers: cors, body: 'Service Unavailable' });
  });
  await answerImages(page);
}

async function answerImages(page) {
  await page.route('https://images.example.org/**', (route) => {
    const name = new URL(route.request().url()).pathname.slice(1);
    route.fulfill({ status: 200, contentType: 'image/svg+xml', body: readFileSync(`${root}tests/fixtures/images/${name}`) });
  });
}

// A production build needs both (vite.config.ts); the page's calls are answered by page.route below.
const buildEnv = { VITE_SUPABASE_URL: 'http://127.0.0.1:54321', VITE_SUPABASE_ANON_KEY: 'local-development-anon-key' };
if (!process.argv.includes('--no-build')) await run('npx', ['vite', 'build'], buildEnv);
mkdirSync(out, { recursive: true });
// Vite itself, not through npx: killing npx would leave the preview server running.
const server = spawn(process.execPath, ['node_modules/vite/bin/vite.js', 'preview', '--port', String(port), '--strictPort', '--host', '127.0.0.1'], { cwd: root, stdio: 'ignore' });
try {
  await waitForServer(base);
  const browser = await launchChromium();
  // Stories kept by an earlier visit (docs/product.md#loading-failure-retry-and-fallback): the
  // offline notice when the function is unreachable, and the "new stories" bar when the live
  // answer arrives while the visitor has scrolled. Kept 3 hours ago: the first eight stories.
  const keptAnswer = JSON.parse(fixture);
  const kept = JSON.stringify({ saved_at: new Date(Date.now() - 3 * 3600_000).toISOString(), stories: keptAnswer.stories.slice(0, 8) });
  for (const theme of want('offline') ? ['light', 'dark'] : []) {
    for (const width of [375, 1280]) {
      const options = { viewport: { width, height: 900 }, colorScheme: theme, deviceScaleFactor: 1, locale: 'en-US', timezoneId: 'UTC', serviceWorkers: 'block' };
      let context = await browser.newContext(options);
      await context.addInitScript(`localStorage.setItem('newsLastFeed', ${JSON.stringify(kept)})`);
      let page = await context.newPage();
      await answerNetwork(page, 'demo');
      await page.goto(base);
      await page.getByText("You're offline.").waitFor({ timeout: 15_000 });
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: `${out}/offline-${theme}-${width}.png` });
      await context.close();

      context = await browser.newContext(options);
      await context.addInitScript(`localStorage.setItem('newsLastFeed', ${JSON.stringify(kept)})`);
      page = await context.newPage();
      let release;
      const released = new Promise((resolve) => (release = resolve));
      await page.route('**/functions/v1/fetch-news', async (route) => {
        if (route.request().method() === 'OPTIONS') return route.fulfill({ status: 204, headers: cors });
        await released;
        return route.fulfill({ status: 200, headers: { ...cors, 'content-type': 'application/json' }, body: fixture });
      });
      await answerImages(page);
      await page.goto(base);
      await page.getByRole('heading', { name: 'Top Stories' }).waitFor({ timeout: 15_000 });
      await page.waitForLoadState('load');
      await page.mouse.wheel(0, 420);
      await page.waitForFunction(() => window.scrollY > 0);
      release();
      await page.getByRole('button', { name: 'Show latest stories' }).waitFor({ timeout: 15_000 });
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${out}/new-stories-${theme}-${width}.png` });
      console.log(`wrote ${out}/{offline,new-stories}-${theme}-${width}.png`);
      await context.close();
    }
  }
  // The new-version notice: the page's worker installed, then a changed sw.js (a deploy), then a reload finds it.
  const worker = `${root}dist/sw.js`;
  const deployed = readFileSync(worker, 'utf8');
  try {
    for (const theme of want('update') ? ['light', 'dark'] : []) {
      for (const width of [375, 1280]) {
        writeFileSync(worker, deployed);
        const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: theme, deviceScaleFactor: 1, locale: 'en-US', timezoneId: 'UTC', serviceWorkers: 'allow' });
        // The context's routes answer the worker's requests too.
        await context.route('**/functions/v1/fetch-news', (route) =>
          route.request().method() === 'OPTIONS'
            ? route.fulfill({ status: 204, headers: cors })
            : route.fulfill({ status: 200, headers: { ...cors, 'content-type': 'application/json' }, body: fixture }),
        );
        await context.route('https://images.example.org/**', (route) =>
          route.fulfill({ status: 200, contentType: 'image/svg+xml', body: readFileSync(`${root}tests/fixtures/images/${new URL(route.request().url()).pathname.slice(1)}`) }),
        );
        const page = await context.newPage();
        await page.goto(base);
        await page.waitForFunction(async () => (await navigator.serviceWorker.getRegistration())?.active?.state === 'activated');
        for (let attempt = 0; attempt < 3 && !(await page.evaluate(() => navigator.serviceWorker.controller !== null)); attempt += 1) await page.reload();
        // Another version (the 16-hex-digit one scripts/standalone-scripts.ts writes): the browser installs it as a new worker.
        writeFileSync(worker, deployed.replace(/"[0-9a-f]{16}"/, `"${'f'.repeat(16)}"`));
        await page.reload();
        await page.getByRole('heading', { name: 'Top Stories' }).waitFor({ timeout: 15_000 });
        await page.getByText('A new version is available').waitFor({ timeout: 30_000 });
        await page.waitForTimeout(300);
        await page.screenshot({ path: `${out}/new-version-${theme}-${width}.png` });
        console.log(`wrote ${out}/new-version-${theme}-${width}.png`);
        await context.close();
      }
    }
  } finally {
    writeFileSync(worker, deployed);
  }
  // Reader features: "New" since a previous visit, the related sources open, the shortcuts dialog.
  for (const theme of want('reader') ? ['light', 'dark'] : []) {
    for (const width of [375, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: theme, deviceScaleFactor: 1 });
      // The previous visit: five of the fixture's stories are newer.
      await context.addInitScript(`localStorage.setItem('newsLastVisit', '2026-11-21T12:00:00.000Z')`);
      const page = await context.newPage();
      await answerNetwork(page, 'reader');
      await page.goto(base);
      await page.getByRole('heading', { name: 'Top Stories' }).waitFor({ timeout: 15_000 });
      await page.getByText('new since your last visit').waitFor();
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: `${out}/reader-new-${theme}-${width}.png` });
      const disclosure = page.getByRole('button', { name: 'Also covered by 2 more sources' });
      await disclosure.click();
      await page.getByRole('link', { name: 'The Verge' }).waitFor();
      await disclosure.evaluate((element) => element.closest('article')?.scrollIntoView({ block: 'center' }));
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${out}/reader-related-open-${theme}-${width}.png` });
      await page.evaluate(() => document.activeElement?.blur());
      await page.keyboard.press('j');
      await page.keyboard.press('?');
      await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${out}/reader-shortcuts-${theme}-${width}.png` });
      console.log(`wrote ${out}/reader-{new,related-open,shortcuts}-${theme}-${width}.png`);
      await context.close();
    }
  }
  // What a reader keeps and can reach: the function's `?before=`, `?ids=` and `?q=` answered from the fixture.
  const memory = (() => {
    const answer = JSON.parse(fixture);
    const older = answer.stories.slice(0, 6).map((story, i) => ({ ...story, id: `older-${i}`, title: `Earlier: ${story.title}`, published_at: `2026-11-0${i + 1}T09:00:00Z`, url: `${story.url}-older` }));
    return { first: JSON.stringify({ ...answer, next: 'cursor-1' }), older: JSON.stringify({ stories: older }), gone: older[0], matches: JSON.stringify({ stories: [older[5], answer.stories[5]] }) };
  })();
  for (const theme of want('memory') ? ['light', 'dark'] : []) {
    for (const width of [375, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: theme, deviceScaleFactor: 1, locale: 'en-US', timezoneId: 'UTC', serviceWorkers: 'block' });
      const saved = JSON.parse(fixture).stories[1];
      await context.addInitScript(
        // No stories kept from the shot before: each page shows the live answer with its `next` at once.
        `localStorage.removeItem('newsLastFeed'); localStorage.setItem('newsBookmarks', ${JSON.stringify(JSON.stringify([saved.id, memory.gone.id]))}); localStorage.setItem('newsSavedStories', ${JSON.stringify(JSON.stringify([memory.gone, saved]))})`,
      );
      const page = await context.newPage();
      await page.route(
        (url) => url.pathname.endsWith('/functions/v1/fetch-news'),
        (route) => {
          if (route.request().method() === 'OPTIONS') return route.fulfill({ status: 204, headers: cors });
          const params = new URL(route.request().url()).searchParams;
          const body = params.has('before') ? memory.older : params.has('q') ? memory.matches : params.has('ids') ? JSON.stringify({ stories: [saved] }) : memory.first;
          return route.fulfill({ status: 200, headers: { ...cors, 'content-type': 'application/json' }, body });
        },
      );
      await answerImages(page);
      await page.goto(`${base}/?saved=1`);
      await page.getByRole('article', { name: memory.gone.title }).waitFor({ timeout: 15_000 });
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: `${out}/memory-saved-${theme}-${width}.png`, fullPage: true });

      await page.goto(base);
      const older = page.getByRole('button', { name: 'Show older stories' });
      await older.waitFor({ timeout: 15_000 });
      await page.waitForLoadState('networkidle');
      await older.evaluate((element) => element.scrollIntoView({ block: 'end' }));
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${out}/memory-older-${theme}-${width}.png` });
      await older.click();
      await page.getByRole('article', { name: memory.gone.title }).waitFor();
      await page.getByRole('article').last().evaluate((element) => element.scrollIntoView({ block: 'end' }));
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${out}/memory-older-loaded-${theme}-${width}.png` });

      await page.goto(`${base}/?q=wind&archive=1`);
      const heading = page.getByRole('heading', { name: 'From the last 30 days' });
      await page.getByRole('region', { name: 'From the last 30 days' }).getByRole('article').first().waitFor({ timeout: 15_000 });
      await heading.evaluate((element) => element.scrollIntoView({ block: 'start' }));
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${out}/memory-archive-${theme}-${width}.png` });
      console.log(`wrote ${out}/memory-{saved,older,older-loaded,archive}-${theme}-${width}.png`);
      await context.close();
    }
  }
  for (const scenario of only === undefined ? ['live', 'demo'] : []) {
    for (const theme of ['light', 'dark']) {
      for (const width of widths) {
        const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: theme, deviceScaleFactor: 1 });
        const page = await context.newPage();
        await answerNetwork(page, scenario);
        await page.goto(base);
        await page.getByRole('heading', { name: 'Top Stories' }).waitFor({ timeout: 15_000 });
        await page.waitForLoadState('networkidle');
        const file = `${out}/${scenario}-${theme}-${width}.png`;
        await page.screenshot({ path: file, fullPage: width !== 375 });
        console.log(`wrote ${file}`);
        await context.close();
      }
    }
  }
  // Interactive states: the open menus and a toast, narrow and wide.
  for (const [theme, width] of only === undefined ? [['light', 1280], ['dark', 375]] : []) {
    const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: theme });
    const page = await context.newPage();
    await answerNetwork(page, 'live');
    await page.goto(base);
    await page.getByRole('heading', { name: 'Top Stories' }).waitFor();
    await page.getByRole('button', { name: /^Categories/ }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Science' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Technology' }).click();
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${out}/categories-open-${theme}-${width}.png` });
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Bookmark story' }).first().click();
    await page.getByRole('button', { name: 'Share story' }).first().click();
    await page.getByRole('menuitem', { name: 'Copy Link' }).waitFor();
    await page.waitForTimeout(400); // let the menu's entry animation finish
    await page.screenshot({ path: `${out}/share-open-${theme}-${width}.png` });
    console.log(`wrote ${out}/categories-open-${theme}-${width}.png and share-open-${theme}-${width}.png`);
    await context.close();
  }
  for (const theme of only === undefined ? ['light', 'dark'] : []) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, colorScheme: theme });
    const page = await context.newPage();
    page.on('console', () => {});
    await page.goto(`${base}/no/such/page`);
    await page.getByText('Oops! Page not found').waitFor();
    await page.screenshot({ path: `${out}/not-found-${theme}-1280.png` });
    await context.close();
  }
  await browser.close();
} finally {
  server.kill();
}

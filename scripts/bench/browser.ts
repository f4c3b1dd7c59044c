// The browser runs of `npm run bench`: Lighthouse in a Chromium of chrome-launcher's (a Playwright session would add its own
// work to the main thread Lighthouse times); the first visit's long tasks and typing in Playwright at 4x CPU.
import { writeFileSync } from 'node:fs';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { Browser } from 'playwright-core';
import { CHROMIUM_FLAGS, chromiumPath } from '../chromium.mjs';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
export const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index', 'interactive'];
export const CPU_THROTTLE = 4;
/** Typed key by key, then partly erased: the first keys match most stories, the last few 2%. */
export const QUERY = 'the new harbour plan';
export const BACKSPACES = 5;
/** Event Timing reports no interaction shorter than this: a key it does not report counts as this (an upper bound). */
export const DURATION_THRESHOLD_MS = 16;

/** Category scores in points (0-100) and metrics in their units, by Lighthouse id; what cost the app points. */
export type LighthouseRun = { values: Record<string, number>; failing: string[]; benchmarkIndex: number };

/**
 * Lighthouse's default config (mobile, simulated throttling) in a fresh Chromium: a first visit, then with `repeat` a
 * second run 2 s later (the worker's install) keeping the service worker, the HTTP cache and storage. Reports go to `report(visit)`.
 */
export async function lighthouseVisits(url: string, repeat: boolean, report: (visit: string) => string): Promise<LighthouseRun[]> {
  const chrome = await launch({ chromePath: chromiumPath(), chromeFlags: CHROMIUM_FLAGS });
  const runs: LighthouseRun[] = [];
  try {
    for (const visit of repeat ? ['first', 'repeat'] : ['first']) {
      if (visit === 'repeat') await new Promise((done) => setTimeout(done, 2000));
      const settings = { onlyCategories: CATEGORIES, skipAudits: ['screenshot-thumbnails', 'final-screenshot', 'full-page-screenshot'], disableFullPageScreenshot: true, disableStorageReset: visit === 'repeat' };
      const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' }, { extends: 'lighthouse:default', settings });
      const lhr = result?.lhr;
      if (!result || !lhr || lhr.runtimeError) throw new Error(`Lighthouse could not load ${url}: ${lhr?.runtimeError?.message ?? 'no result'}`);
      writeFileSync(report(visit), String(result.report));
      const values: Record<string, number> = {};
      const failing: string[] = [];
      for (const id of CATEGORIES) {
        const category = lhr.categories[id];
        values[id] = Math.round((category?.score ?? Number.NaN) * 100);
        for (const ref of id === 'performance' ? [] : (category?.auditRefs ?? [])) {
          const audit = lhr.audits[ref.id];
          if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) failing.push(`${id}: ${audit.title}`);
        }
      }
      for (const id of METRICS) values[id] = lhr.audits[id]?.numericValue ?? Number.NaN;
      runs.push({ values, failing, benchmarkIndex: lhr.environment.benchmarkIndex });
    }
    return runs;
  } finally {
    await new Promise((done) => (chrome.process.once('exit', done), chrome.kill()));
  }
}

type Recorded = { tasks: { start: number; duration: number }[]; keys: { id: number; duration: number }[]; quietFor: () => number } & {
  /** When the first story card, and every card of the list (the story area's data-count), were in the document. */
  cards: { first: number | null; all: number | null };
  /** The layout shifts' scores not caused by input, summed (CLS over the whole visit, without session windows: an upper bound). */
  shifts: number;
  scripts: { start: number; duration: number; invoker: string; type: string; source: string; fn: string }[];
};
type BenchWindow = { __bench: Recorded };
type ScriptTiming = { startTime: number; duration: number; invoker: string; invokerType: string; sourceURL: string; sourceFunctionName: string };

/** Installed before the page's scripts: long tasks, the scripts of Long Animation Frames, keyboard interactions (Event Timing). */
function recorder() {
  const bench: Recorded = { tasks: [], scripts: [], keys: [], cards: { first: null, all: null }, shifts: 0, quietFor: () => performance.now() - Math.max(0, ...bench.tasks.map((t) => t.start + t.duration)) };
  const observe = (type: string, take: (entry: PerformanceEntry & Record<string, unknown>) => void, options = {}) =>
    new PerformanceObserver((list) => list.getEntries().forEach((entry) => take(entry as PerformanceEntry & Record<string, unknown>))).observe({ type, buffered: true, ...options });
  observe('longtask', (entry) => bench.tasks.push({ start: entry.startTime, duration: entry.duration }));
  // When the first and the last card are in the document: a mutation observer's callback runs before the next paint.
  const articles = document.getElementsByTagName('article');
  const cards = new MutationObserver(() => {
    if (articles.length === 0) return;
    bench.cards.first ??= performance.now();
    if (articles.length < Number(document.getElementById('stories')?.dataset.count)) return;
    bench.cards.all = performance.now();
    cards.disconnect();
  });
  cards.observe(document, { childList: true, subtree: true });
  observe('layout-shift', (entry) => void (!entry.hadRecentInput && (bench.shifts += Number(entry.value))));
  observe('long-animation-frame', (entry) => {
    for (const s of entry.scripts as ScriptTiming[]) bench.scripts.push({ start: s.startTime, duration: s.duration, invoker: s.invoker, type: s.invokerType, source: s.sourceURL, fn: s.sourceFunctionName });
  });
  observe('event', (entry) => void (Number(entry.interactionId) > 0 && entry.name.startsWith('key') && bench.keys.push({ id: Number(entry.interactionId), duration: entry.duration })), { durationThreshold: 16 });
  Object.assign(window, { __bench: bench });
}

/** A page in a fresh context at 4x CPU. */
export async function throttledPage(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
  return { context, page };
}

/** A fresh context at 4x CPU with the recorder, on `url` once `heading` shows and no long task has run for 1 s. */
async function openSettled(browser: Browser, url: string, heading: string, viewport: { width: number; height: number }) {
  const { context, page } = await throttledPage(browser, viewport);
  // tsx names inner functions with esbuild's __name(), which the page does not have.
  await page.addInitScript('globalThis.__name = (fn) => fn;');
  await page.addInitScript(recorder);
  await page.goto(url, { waitUntil: 'commit' }); // the page's load is awaited below, with the settling
  await page.getByRole('heading', { name: heading }).first().waitFor({ timeout: 60_000 });
  await page.waitForFunction(() => (window as unknown as BenchWindow).__bench.quietFor() > 1000 && document.readyState === 'complete', undefined, { polling: 200, timeout: 60_000 });
  return { context, page, recorded: () => page.evaluate(() => (({ quietFor: _, ...rest }) => rest)((window as unknown as BenchWindow).__bench)) };
}

export type LongTask = { start: number; duration: number; scripts: { label: string; duration: number }[] };
/** A first visit's long tasks, when its first and its last story card showed (ms from navigation), and its layout shift. */
export type FirstVisit = { tasks: LongTask[]; firstCard: number; allCards: number; shifts: number };

const file = (url: string) => url.split(/[?#]/)[0]?.split('/').pop() || url;

/** A first visit on a phone's viewport, until every card is in: its tasks over 50 ms, each with the scripts Long Animation Frames saw run in it. */
export async function firstVisit(browser: Browser, url: string, heading: string): Promise<FirstVisit> {
  const { context, page, recorded } = await openSettled(browser, url, heading, { width: 412, height: 823 });
  const { tasks, scripts, cards, shifts } = await page
    .waitForFunction(() => (window as unknown as BenchWindow).__bench.cards.all !== null, undefined, { polling: 200, timeout: 60_000 })
    .then(recorded)
    .finally(() => context.close());
  const [firstCard, allCards] = [cards.first, cards.all];
  if (firstCard === null || allCards === null) throw new Error(`${url}: the story cards did not all show`);
  const label = (s: (typeof scripts)[number]) => `${s.type} ${file(s.invoker)}${s.fn ? ` ${s.fn}()` : ''}${s.source && file(s.source) !== file(s.invoker) ? ` in ${file(s.source)}` : ''}`;
  const within = (task: (typeof tasks)[number]) => scripts.filter((s) => s.start >= task.start - 1 && s.start <= task.start + task.duration);
  return { firstCard, allCards, shifts, tasks: tasks.map((task) => ({ ...task, scripts: within(task).map((s) => ({ label: label(s), duration: s.duration })) })) };
}

/** Typing QUERY then BACKSPACES backspaces, a key every 150 ms: each key's interaction duration, as INP counts it. */
export async function typingRun(browser: Browser, url: string, heading: string): Promise<number[]> {
  const { context, page, recorded } = await openSettled(browser, url, heading, { width: 1280, height: 900 });
  try {
    const box = page.getByRole('searchbox', { name: 'Search news stories' });
    await box.click();
    await page.waitForTimeout(500);
    const before = (await recorded()).keys.length;
    const keys = [...QUERY, ...Array<string>(BACKSPACES).fill('Backspace')];
    for (const key of keys) {
      await page.keyboard.press(key);
      await page.waitForTimeout(150);
    }
    await page.waitForTimeout(1000); // entries arrive after the paint that ends them
    const want = QUERY.slice(0, -BACKSPACES);
    if ((await box.inputValue()) !== want) throw new Error(`${url}: the search box does not hold "${want}" after typing`);
    const byKey = new Map<number, number>();
    for (const { id, duration } of (await recorded()).keys.slice(before)) byKey.set(id, Math.max(byKey.get(id) ?? 0, duration));
    if (byKey.size > keys.length) throw new Error(`${url}: ${byKey.size} keyboard interactions for ${keys.length} keys`);
    return [...byKey.values(), ...Array<number>(keys.length - byKey.size).fill(DURATION_THRESHOLD_MS)];
  } finally {
    await context.close();
  }
}

/**
 * Typing in the search box, measured as INP measures it: each key's interaction, from the
 * key's timestamp to the next paint after its handlers (Event Timing's `duration`, the
 * longest of the interaction's events), in Chromium at 4x CPU throttling.
 */
import { chromium } from 'playwright-core';
import { chromiumPath, CHROMIUM_FLAGS } from '../chromium.mjs';
import { quantile } from './stats.mjs';

export const CPU_THROTTLE = 4;
/** Typed key by key, then partly erased: the first keys match most stories, the last few match 2%. */
export const QUERY = 'the new harbour plan';
export const BACKSPACES = 5;
/** A brisk typist: a key every 150 ms. */
const KEY_GAP_MS = 150;
/** Event Timing reports no interaction shorter than this: a key it does not report counts as this (an upper bound). */
export const DURATION_THRESHOLD_MS = 16;
/** The page has settled once no long task has run for this long. */
const QUIET_MS = 1000;
const READY_TIMEOUT_MS = 60_000;

/** Installed before the page's own scripts: Event Timing entries of keyboard interactions, and the end of the last long task. */
function recorder() {
  /** @type {{ interactionId: number, duration: number, startTime: number }[]} */
  const keys = [];
  let lastLongTaskEnd = 0;
  new PerformanceObserver((list) => {
    for (const entry of /** @type {PerformanceEventTiming[]} */ (list.getEntries())) {
      if (entry.interactionId > 0 && entry.name.startsWith('key')) keys.push({ interactionId: entry.interactionId, duration: entry.duration, startTime: entry.startTime });
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) lastLongTaskEnd = Math.max(lastLongTaskEnd, entry.startTime + entry.duration);
  }).observe({ type: 'longtask', buffered: true });
  Object.assign(window, { __bench: { keys, quietFor: () => performance.now() - lastLongTaskEnd } });
}

/**
 * One run: load `url` in a fresh context at 4x, wait until its first story shows and the page
 * has settled, type QUERY then BACKSPACES backspaces into the search box; each key's latency.
 * @param {import('playwright-core').Browser} browser
 * @param {{ url: string, firstTitle: string }} options
 * @returns {Promise<number[]>}
 */
async function typingRun(browser, { url, firstTitle }) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
    await page.addInitScript(recorder);
    await page.goto(url);
    const box = page.getByRole('searchbox', { name: 'Search news stories' });
    await box.waitFor({ state: 'visible', timeout: READY_TIMEOUT_MS });
    await page.getByRole('heading', { name: firstTitle }).first().waitFor({ state: 'visible', timeout: READY_TIMEOUT_MS });
    await page.waitForFunction((quiet) => /** @type {any} */ (window).__bench.quietFor() > quiet && document.readyState === 'complete', QUIET_MS, { polling: 200, timeout: READY_TIMEOUT_MS });
    await box.click();
    await page.waitForTimeout(500);
    const before = await page.evaluate(() => /** @type {any} */ (window).__bench.keys.length);
    const keys = [...QUERY, ...Array.from({ length: BACKSPACES }, () => 'Backspace')];
    for (const key of keys) {
      await page.keyboard.press(key);
      await page.waitForTimeout(KEY_GAP_MS);
    }
    // Entries arrive after the paint that ends them.
    await page.waitForTimeout(1000);
    const value = await box.inputValue();
    const want = QUERY.slice(0, QUERY.length - BACKSPACES);
    if (value !== want) throw new Error(`${url}: the search box holds "${value}" after typing, not "${want}"`);
    /** @type {{ interactionId: number, duration: number }[]} */
    const entries = (await page.evaluate(() => /** @type {any} */ (window).__bench.keys)).slice(before);
    /** @type {Map<number, number>} */
    const byInteraction = new Map();
    for (const entry of entries) byInteraction.set(entry.interactionId, Math.max(byInteraction.get(entry.interactionId) ?? 0, entry.duration));
    if (byInteraction.size > keys.length) throw new Error(`${url}: ${byInteraction.size} keyboard interactions for ${keys.length} keys`);
    return [...byInteraction.values(), ...Array.from({ length: keys.length - byInteraction.size }, () => DURATION_THRESHOLD_MS)];
  } finally {
    await context.close();
  }
}

/**
 * `pairs` runs on the app and as many on the static page's plain input, interleaved (the
 * order alternates, so neither always gets the warmer machine); the p95 of each run's keys.
 * @param {{ appUrl: string, staticUrl: string, firstTitle: string, pairs: number, log: (message: string) => void }} options
 */
export async function measureTyping({ appUrl, staticUrl, firstTitle, pairs, log }) {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS, headless: true });
  /** @type {Record<'app' | 'plain', number[][]>} */
  const keys = { app: [], plain: [] };
  try {
    for (let pair = 0; pair < pairs; pair += 1) {
      /** @type {('app' | 'plain')[]} */
      const order = pair % 2 === 0 ? ['app', 'plain'] : ['plain', 'app'];
      for (const which of order) {
        const latencies = await typingRun(browser, { url: which === 'app' ? appUrl : staticUrl, firstTitle });
        keys[which].push(latencies);
        log(`typing run ${pair + 1}/${pairs}, ${which === 'app' ? 'app' : 'plain input'}: p95 ${quantile(latencies, 0.95).toFixed(1)} ms, max ${Math.max(...latencies)} ms`);
      }
    }
    return { keys, chromium: browser.version() };
  } finally {
    await browser.close();
  }
}

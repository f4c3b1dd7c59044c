/**
 * Browser measurements. Each run opens a fresh browser context (empty cache, fresh storage) at
 * 1280×900, optionally with the CPU throttled through CDP, and installs the recorders with an
 * init script before any of the page's own code runs.
 */
import { SEARCH_PHRASE } from './stories.mjs';

/** @typedef {import('playwright-core').Browser} Browser */
/** @typedef {import('playwright-core').Page} Page */
/** @typedef {import('playwright-core').CDPSession} CDPSession */

export const THROTTLE = 4;
const VIEWPORT = { width: 1280, height: 900 };
const LOAD_TIMEOUT = 90_000;
/** After the stories show: time for late work (images, deferred chunks) to land in the records. */
const SETTLE_MS = 1500;

/**
 * Runs in the page before its scripts: records when the first <article> enters the DOM, every
 * long task, and every long animation frame with the scripts that ran in it (for attribution).
 * Serialized by Playwright, so it must not use anything from this module.
 */
function benchInitScript() {
  const FIRST_ARTICLE_MESSAGE = 'bench:first-article';
  const bench = {
    firstArticle: /** @type {number | null} */ (null),
    longTasks: /** @type {{ start: number, duration: number }[]} */ ([]),
    frames: /** @type {import('./profile.mjs').AnimationFrame[]} */ ([]),
  };
  Object.defineProperty(window, '__bench', { value: bench });
  const hasArticle = (/** @type {Node} */ node) =>
    node instanceof Element && (node.localName === 'article' || node.querySelector('article') !== null);
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (hasArticle(node)) {
          bench.firstArticle = performance.now();
          observer.disconnect();
          // The bench learns of it through the DevTools protocol's console event: see firstArticleTime.
          console.debug(FIRST_ARTICLE_MESSAGE);
          return;
        }
      }
    }
  });
  observer.observe(document, { childList: true, subtree: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) bench.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  try {
    new PerformanceObserver((list) => {
      for (const entry of /** @type {any[]} */ (list.getEntries())) {
        bench.frames.push({
          start: entry.startTime,
          duration: entry.duration,
          blocking: entry.blockingDuration,
          // Where the frame's rendering (animation frame callbacks, then style, layout and paint) began, if it rendered.
          renderStart: entry.renderStart,
          scripts: entry.scripts.map((/** @type {any} */ script) => ({
            invoker: `${script.invokerType}:${script.invoker}`,
            url: script.sourceURL,
            offset: script.sourceCharPosition,
            name: script.sourceFunctionName,
            duration: script.duration,
          })),
        });
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {
    // long-animation-frame needs Chromium 123 or later: attribution is then missing, nothing else.
  }
}

/**
 * A fresh context and page with the recorders installed and the CPU throttled when asked.
 * @param {Browser} browser
 * @param {{ throttle: boolean }} options
 * @returns {Promise<{ page: Page, cdp: CDPSession, close: () => Promise<void> }>}
 */
async function openPage(browser, { throttle }) {
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1, colorScheme: 'light' });
  const page = await context.newPage();
  await page.addInitScript(benchInitScript);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle ? THROTTLE : 1 });
  return { page, cdp, close: () => context.close() };
}

/** What benchInitScript logs when the first story card enters the DOM (it cannot import this). */
const FIRST_ARTICLE_MESSAGE = 'bench:first-article';

/**
 * Resolves with the time the first story card entered the DOM. Call it before the navigation:
 * it waits for the init script's console message instead of asking the page, because any
 * evaluation in the page (a `waitForFunction` poll first injects Playwright's own script: about
 * 30 ms of the main thread at 4x) competes with the page it measures, and costs a page whose
 * cards come later (the app) more than one whose cards are in its HTML (static.html).
 * @param {Page} page
 */
function firstArticleTime(page) {
  const time = page
    .waitForEvent('console', { predicate: (message) => message.text() === FIRST_ARTICLE_MESSAGE, timeout: LOAD_TIMEOUT })
    .then(() => /** @type {Promise<number>} */ (page.evaluate(() => /** @type {any} */ (window).__bench.firstArticle)));
  // The caller awaits it after the navigation; should the navigation throw first, this failure is not unhandled.
  time.catch(() => {});
  return time;
}

/**
 * Resolves when the page's own "Top Stories" heading shows: not the one of the snapshot that
 * src/feed-boot.ts may paint first (src/snapshot/paint.ts), nor the app's while it is still
 * behind that snapshot, so that a load is measured until the app itself has rendered its
 * stories. @param {Page} page
 */
const topStoriesShown = (page) =>
  page.waitForFunction(() => [...document.querySelectorAll('h2')].some((h) => h.textContent?.trim() === 'Top Stories' && !h.closest('#snapshot, [data-behind-snapshot]')), null, {
    polling: 100,
    timeout: LOAD_TIMEOUT,
  });

/**
 * Fails the run when the page shows something other than the served stories (for example the
 * built-in samples after a failed call): a timing of the wrong page is worse than no timing.
 * @param {Page} page
 * @param {string} firstTitle
 */
async function expectFirstStory(page, firstTitle) {
  const title = await page.evaluate(() => document.querySelector('article h3')?.textContent?.trim() ?? null);
  if (title !== firstTitle) throw new Error(`expected the first card to be "${firstTitle}", found "${title}"`);
}

/**
 * Where the time before the first card went, from the page's resource timings (ms from
 * navigation start): the HTML, the entry script, the fetch-news call, and the last script that
 * arrived before the call was made. The app makes the call in a worker, whose requests are not
 * in the page's timings: with `feedCallsSince`, the call's times come from the server
 * (server.mjs), else from the page's own entry.
 * @param {Page} page
 * @param {((since: number) => import('./server.mjs').FeedCall[]) | undefined} feedCallsSince
 */
async function milestones(page, feedCallsSince) {
  const seen = await page.evaluate(() => {
    const resources = /** @type {PerformanceResourceTiming[]} */ (performance.getEntriesByType('resource'));
    const navigation = /** @type {PerformanceNavigationTiming} */ (performance.getEntriesByType('navigation')[0]);
    const entrySrc = /** @type {HTMLScriptElement | null} */ (document.querySelector('script[type="module"][src]'))?.src;
    const entry = resources.find((r) => r.name === entrySrc);
    const feed = resources.find((r) => r.name.includes('/functions/v1/fetch-news'));
    return {
      timeOrigin: performance.timeOrigin,
      html: navigation.responseEnd,
      domContentLoaded: navigation.domContentLoadedEventEnd,
      entryScript: entry?.responseEnd ?? Number.NaN,
      feed: feed ? { requested: feed.startTime, answered: feed.responseEnd } : undefined,
      scripts: resources.filter((r) => r.name.endsWith('.js')).map((r) => ({ name: r.name, responseEnd: r.responseEnd })),
    };
  });
  const call = feedCallsSince?.(seen.timeOrigin)[0];
  const feed = call ? { requested: call.requested - seen.timeOrigin, answered: call.answered - seen.timeOrigin } : seen.feed;
  const before = seen.scripts.filter((r) => feed && r.responseEnd <= feed.requested).sort((a, b) => b.responseEnd - a.responseEnd)[0];
  return {
    html: seen.html,
    domContentLoaded: seen.domContentLoaded,
    entryScript: seen.entryScript,
    feedRequested: feed?.requested ?? Number.NaN,
    feedAnswered: feed?.answered ?? Number.NaN,
    lastScriptBeforeFeed: before?.name ?? null,
  };
}

/** The scripts whose download started before the first story card entered the DOM. @param {Page} page @param {number} before */
const scriptsBefore = (page, before) =>
  page.evaluate((limit) => {
    const resources = /** @type {PerformanceResourceTiming[]} */ (performance.getEntriesByType('resource'));
    return resources.filter((r) => new URL(r.name).pathname.endsWith('.js') && r.startTime < limit).map((r) => new URL(r.name).pathname);
  }, before);

/** Time for a first visit's late work (the kept stories, the deferred chunks) before the repeat visit. */
const BETWEEN_VISITS_MS = 1500;
/** Time on about:blank between the two visits, for the first visit's page to be torn down. */
const LEAVE_MS = 500;
/** How long a first visit of the app may take to have its service worker write the prerendered page. */
const PRERENDER_WAIT_MS = 10_000;

/**
 * Waits until the site's service worker is active and its cache holds the prerendered page
 * (src/snapshot/prerendered.ts), as it does for a visitor who comes back later: at 4x the
 * worker is active about 2 s after the first visit's navigation. Gives up after PRERENDER_WAIT_MS;
 * the repeat visit then gets the plain page, and the report counts it.
 * @param {Page} page
 */
async function workerPageWritten(page) {
  await page
    .waitForFunction(
      async () => {
        const name = (await caches.keys()).find((cache) => cache.startsWith('newsroom-'));
        const served = name ? await (await caches.open(name)).match('/') : undefined;
        return served !== undefined && (await served.text()).includes('name="snapshot-saved-at"');
      },
      null,
      { timeout: PRERENDER_WAIT_MS, polling: 200 },
    )
    .catch(() => {});
}

/**
 * a. Navigation start to the first <article> in the DOM, in ms, and the milestones before it;
 * then, in the same browser context (its HTTP cache and storage), a repeat visit.
 * @param {Browser} browser
 * @param {{ url: string, throttle: boolean, firstTitle: string, waitForWorkerPage?: boolean, feedCallsSince?: (since: number) => import('./server.mjs').FeedCall[] }} options
 */
export async function timeToFirstCard(browser, { url, throttle, firstTitle, waitForWorkerPage = false, feedCallsSince }) {
  const { page, close } = await openPage(browser, { throttle });
  try {
    const firstArticle = firstArticleTime(page);
    await page.goto(url, { waitUntil: 'commit' });
    const time = await firstArticle;
    await expectFirstStory(page, firstTitle);
    const first = { time, milestones: await milestones(page, feedCallsSince), scripts: await scriptsBefore(page, time) };
    await page.waitForTimeout(BETWEEN_VISITS_MS);
    if (waitForWorkerPage) await workerPageWritten(page);
    // The visitor comes back later: the first visit's page is gone by then. Navigating straight
    // from it would first tear it down on the new page's main thread (Chromium here runs without
    // a back/forward cache, which would keep it instead): about 60 ms at 4x for the app's page
    // before the repeat visit's HTML is parsed, and next to nothing for static.html.
    await page.goto('about:blank');
    await page.waitForTimeout(LEAVE_MS);
    const repeatArticle = firstArticleTime(page);
    await page.goto(url, { waitUntil: 'commit' });
    const repeat = await repeatArticle;
    await expectFirstStory(page, firstTitle);
    // Whether the repeat visit's document was the prerendered page (src/snapshot/prerendered.ts).
    const prerendered = await page.evaluate(() => document.querySelector('meta[name="snapshot-saved-at"]') !== null);
    return { ...first, repeat, prerendered };
  } finally {
    await close();
  }
}

/**
 * Installs the keystroke recorder on the search input: for each key, the time from the keydown
 * event to the task after the next animation frame (the frame that paints it), and whether the
 * input shows what was typed in that frame.
 * @param {import('playwright-core').Locator} input
 */
function recordKeystrokes(input) {
  return input.evaluate((/** @type {HTMLInputElement} */ element) => {
    /** @type {{ key: string, want: string, got: string | null, latency: number | null, stamp: number }[]} */
    const samples = [];
    Object.defineProperty(window, '__keys', { value: samples });
    /**
     * The browser's Event Timing entries for the page's events (what INP is made of), read by
     * `interaction` after the typing.
     * @type {{ name: string, start: number, interaction: number, duration: number, processingStart: number, processingEnd: number }[]}
     */
    const events = [];
    Object.defineProperty(window, '__events', { value: events });
    new PerformanceObserver((list) => {
      for (const entry of /** @type {any[]} */ (list.getEntries())) events.push({ name: entry.name, start: entry.startTime, interaction: entry.interactionId, duration: entry.duration, processingStart: entry.processingStart, processingEnd: entry.processingEnd });
    }).observe(/** @type {any} */ ({ type: 'event', durationThreshold: 16 }));
    let typed = element.value;
    window.addEventListener(
      'keydown',
      (event) => {
        if (event.target !== element) return;
        if (event.key.length === 1) typed += event.key;
        else if (event.key === 'Backspace') typed = typed.slice(0, -1);
        else return;
        const t0 = event.timeStamp;
        const sample = { key: event.key, want: typed, got: /** @type {string | null} */ (null), latency: /** @type {number | null} */ (null), stamp: t0 };
        samples.push(sample);
        requestAnimationFrame(() => {
          sample.got = element.value;
          setTimeout(() => {
            sample.latency = performance.now() - t0;
          }, 0);
        });
      },
      true,
    );
  });
}

/** The Event Timing threshold: a key whose interaction took less is not reported. */
const EVENT_THRESHOLD_MS = 16;

/**
 * The key's interaction as the browser measures it for INP: the longest Event Timing entry
 * among the events of the interaction whose keydown started at `stamp`. `latency` is its
 * duration (from the event's timestamp to the next paint after its handlers, in steps of
 * 8 ms), split into the wait before its handlers ran (`inputDelay`), the handlers
 * (`processing`) and the rest up to the paint (`presentation`). A key the browser did not report
 * took under the threshold: it counts as the threshold, with no split.
 * @param {{ name: string, start: number, interaction: number, duration: number, processingStart: number, processingEnd: number }[]} events
 * @param {number} stamp the keydown's `timeStamp`
 * @returns {{ latency: number, inputDelay: number | null, processing: number | null, presentation: number | null }}
 */
function interaction(events, stamp) {
  const keydown = events.find((entry) => entry.name === 'keydown' && Math.abs(entry.start - stamp) < 0.5 && entry.interaction > 0);
  if (!keydown) return { latency: EVENT_THRESHOLD_MS, inputDelay: null, processing: null, presentation: null };
  const longest = events.filter((entry) => entry.interaction === keydown.interaction).reduce((a, b) => (b.duration > a.duration ? b : a));
  return {
    latency: longest.duration,
    inputDelay: longest.processingStart - longest.start,
    processing: longest.processingEnd - longest.processingStart,
    presentation: longest.start + longest.duration - longest.processingEnd,
  };
}

/** After a word's results have painted: a reader's pause before the next word. */
const WORD_PAUSE_MS = 400;
const KEY_DELAY_MS = 120;

/**
 * Arms the results recorder: after the next keydown, the time from that key to the task after
 * the frame that first paints the story area showing `expected` matches (its `data-count`) for
 * the search `query` (its `data-query`, the search the list shows). The query is part of the
 * check because a word may leave the results as they were (no match before, none after): then
 * only `data-query` shows that the page has applied it. A frame-by-frame check catches that
 * case; a DOM change is caught as it happens. (Not the live region's "N stories": that waits
 * for typing to pause, docs/product.md.)
 * @param {Page} page
 * @param {number} expected
 * @param {string} query
 */
function armResults(page, expected, query) {
  return page.evaluate(([want, typed]) => {
    const w = /** @type {any} */ (window);
    w.__results ??= [];
    const results = /** @type {number[]} */ (w.__results);
    window.addEventListener(
      'keydown',
      (event) => {
        const t0 = event.timeStamp;
        const area = document.getElementById('stories');
        const settled = () => area !== null && area.dataset.query === typed && area.dataset.count === String(want);
        let done = false;
        /** @param {boolean} inFrame called from an animation frame callback: this frame paints it */
        const finish = (inFrame) => {
          if (done) return;
          done = true;
          observer.disconnect();
          const record = () => setTimeout(() => results.push(performance.now() - t0), 0);
          if (inFrame) record();
          else requestAnimationFrame(record);
        };
        const observer = new MutationObserver(() => {
          if (settled()) finish(false);
        });
        // Not settled at the key itself: the previous query's results are on screen.
        observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['data-query', 'data-count'] });
        const poll = () => {
          if (done) return;
          if (settled()) finish(true);
          else requestAnimationFrame(poll);
        };
        requestAnimationFrame(poll);
      },
      { capture: true, once: true },
    );
  }, [expected, query]);
}

/**
 * Types the search phrase word by word (120 ms between keys, a pause after each word so its
 * results can show), then 5 backspaces; the results of each word and of the backspaces are
 * timed. `expected(query)` is how many stories the story area shows for a query.
 * @param {Page} page
 * @param {(query: string) => number} expected
 */
async function typeAndErase(page, expected) {
  let typed = '';
  let results = 0;
  const words = SEARCH_PHRASE.split(' ');
  for (const [index, word] of words.entries()) {
    const keys = index === 0 ? word : ` ${word}`;
    for (const [i, key] of [...keys].entries()) {
      typed += key;
      if (i === keys.length - 1) {
        await armResults(page, expected(typed), typed);
        results += 1;
      }
      await page.keyboard.press(key === ' ' ? 'Space' : key);
      await page.waitForTimeout(KEY_DELAY_MS);
    }
    await page.waitForFunction((count) => /** @type {any} */ (window).__results?.length >= count, results, { polling: 50, timeout: 30_000 });
    await page.waitForTimeout(WORD_PAUSE_MS);
  }
  for (let i = 0; i < 5; i += 1) {
    typed = typed.slice(0, -1);
    if (i === 4) {
      await armResults(page, expected(typed), typed);
      results += 1;
    }
    await page.keyboard.press('Backspace');
    await page.waitForTimeout(KEY_DELAY_MS);
  }
  await page.waitForFunction((count) => /** @type {any} */ (window).__results?.length >= count, results, { polling: 50, timeout: 30_000 });
  return { keys: SEARCH_PHRASE.length + 5, results };
}

/**
 * The same keys on static.html, which has no results to wait for: the same rhythm, with the
 * word pauses. @param {Page} page
 */
async function typeOnly(page) {
  for (const [index, word] of SEARCH_PHRASE.split(' ').entries()) {
    for (const key of index === 0 ? word : ` ${word}`) {
      await page.keyboard.press(key === ' ' ? 'Space' : key);
      await page.waitForTimeout(KEY_DELAY_MS);
    }
    await page.waitForTimeout(WORD_PAUSE_MS);
  }
  for (let i = 0; i < 5; i += 1) {
    await page.keyboard.press('Backspace');
    await page.waitForTimeout(KEY_DELAY_MS);
  }
  return { keys: SEARCH_PHRASE.length + 5 };
}

/**
 * b. Keystroke-to-paint while typing in the search box, 4x throttled, with the scenario's
 * stories loaded, and results-to-paint for each word (not on static.html, which has no
 * results: `expected` is null there). With `profile`, also the CPU profile of the typing.
 * @param {Browser} browser
 * @param {{ url: string, firstTitle: string, expected: ((query: string) => number) | null, profile?: boolean }} options
 */
export async function typingRun(browser, { url, firstTitle, expected, profile = false }) {
  const { page, cdp, close } = await openPage(browser, { throttle: true });
  try {
    await page.goto(url);
    await topStoriesShown(page);
    await expectFirstStory(page, firstTitle);
    await page.waitForTimeout(SETTLE_MS);
    const input = page.getByRole('searchbox', { name: 'Search news stories' });
    await input.click();
    await page.waitForTimeout(300);
    await recordKeystrokes(input);
    const typingStart = await page.evaluate(() => performance.now());
    if (profile) await startProfiler(cdp);
    const { keys } = expected ? await typeAndErase(page, expected) : await typeOnly(page);
    await page.waitForFunction((count) => {
      const samples = /** @type {any} */ (window).__keys;
      return samples.length >= count && samples.every((/** @type {any} */ s) => s.latency !== null);
    }, keys, { polling: 100, timeout: 30_000 });
    const cpuProfile = profile ? await stopProfiler(cdp) : null;
    /** @type {{ key: string, want: string, got: string, latency: number, stamp: number }[]} */
    const recorded = await page.evaluate(() => /** @type {any} */ (window).__keys);
    /** @type {{ name: string, start: number, interaction: number, duration: number, processingStart: number, processingEnd: number }[]} */
    const events = await page.evaluate(() => /** @type {any} */ (window).__events);
    const samples = recorded.map((sample) => {
      const measured = interaction(events, sample.stamp);
      return { ...sample, paint: measured.latency, eventTiming: measured };
    });
    /** @type {number[]} */
    const results = await page.evaluate(() => /** @type {any} */ (window).__results ?? []);
    /** @type {import('./profile.mjs').AnimationFrame[]} */
    const frames = await page.evaluate((since) => /** @type {any} */ (window).__bench.frames.filter((/** @type {any} */ f) => f.start >= since), typingStart);
    return { samples, results, frames, cpuProfile };
  } finally {
    await close();
  }
}

/** @param {{ send: CDPSession['send'] } | import('./raw-cdp.mjs').RawPage} cdp */
async function startProfiler(cdp) {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
}

/** @param {{ send: CDPSession['send'] } | import('./raw-cdp.mjs').RawPage} cdp */
async function stopProfiler(cdp) {
  const { profile } = await cdp.send('Profiler.stop');
  return profile;
}

/** @param {string} title the first card's expected title, in a JavaScript expression */
const appShowsStories = (title) => `(() => {
  const own = [...document.querySelectorAll('h2')].some((h) => h.textContent?.trim() === 'Top Stories' && !h.closest('#snapshot, [data-behind-snapshot]'));
  if (!own) return null;
  return document.querySelector('article h3')?.textContent?.trim() === ${JSON.stringify(title)} ? true : document.querySelector('article h3')?.textContent?.trim() ?? '';
})()`;

/** The app's own story area is up and waiting for the answer (skeleton cards, aria-busy). */
const APP_WAITING = `document.querySelector('#stories[aria-busy="true"]:not([data-behind-snapshot] *)') !== null`;

/**
 * Polls `expression` in the page every 100 ms until it is truthy; its value.
 * @param {import('./raw-cdp.mjs').RawPage} page @param {string} expression @param {string} what
 */
async function until(page, expression, what) {
  const deadline = Date.now() + LOAD_TIMEOUT;
  for (;;) {
    const value = await page.evaluate(expression);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * c. and d. Loads the page with the scenario's stories: the long tasks from navigation until
 * the stories have shown and settled, then the JS heap after a full garbage collection. With
 * `profile`, also the CPU profile of the whole load. Driven over the bare protocol
 * (raw-cdp.mjs), without the DevTools network agent that Playwright turns on.
 *
 * With `holdAnswer`, fetch-news answers only once the app has shown its own waiting story
 * area and settled: the long tasks after the answer are then the work of handling it alone,
 * not the app's start (on a first visit the call starts in the page's head, so its answer
 * usually arrives before the app's code has even run).
 * @param {import('./raw-cdp.mjs').RawBrowser} browser
 * @param {{ url: string, firstTitle: string, throttle: boolean, profile?: boolean, holdAnswer?: () => () => void, feedCallsSince?: (since: number) => import('./server.mjs').FeedCall[] }} options
 */
export async function loadRun(browser, { url, firstTitle, throttle, profile = false, holdAnswer, feedCallsSince }) {
  const page = await browser.newPage({ throttle: throttle ? THROTTLE : 1, viewport: VIEWPORT, initScript: `(${benchInitScript.toString()})()` });
  try {
    const release = holdAnswer?.();
    try {
      if (profile) await startProfiler(page);
      await page.navigate(url);
      if (release) {
        await until(page, APP_WAITING, 'the app waiting for the answer');
        await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      }
    } finally {
      release?.();
    }
    const shown = await until(page, appShowsStories(firstTitle), 'the app showing its stories');
    if (shown !== true) throw new Error(`expected the first card to be "${firstTitle}", found "${shown}"`);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const cpuProfile = profile ? await stopProfiler(page) : null;
    /** @type {{ firstArticle: number, longTasks: { start: number, duration: number }[], frames: import('./profile.mjs').AnimationFrame[] }} */
    const bench = await page.evaluate('window.__bench');
    /** @type {number} */
    // The call's end as the server saw it (the app calls from a worker: server.mjs), else the page's own entry.
    const timeOrigin = await page.evaluate('performance.timeOrigin');
    const call = feedCallsSince?.(timeOrigin).at(-1);
    /** @type {number} */
    const feedAnswered = call
      ? call.answered - timeOrigin
      : await page.evaluate(`performance.getEntriesByType('resource').filter((r) => r.name.includes('/functions/v1/fetch-news')).at(-1)?.responseEnd ?? NaN`);
    await page.send('HeapProfiler.collectGarbage');
    await page.send('HeapProfiler.collectGarbage');
    const { usedSize } = await page.send('Runtime.getHeapUsage');
    return { firstArticle: bench.firstArticle, longTasks: bench.longTasks, frames: bench.frames, feedAnswered, heapBytes: usedSize, cpuProfile };
  } finally {
    await page.close();
  }
}

// `npm run bench`: the production build against a static HTML page of the same stories, on loopback only: Lighthouse (first and
// repeat visit), a first visit's long tasks, typing at 1,000 stories with a 95% CI. Writes docs/performance.md and
// dist-bench/bench.json; exits non-zero when a target (against the static page, typing's) is missed or something could not be measured.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { launchChromium } from '../chromium.mjs';
import { ROOT } from '../lib/function-command.mjs';
import { viteBuild, vitePreview } from '../lib/vite.ts';
import { type FirstVisit, firstVisit, type LighthouseRun, lighthouseVisits, typingRun } from './browser.ts';
import { markdown, missedTargets, NOTICE_HEADING, type Results, sectionOf } from './report.ts';
import { makeStories, startStandIn } from './site.ts';
import { quantile } from './stats.ts';

/** What the function sends at most, and what a visitor has once older pages are loaded. */
const STORIES = { lighthouse: 200, typing: 1000 };
const RUNS = 5; // Lighthouse's medians, and as many first visits for the long tasks
const TYPING_PAIRS = 5;
const log = (message: string) => console.error(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);

const started = Date.now();
const loadBefore = os.loadavg()[0] ?? Number.NaN;
const reports = `${ROOT}/dist-bench/lighthouse`;
const standIn = await startStandIn();
let preview: Awaited<ReturnType<typeof vitePreview>> | undefined;
try {
  log(`building dist-bench/site for the stand-in at ${standIn.origin}`);
  await viteBuild(`${ROOT}/dist-bench/site`, standIn.env);
  preview = await vitePreview(`${ROOT}/dist-bench/site`, standIn.env);
  const staticUrl = `${standIn.origin}/static.html`;
  let stories = makeStories(STORIES.lighthouse, standIn.origin);
  standIn.setStories(stories);
  mkdirSync(reports, { recursive: true });
  const lighthouse: Results['lighthouse'] = { static: [], first: [], repeat: [], story: [] };
  // A story's page: a first visit straight to its address (docs/product.md#a-page-for-each-story), reported, not asserted.
  const urls = { static: staticUrl, app: preview.url, story: `${preview.url.replace(/\/$/, '')}/story/${stories[0]?.id ?? ''}` };
  for (let run = 1; run <= RUNS; run += 1) {
    for (const page of run % 2 ? (['static', 'app', 'story'] as const) : (['story', 'app', 'static'] as const)) {
      const [first, repeat] = await lighthouseVisits(urls[page], page === 'app', (visit) => `${reports}/${page}-${visit}-${run}.json`);
      const said = (visit: string, r: LighthouseRun) => `${page} ${visit}: performance ${r.values.performance}, FCP ${Math.round(r.values['first-contentful-paint'] ?? 0)} ms, TBT ${Math.round(r.values['total-blocking-time'] ?? 0)} ms`;
      if (page === 'static' && first) lighthouse.static.push(first);
      if (page === 'story' && first) lighthouse.story.push(first);
      if (page === 'app' && first && repeat) for (const [visit, r] of [['first', first], ['repeat', repeat]] as const) lighthouse[visit].push(r);
      log(`lighthouse run ${run}/${RUNS}: ${[first && said('first', first), repeat && said('repeat', repeat)].filter(Boolean).join('; ')}`);
    }
  }
  const browser = await launchChromium();
  const tasks: FirstVisit[] = [];
  const keys: Results['keys'] = { app: [], plain: [] };
  try {
    for (let run = 1; run <= RUNS; run += 1) {
      tasks.push(await firstVisit(browser, preview.url, stories[0]?.title ?? ''));
      log(`long tasks run ${run}/${RUNS}: ${tasks.at(-1)?.tasks.map((task) => `${Math.round(task.start)}+${Math.round(task.duration)}`).join(' ')}; first card at ${Math.round(tasks.at(-1)?.firstCard ?? 0)}`);
    }
    stories = makeStories(STORIES.typing, standIn.origin);
    standIn.setStories(stories);
    for (let pair = 0; pair < TYPING_PAIRS; pair += 1) {
      for (const which of pair % 2 ? (['plain', 'app'] as const) : (['app', 'plain'] as const)) {
        keys[which].push(await typingRun(browser, which === 'app' ? preview.url : staticUrl, stories[0]?.title ?? ''));
        log(`typing run ${pair + 1}/${TYPING_PAIRS}, ${which}: p95 ${quantile(keys[which].at(-1) ?? [], 0.95).toFixed(1)} ms`);
      }
    }
    const lighthouseVersion = JSON.parse(readFileSync(`${ROOT}/node_modules/lighthouse/package.json`, 'utf8')).version;
    const machine = `${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(1)} GB; Node ${process.version}; Chromium ${browser.version()}; Lighthouse ${lighthouseVersion}`;
    const results: Results = { date: new Date().toISOString(), minutes: (Date.now() - started) / 60_000, machine, load: [loadBefore, os.loadavg()[0] ?? Number.NaN], stories: STORIES, lighthouse, tasks, keys };
    const notice = sectionOf(readFileSync(`${ROOT}/docs/performance.md`, 'utf8'), NOTICE_HEADING);
    writeFileSync(`${ROOT}/docs/performance.md`, `${markdown(results)}${notice === '' ? '' : `\n${notice.trim()}\n`}`);
    writeFileSync(`${ROOT}/dist-bench/bench.json`, JSON.stringify(results, null, 2));
    const missed = missedTargets(results);
    log(`wrote docs/performance.md and dist-bench/bench.json; targets ${missed.length ? `NOT met: ${missed.join('; ')}` : 'all met'}`);
    if (missed.length) process.exitCode = 1;
  } finally {
    await browser.close();
  }
} finally {
  preview?.stop();
  await standIn.close();
}

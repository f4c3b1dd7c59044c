/**
 * `npm run bench`: the production build measured as the field measures it, against a static
 * HTML page of the same stories, on loopback only.
 *
 * 1. Lighthouse (mobile preset, simulated throttling) over 200 stories: the app and the static
 *    page, first and repeat visit, RUNS runs each; Lighthouse CI asserts the targets of
 *    scripts/bench/lighthouserc.cjs on the app's medians, and this script the two relative ones.
 * 2. Typing at 1,000 stories, at 4x CPU: each key's Event Timing duration in the app's search
 *    box and in the static page's plain input, interleaved; the difference of the per-run p95s
 *    with Welch's 95% confidence interval.
 *
 *   npm run bench              writes docs/performance.md (and every figure to dist-bench/bench.json)
 *   npm run bench -- --json    prints every figure as one JSON object on stdout instead
 *                              (progress goes to stderr; `npm run -s` drops npm's banner)
 *
 * Exits non-zero only when something could not be measured, never on a missed target.
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { assertWithLhci, collectLighthouse } from './lighthouse.mjs';
import { startStandIn } from './server.mjs';
import { median, quantile, welchInterval } from './stats.mjs';
import { makeStories } from './stories.mjs';
import { BACKSPACES, CPU_THROTTLE, DURATION_THRESHOLD_MS, measureTyping, QUERY } from './typing.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const siteDir = `${root}dist-bench/site`;
const lighthouseDir = `${root}dist-bench/lighthouse`;
const docPath = `${root}docs/performance.md`;
const rcPath = `${root}scripts/bench/lighthouserc.cjs`;
const lhciBin = `${root}node_modules/@lhci/cli/src/cli.js`;
const viteBin = `${root}node_modules/vite/bin/vite.js`;

/** Stories in the answer for Lighthouse: what the function sends at most. */
const LOAD_STORIES = 200;
/** Stories for typing: what a visitor has once older pages are loaded. */
const TYPING_STORIES = 1000;
const RUNS = 3;
const TYPING_PAIRS = 5;
/** The relative targets, checked here (lighthouserc.cjs holds the absolute ones). */
const RATIO_TARGET = 1.5;
const TYPING_TARGET_MS = 20;

const log = (/** @type {string} */ message) => console.error(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);

/** A free loopback port, for `vite preview --strictPort`. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Runs vite; resolves with its child process once `ready(output)` holds, or on exit 0.
 * @param {string[]} args
 * @param {Record<string, string>} env
 * @param {(output: string) => boolean} [ready]
 * @returns {Promise<import('node:child_process').ChildProcess>}
 */
function vite(args, env, ready) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [viteBin, ...args], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const onData = (/** @type {Buffer} */ chunk) => {
      output += chunk;
      if (ready?.(output)) resolve(child);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 && !ready ? resolve(child) : reject(new Error(`vite ${args[0]} exited with ${code}:\n${output}`))));
  });
}

/** @param {number[]} values */
const spread = (values) => ({ median: median(values), min: Math.min(...values), max: Math.max(...values), runs: values });

/**
 * Medians and ranges of every score and metric, per page and visit.
 * @param {Awaited<ReturnType<typeof collectLighthouse>>} figures
 */
function summarizeLighthouse(figures) {
  /** @type {Record<string, Record<string, { scores: Record<string, ReturnType<typeof spread>>, metrics: Record<string, ReturnType<typeof spread>>, failing: Record<string, number>, benchmarkIndex: ReturnType<typeof spread> }>>} */
  const summary = {};
  for (const [page, visits] of Object.entries(figures)) {
    summary[page] = {};
    for (const [visit, runs] of Object.entries(visits)) {
      const first = runs[0];
      if (!first) throw new Error(`no Lighthouse run for ${page}, ${visit} visit`);
      /** How many runs each failing audit failed in. @type {Record<string, number>} */
      const failing = {};
      for (const run of runs) for (const title of run.failing) failing[title] = (failing[title] ?? 0) + 1;
      summary[page][visit] = {
        scores: Object.fromEntries(Object.keys(first.scores).map((id) => [id, spread(runs.map((run) => run.scores[id] ?? Number.NaN))])),
        metrics: Object.fromEntries(Object.keys(first.metrics).map((id) => [id, spread(runs.map((run) => run.metrics[id] ?? Number.NaN))])),
        failing,
        benchmarkIndex: spread(runs.map((run) => run.benchmarkIndex)),
      };
    }
  }
  return summary;
}

/**
 * @param {Record<'app' | 'plain', number[][]>} keys
 */
function summarizeTyping(keys) {
  const runP95 = { app: keys.app.map((run) => quantile(run, 0.95)), plain: keys.plain.map((run) => quantile(run, 0.95)) };
  const interval = welchInterval(runP95.app, runP95.plain);
  return {
    stories: TYPING_STORIES,
    cpuThrottle: CPU_THROTTLE,
    query: QUERY,
    backspaces: BACKSPACES,
    keysPerRun: QUERY.length + BACKSPACES,
    runsPerPage: keys.app.length,
    app: { p95AllKeys: quantile(keys.app.flat(), 0.95), medianRunP95: median(runP95.app), runP95: runP95.app, keys: keys.app },
    plain: { p95AllKeys: quantile(keys.plain.flat(), 0.95), medianRunP95: median(runP95.plain), runP95: runP95.plain, keys: keys.plain },
    difference: { method: "Welch's t over the per-run p95s (mean app - mean plain input)", mean: interval.difference, ci95: [interval.low, interval.high], df: interval.df },
    target: { ci95HighAtMostMs: TYPING_TARGET_MS, met: interval.high <= TYPING_TARGET_MS },
  };
}

/**
 * The relative targets: LCP (first visit) and TTI (both visits) at most 1.5x the static page's
 * medians (its first visit: a page with no script has nothing more to be ready for).
 * @param {ReturnType<typeof summarizeLighthouse>} lh
 */
function ratioChecks(lh) {
  /** @param {'first' | 'repeat'} visit @param {string} metric */
  const check = (visit, metric) => {
    const app = lh.app[visit].metrics[metric].median;
    const floor = lh.static.first.metrics[metric].median;
    return { visit, metric, app, static: floor, ratio: app / floor, target: RATIO_TARGET, met: app / floor <= RATIO_TARGET };
  };
  return [check('first', 'largest-contentful-paint'), check('first', 'interactive'), check('repeat', 'interactive')];
}

// ---------------------------------------------------------------- docs/performance.md

const METRIC_ROWS = [
  ['score', 'performance', 'Performance score'],
  ['score', 'accessibility', 'Accessibility score'],
  ['score', 'best-practices', 'Best practices score'],
  ['score', 'seo', 'SEO score'],
  ['metric', 'first-contentful-paint', 'First Contentful Paint'],
  ['metric', 'largest-contentful-paint', 'Largest Contentful Paint'],
  ['metric', 'total-blocking-time', 'Total Blocking Time'],
  ['metric', 'cumulative-layout-shift', 'Cumulative Layout Shift'],
  ['metric', 'speed-index', 'Speed Index'],
  ['metric', 'interactive', 'Time to Interactive'],
];

/** @param {string} id @param {number} value */
function formatValue(id, value) {
  if (!Number.isFinite(value)) return 'n/a';
  if (['performance', 'accessibility', 'best-practices', 'seo'].includes(id)) return String(Math.round(value * 100));
  if (id === 'cumulative-layout-shift') return value.toFixed(3);
  return value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${Math.round(value)} ms`;
}

/** @param {string} id @param {ReturnType<typeof spread>} s */
const cell = (id, s) => (s.min === s.max ? formatValue(id, s.median) : `${formatValue(id, s.median)} (${formatValue(id, s.min)}–${formatValue(id, s.max)})`);

/** @param {number} value */
const ms = (value) => `${value.toFixed(1)} ms`;

/** @param {Awaited<ReturnType<typeof measureAll>>} r */
function markdown(r) {
  const lh = r.lighthouse;
  const table = [
    '| metric | static page | app, first visit | app, repeat visit |',
    '|---|---:|---:|---:|',
    ...METRIC_ROWS.map(([kind, id, label]) => {
      const pick = (/** @type {'app' | 'static'} */ page, /** @type {'first' | 'repeat'} */ visit) => cell(id, kind === 'score' ? lh[page][visit].scores[id] : lh[page][visit].metrics[id]);
      return `| ${label} | ${pick('static', 'first')} | ${pick('app', 'first')} | ${pick('app', 'repeat')} |`;
    }),
  ].join('\n');
  const assertionLines = r.assertions.flatMap(({ visit, results }) =>
    results.map((a) => {
      // Category scores as Lighthouse shows them (0-100), metrics in their units.
      const id = a.auditProperty ?? a.auditId;
      const operator = a.operator === '>=' ? '≥' : a.operator === '<=' ? '≤' : a.operator;
      return `| ${visit} visit | ${a.auditProperty ? `${a.auditId}:${a.auditProperty}` : a.auditId} | ${operator} ${formatValue(id, a.expected)} | ${formatValue(id, a.actual)} | ${a.passed ? 'yes' : 'NO'} |`;
    }),
  );
  const ratioLines = r.ratios.map((c) => `| ${c.visit} visit | ${c.metric} ≤ ${c.target}× the static page's | ${formatValue(c.metric, c.app)} vs ${formatValue(c.metric, c.static)} | ${c.ratio.toFixed(2)}× | ${c.met ? 'yes' : 'NO'} |`);
  const benchmarkIndex = spread([lh.static.first, lh.app.first, lh.app.repeat].flatMap((group) => group.benchmarkIndex.runs));
  const t = r.typing;
  const failing = /** @type {const} */ (['first', 'repeat']).flatMap((visit) =>
    Object.entries(lh.app[visit].failing).map(([title, count]) => `- app, ${visit} visit (${count} of ${RUNS} runs): ${title}`),
  );
  return `# Performance

Generated by \`npm run bench\` (\`scripts/bench/run.mjs\`); rerun it rather than editing this file.
What was measured earlier and not kept: \`docs/performance-experiments.md\`.

- Date: ${r.date}
- Machine: ${r.machine.cpu}, ${r.machine.cores} cores, ${r.machine.memoryGB} GB; Node ${process.version}; Chromium ${r.machine.chromium}; Lighthouse ${r.machine.lighthouse}
- Load average (1 min) before the bench and at its end (its own work included): ${r.loadAverage.before.toFixed(2)}, ${r.loadAverage.after.toFixed(2)}
- Targets met: ${r.allTargetsMet ? 'all' : 'not all (rows marked NO)'}

## Lighthouse, ${LOAD_STORIES} stories

Mobile preset (simulated throttling: 4x CPU, slow 4G), medians of ${RUNS} runs (range in brackets).
Lighthouse's benchmark index of this machine during the runs: ${Math.round(benchmarkIndex.median)} (${Math.round(benchmarkIndex.min)}–${Math.round(benchmarkIndex.max)}).
The simulation multiplies the main-thread time it observes, so a busy machine still inflates
TBT and TTI: compare runs with similar indexes.

${table}

Targets, by Lighthouse CI (\`scripts/bench/lighthouserc.cjs\`, medians of the app's runs):

| visit | assertion | target | median | met |
|---|---|---|---:|---|
${assertionLines.join('\n')}

Targets relative to the static page, checked by \`scripts/bench/run.mjs\`:

| visit | target | app vs static page (medians) | ratio | met |
|---|---|---|---:|---|
${ratioLines.join('\n')}

${failing.length ? `Audits that cost the app points in accessibility, best practices or SEO:\n\n${failing.join('\n')}` : 'No audit costs the app points in accessibility, best practices or SEO.'}

## Typing, ${t.stories.toLocaleString('en-US')} stories, ${t.cpuThrottle}x CPU

"${t.query}" typed key by key, then ${t.backspaces} backspaces (${t.keysPerRun} keys per run), ${t.runsPerPage} runs on each page, interleaved.

| | app's search box | static page's plain input |
|---|---:|---:|
| p95 of all keys | ${ms(t.app.p95AllKeys)} | ${ms(t.plain.p95AllKeys)} |
| median of the per-run p95s | ${ms(t.app.medianRunP95)} | ${ms(t.plain.medianRunP95)} |
| per-run p95s | ${t.app.runP95.map((v) => v.toFixed(0)).join(', ')} | ${t.plain.runP95.map((v) => v.toFixed(0)).join(', ')} |

Difference of the per-run p95s (app - plain input): ${ms(t.difference.mean)}, 95% confidence interval ${ms(t.difference.ci95[0])} to ${ms(t.difference.ci95[1])} (Welch's t, ${t.difference.df.toFixed(1)} degrees of freedom). Target: upper end at most ${t.target.ci95HighAtMostMs} ms: ${t.target.met ? 'met' : 'NOT met'}.

## Method

- \`vite build\` into \`dist-bench/site\` with \`VITE_SUPABASE_URL\` on a loopback stand-in
  (\`scripts/bench/server.mjs\`), served by \`vite preview\` with the production security headers
  (gzip; assets revalidated by ETag). The stand-in answers the fetch-news call with generated
  stories (\`scripts/bench/stories.mjs\`: seeded, titles 60–90 characters, summaries 200–300, 20%
  with a 640×360 PNG image it also serves) and serves \`/static.html\`: the same stories as plain
  \`<article>\` markup, an inline stylesheet, a plain search input and no JavaScript. Nothing
  leaves 127.0.0.1.
- Lighthouse ${r.machine.lighthouse}, default config (mobile, simulated throttling), categories
  performance, accessibility, best practices and SEO, each page's run in a fresh Chromium
  profile; the static page and the app alternate which goes first. A first visit starts with
  Lighthouse's storage reset. The app's repeat visit follows in the same browser 2 s after its
  first visit, with \`disableStorageReset: true\`: the first visit is its warm-up navigation,
  and the service worker, the HTTP cache and localStorage stay. Lighthouse CI (\`lhci assert\`)
  checks the absolute targets on the app's medians; \`scripts/bench/run.mjs\` checks LCP (first
  visit) and TTI (both visits) against the static page's medians, which a config of absolute
  numbers cannot hold.
- Typing: Playwright drives Chromium at \`Emulation.setCPUThrottlingRate\` ${t.cpuThrottle}, 1280×900, a
  fresh context per run. Once the first story's heading shows and no long task has run for
  1 s, the search box is clicked and the keys pressed 150 ms apart. A \`PerformanceObserver\`
  for \`event\` entries (\`durationThreshold\` ${DURATION_THRESHOLD_MS}) takes each keyboard interaction's longest
  \`duration\`: from the key's timestamp to the next paint after its handlers, in 8 ms steps,
  as INP counts it. A key under the threshold is not reported and counts as ${DURATION_THRESHOLD_MS} ms.
  Each run's p95 is over its ${t.keysPerRun} keys; the app's and the plain input's runs alternate.
- Lighthouse ${r.machine.lighthouse} predates this Chromium: its RootCauses gatherer fails on the trace
  ("frame_sequence"), which leaves the layout-shift and LCP-element diagnostics empty; no
  score or metric above depends on it.
- First-render JavaScript is not measured here: \`tests/build/dist.test.ts\` holds it to its budget.

Re-run: \`npm run bench\` (about ${Math.round(r.seconds / 60)} minutes here), or \`npm run -s bench -- --json\` for every figure as JSON.
The machine is shared. Above a load average of its core count, Lighthouse's simulation (which
scales the main-thread time it observes) inflates TBT and TTI too, and typing's confidence
interval widens: compare runs made at a similar load and benchmark index.
`;
}

// ---------------------------------------------------------------- main

async function measureAll() {
  const started = Date.now();
  const loadBefore = os.loadavg()[0] ?? Number.NaN;
  const standIn = await startStandIn();
  /** @type {import('node:child_process').ChildProcess | null} */
  let preview = null;
  try {
    const env = { VITE_SUPABASE_URL: standIn.origin, VITE_SUPABASE_ANON_KEY: 'local-development-anon-key', NODE_ENV: 'production' };
    log(`building dist-bench/site for the stand-in at ${standIn.origin}`);
    await vite(['build', '--outDir', siteDir, '--emptyOutDir', '--logLevel', 'warn'], env);
    const port = await freePort();
    preview = await vite(['preview', '--outDir', siteDir, '--port', String(port), '--strictPort'], env, (output) => output.includes(`127.0.0.1:${port}`));
    const appUrl = `http://127.0.0.1:${port}/`;
    const staticUrl = `${standIn.origin}/static.html`;

    const loadStories = makeStories(LOAD_STORIES, standIn.origin);
    standIn.setStories(loadStories);
    log(`Lighthouse: ${RUNS} runs of the static page and of the app (${appUrl}), first and repeat visit`);
    const figures = await collectLighthouse({ appUrl, staticUrl, runs: RUNS, outDir: lighthouseDir, log });
    const lighthouse = summarizeLighthouse(figures);
    const assertions = [];
    for (const visit of /** @type {const} */ (['first', 'repeat'])) {
      const { passed, results } = await assertWithLhci({ lhci: lhciBin, rc: rcPath, outDir: lighthouseDir, visit });
      assertions.push({ visit, passed, results: results.map(({ auditId, auditProperty, operator, expected, actual, passed: ok }) => ({ auditId, auditProperty, operator, expected, actual, passed: ok })) });
    }
    const ratios = ratioChecks(lighthouse);

    const typingStories = makeStories(TYPING_STORIES, standIn.origin);
    standIn.setStories(typingStories);
    log(`typing: ${TYPING_PAIRS} runs each on the app and the plain input, ${TYPING_STORIES} stories, ${CPU_THROTTLE}x CPU`);
    const { keys, chromium } = await measureTyping({ appUrl, staticUrl, firstTitle: typingStories[0]?.title ?? '', pairs: TYPING_PAIRS, log });
    const typing = summarizeTyping(keys);

    const lighthouseVersion = JSON.parse(readFileSync(`${root}node_modules/lighthouse/package.json`, 'utf8')).version;
    return {
      date: new Date().toISOString(),
      seconds: (Date.now() - started) / 1000,
      machine: { cpu: os.cpus()[0]?.model ?? 'unknown CPU', cores: os.cpus().length, memoryGB: (os.totalmem() / 2 ** 30).toFixed(1), chromium, lighthouse: lighthouseVersion },
      loadAverage: { before: loadBefore, after: os.loadavg()[0] ?? Number.NaN },
      lighthouse: { stories: LOAD_STORIES, runs: RUNS, ...lighthouse },
      assertions,
      ratios,
      typing,
      allTargetsMet: assertions.every((a) => a.passed) && ratios.every((c) => c.met) && typing.target.met,
    };
  } finally {
    preview?.kill();
    await standIn.close();
  }
}

async function main() {
  const args = process.argv.slice(2);
  const unknown = args.filter((arg) => arg !== '--json');
  if (unknown.length) throw new Error(`unknown arguments: ${unknown.join(' ')} (only --json)`);
  const results = await measureAll();
  if (args.includes('--json')) {
    console.log(JSON.stringify(results, null, 2));
    return;
  }
  writeFileSync(docPath, markdown(results));
  // The figures behind the page, for a look at single runs (dist-bench/ is not committed).
  writeFileSync(`${root}dist-bench/bench.json`, JSON.stringify(results, null, 2));
  log(`wrote docs/performance.md and dist-bench/bench.json in ${Math.round(results.seconds)} s; targets ${results.allTargetsMet ? 'all met' : 'not all met'}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

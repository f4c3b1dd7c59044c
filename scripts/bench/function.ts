// `npm run bench:function`: the CPU time and peak memory of one ingest's refresh of 24 sources against Supabase's limits
// (hostile feeds at the byte limit, real feeds, and one-item feeds as the baseline of the same run, each in fresh
// processes), then fetch-news under a crowd (crowd.ts), then following (follow.ts). Writes docs/performance-function.md;
// `-- --crowd`, `-- --follow`, `-- --grouping` (the grouping in the store, grouping-store.ts) or `-- --scale` (the scheduled work at
// scale with the platform's limits: scale.ts's follows and scale-alerts.ts's alerts; `-- --scale follows` or `alerts`, one): that section alone.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { DEFAULT_INGEST_CONFIG as CONFIG } from '../../supabase/functions/_shared/ingest/config.ts';
import { refreshSources } from '../../supabase/functions/_shared/ingest/refresh.ts';
import { ROOT } from '../lib/function-command.mjs';
import { crowdChild } from './crowd.ts';
import { followChild } from './follow.ts';
import { groupingChild } from './grouping-store.ts';
import { scaleChild } from './scale.ts';
import { scaleAlertsChild } from './scale-alerts.ts';
import { REAL_FEEDS } from './feeds.ts';
import { median } from './stats.ts';

const SELF = fileURLToPath(import.meta.url);
const DOC = `${ROOT}/docs/performance-function.md`;
const [SOURCES, PROCESSES, LIMIT] = [24, 3, CONFIG.maxBodyBytes];
const cpuMs = () => (process.cpuUsage().user + process.cpuUsage().system) / 1000;

/** `head`, as many `unit(i)` as fit in LIMIT bytes (ASCII), `tail`. */
function fill(head: string, unit: (i: number) => string, tail: string): string {
  let body = head;
  for (let i = 0; body.length + unit(i).length + tail.length <= LIMIT; i += 1) body += unit(i);
  return body + tail;
}

const HEAD = '<?xml version="1.0"?><rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><title>Hostile</title><link>https://hostile.example/</link>';
const TAIL = '</channel></rss>';
const ITEM = '<item><title>x</title><link>https://hostile.example/a</link>';
const ampersands = (half = `${'&'.repeat(Math.floor((LIMIT - 400) / 2))};`) => `${HEAD}${ITEM.replace('x', half)}<description>${half}</description></item>${TAIL}`;

/** The scenarios: name, what it is, and source i's body (built in the parent only: a child's memory is the measure). */
const SCENARIOS: [string, string, (i: number) => string | Buffer][] = [
  ['baseline', 'every source a one-item feed (the fixed cost of a refresh)', () => `${HEAD}<item><title>One</title><link>https://tiny.example/1</link></item>${TAIL}`],
  ['typical', 'real feeds: the fixtures and the real-world corpus, in turn', (i) => readFileSync(REAL_FEEDS[i % REAL_FEEDS.length] as string)],
  ['ampersands', 'title and description of "&" with one late ";"', () => ampersands()],
  ['tiny items', 'as many minimal dated items as fit', (i) => fill(HEAD, (n) => `<item><title>t${n}</title><link>https://h${i}.example/${n}</link><pubDate>Mon, 01 Jan 2024 12:00:00 GMT</pubDate></item>`, TAIL)],
  ['empty elements', 'one item holding as many empty elements as fit', () => fill(`${HEAD}${ITEM}`, (n) => `<c${n % 10}/>`, `</item>${TAIL}`)],
  ['attributes', 'one item with as many media:content images as fit', () => fill(`${HEAD}${ITEM}`, (n) => `<media:content url="https://h.example/${n}.jpg" medium="image" width="${n}"/>`, `</item>${TAIL}`)],
  ['escaped HTML', 'items whose descriptions are entity-escaped HTML full of named references', (i) =>
    fill(HEAD, (n) => `<item><title>t${n} &amp;mdash; &amp;rsquo;</title><link>https://h${i}.example/${n}</link><description>${'&amp;lt;p&amp;gt;a&amp;mdash;b&amp;nbsp;&amp;hellip;&amp;lt;/p&amp;gt;'.repeat(200)}</description></item>`, TAIL)],
];

/** CPU time of the refresh; the process's peak resident set size before it (code loaded) and after it. */
type Sample = { cpuMs: number; rssBeforeMb: number; rssPeakMb: number; ok: number; errors: Record<string, number> };

/** In a fresh process: one refresh of the sources at `origin/scenario/i`, after a one-feed refresh that loads the code. */
async function refreshChild(origin: string, scenario: string): Promise<void> {
  const deps = { now: () => new Date(), config: { ...CONFIG, allowLoopback: true } };
  const source = (i: number, name = scenario) => ({ source: { name: `Source ${i}`, url: `${origin}/${encodeURIComponent(name)}/${i}`, category: 'World' } });
  await refreshSources([source(0, 'baseline')], deps);
  (globalThis as { gc?: () => void }).gc?.();
  const [rssBeforeMb, cpuStarted] = [process.resourceUsage().maxRSS / 1024, cpuMs()];
  const statuses = (await refreshSources(Array.from({ length: SOURCES }, (_, i) => source(i)), deps)).map((result) => result.status);
  const errors: Record<string, number> = {};
  for (const { error } of statuses) if (error) errors[error] = (errors[error] ?? 0) + 1;
  const sample: Sample = { cpuMs: cpuMs() - cpuStarted, rssBeforeMb, rssPeakMb: process.resourceUsage().maxRSS / 1024, ok: statuses.filter((s) => s.ok).length, errors };
  process.stdout.write(JSON.stringify(sample));
}

/** This file again in a child process with `args`, in a fresh loopback-only network namespace when `isolated`: its stdout. */
async function runSelf(args: string[], isolated = false): Promise<string> {
  const command = [process.execPath, ...process.execArgv, SELF, ...args];
  const [file = '', ...rest] = isolated ? ['unshare', '--net', '--', 'sh', '-c', 'ip link set lo up && exec "$@"', 'sh', ...command] : command;
  const child = spawn(file, rest, { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const code = await new Promise((done) => child.once('exit', done));
  if (code !== 0) throw new Error(`${args.join(' ')} exited with ${code}${isolated ? ' (`unshare --net` needs root)' : ''}`);
  return out;
}

async function refreshSection(): Promise<string> {
  const bodies = new Map(SCENARIOS.map(([name, , body]) => [name, Array.from({ length: SOURCES }, (_, i) => Buffer.from(body(i)))]));
  for (const [name, list] of bodies) if (list.some((b) => b.length > LIMIT)) throw new Error(`${name}: a body over the ${LIMIT}-byte limit`);
  // The feed server lives in this process, so that a child's figures are the refresh's own.
  const server = createServer((request, response) => {
    const [, scenario = '', index = '0'] = (request.url ?? '').split('/');
    const body = bodies.get(decodeURIComponent(scenario))?.[Number(index)];
    if (body) response.writeHead(200, { 'content-type': 'application/rss+xml' }).end(body);
    else response.writeHead(404).end();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const rows: { name: string; what: string; samples: Sample[] }[] = [];
  for (const [name, what] of SCENARIOS) {
    const samples: Sample[] = [];
    for (let i = 0; i < PROCESSES; i += 1) samples.push(JSON.parse(await runSelf(['--refresh', origin, name])) as Sample);
    rows.push({ name, what, samples });
    console.log(`refresh ${name}: CPU ${samples.map((s) => s.cpuMs.toFixed(0)).join(' / ')} ms`);
  }
  server.close(); // on a failure, the error ends the process
  type Row = (typeof rows)[number];
  const cpu = (row: Row) => median(row.samples.map((s) => s.cpuMs));
  const growth = (row: Row) => median(row.samples.map((s) => s.rssPeakMb - s.rssBeforeMb));
  const [baseline, typical] = rows as [Row, Row];
  const hostile = rows.slice(2);
  const worstCpu = hostile.reduce((a, b) => (cpu(b) > cpu(a) ? b : a));
  const worstMemory = hostile.reduce((a, b) => (growth(b) > growth(a) ? b : a));
  const table = rows.map((row) => {
    const kib = Math.max(...(bodies.get(row.name) ?? []).map((b) => b.length)) / 1024;
    const codes = Object.entries(row.samples[0]?.errors ?? {}).map(([code, n]) => `${n} ${code}`).join(', ');
    return `| ${row.name}: ${row.what} | ${kib.toFixed(kib < 10 ? 1 : 0)} KiB | ${cpu(row).toFixed(1)} ms | ${(cpu(row) / cpu(baseline)).toFixed(1)}x | ${median(row.samples.map((s) => s.rssPeakMb)).toFixed(0)} MB | +${growth(row).toFixed(0)} MB | ${row.samples[0]?.ok ?? 0}${codes ? ` / ${codes}` : ''} |`;
  });
  return `# fetch-news performance

Written by \`npm run bench:function\` (scripts/bench/function.ts) on ${new Date().toISOString().slice(0, 10)}: ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores,
Node ${process.version} (the function runs on Deno, the same V8), load average (1 min) ${os.loadavg()[0]?.toFixed(1)} at the start.

## One refresh of ${SOURCES} sources: CPU and memory against Supabase's limits

Supabase's Edge Functions stop a request after 2 s of CPU time or 256 MB of memory. One ingest's \`refreshSources\` (fetched over
loopback, decoded, parsed, turned into stories) with the default limits: ${LIMIT / 1024} KiB per feed, parse budgets of ${CONFIG.parseBudgetMs} ms per feed and
${CONFIG.refreshParseBudgetMs} ms per refresh (beyond it: \`too_slow\`), ${CONFIG.maxConcurrentFetches} fetches at once. Medians of ${PROCESSES} fresh processes, each after a one-feed
refresh that loads the code; the feeds are served by the parent. CPU: user + system time of the refresh; memory: the growth of peak
RSS during it, and the peak, which includes Node and tsx (a Deno isolate starts far smaller).

| scenario | bytes per source | CPU, median | CPU vs. baseline | peak RSS | RSS growth | sources ok / codes |
|---|---|---|---|---|---|---|
${table.join('\n')}

Worst case: ${cpu(worstCpu).toFixed(1)} ms of CPU (${worstCpu.name}), ${((cpu(worstCpu) / 2000) * 100).toFixed(0)}% of the 2 s limit; memory +${growth(worstMemory).toFixed(0)} MB
(${worstMemory.name}), ${((growth(worstMemory) / 256) * 100).toFixed(0)}% of 256 MB. Typical: ${cpu(typical).toFixed(1)} ms, +${growth(typical).toFixed(0)} MB. A costlier
feed is cut by the parse budgets and reported \`too_slow\`: a refresh overruns its budget by at most one feed's parse.
`;
}

const at = process.argv.indexOf('--refresh');
if (at !== -1) await refreshChild(process.argv[at + 1] ?? '', process.argv[at + 2] ?? '');
else if (process.argv.includes('--crowd-child')) await crowdChild();
else if (process.argv.includes('--follow-child')) await followChild();
else if (process.argv.includes('--scale-child')) await scaleChild();
else if (process.argv.includes('--scale-alerts-child')) await scaleAlertsChild();
else if (process.argv.includes('--grouping-child')) await groupingChild();
else {
  // The sections in this order; `--crowd`, `--follow`, `--grouping` or `--scale` replaces its own and keeps the others (the scale one
  // runs only when asked: it takes half an hour).
  const only = ['--crowd', '--follow', '--grouping', '--scale'].filter((flag) => process.argv.includes(flag));
  const old = readFileSync(DOC, 'utf8');
  const kept = (heading: string) => {
    const start = old.indexOf(`## ${heading}`);
    const end = old.indexOf('\n## ', start + 1);
    return start === -1 ? '' : old.slice(start, end === -1 ? undefined : end);
  };
  const wanted = (flag: string) => (flag === '--scale' ? only.includes(flag) : only.length === 0 || only.includes(flag));
  const refresh = only.length === 0 ? await refreshSection() : old.slice(0, old.indexOf('## Under a crowd'));
  const crowd = wanted('--crowd') ? await runSelf(['--crowd-child'], true) : kept('Under a crowd');
  const follow = wanted('--follow') ? await runSelf(['--follow-child'], true) : kept('Following');
  const grouping = wanted('--grouping') ? await runSelf(['--grouping-child'], true) : kept('Grouping in the store');
  const scaleRun = process.argv[process.argv.indexOf('--scale') + 1];
  const scale = wanted('--scale') && scaleRun !== 'alerts' ? await runSelf(['--scale-child'], true) : kept('At scale');
  const alerts = wanted('--scale') && scaleRun !== 'follows' ? await runSelf(['--scale-alerts-child'], true) : kept('Alerts at scale');
  writeFileSync(DOC, `${[refresh, crowd, follow, grouping, scale, alerts].map((part) => part.trim()).filter((part) => part !== '').join('\n\n')}\n`);
  console.log('written to docs/performance-function.md');
}

// The crowd half of `npm run bench:function`: fetch-news on Deno under 100 connections for 10 s (autocannon), on the
// first page, If-None-Match (304) and a search, each beside a plain Node server sending the same bytes, on the embedded
// store and on a throwaway Debian PostgreSQL; the store's own cost (200 searches, an ingest in full and all 304). All in
// a loopback-only network namespace (`unshare -n`, which needs root).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import os from 'node:os';
import { join } from 'node:path';
import { denoArgs, denoEnv, denoPath, ROOT } from './lib/function-command.mjs';
import { connectStore, migrate } from './lib/store.mjs';
import { DEFAULT_INGEST_CONFIG } from '../supabase/functions/_shared/ingest/config.ts';
import { ingest } from '../supabase/functions/_shared/ingest/ingest.ts';
import { claimSources, recordOutcomes, syncSources } from '../supabase/functions/_shared/store/sources.ts';
import { recordEnd, recordStart, writing } from '../supabase/functions/_shared/store/state.ts';
import { searchStories, type StoryRow, upsertStories } from '../supabase/functions/_shared/store/stories.ts';
import type { Source } from '../supabase/functions/_shared/stories/sources.ts';

const SOURCES = 24;
const PER_DAY = 50;
const DAYS = 30;
const CONNECTIONS = 100;
const DURATION_S = 10;
const WARM_UP_S = 3;
const SEARCHES = 200;
const QUERY = 'election budget';

interface Result {
  latency: { p50: number; p99: number };
  requests: { average: number };
  errors: number;
  timeouts: number;
  '3xx': number;
  non2xx: number;
}
type Autocannon = (options: { url: string; connections: number; duration: number; headers?: Record<string, string> }) => Promise<Result>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const WORDS = ('election budget minister climate storm court ruling market shares bank inflation rates health vaccine hospital school teachers strike ' +
  'union football league final cup player coach science space rocket launch ocean wildfire flood energy solar oil prices trade border talks peace summit').split(' ');

/** Deterministic pseudo-random words, so every run holds and searches the same stories. */
function words(seed: number): (count: number) => string {
  let state = seed;
  return (count) =>
    Array.from({ length: count }, () => {
      state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
      return WORDS[Math.floor((state / 2 ** 32) * WORDS.length)];
    }).join(' ');
}

export function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((done) => probe.close(() => done()));
  return port;
}

function waitForLine(child: ChildProcess, pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = pattern.exec(output);
      if (match) resolve(match[0]);
    });
    child.once('exit', (code) => reject(new Error(`exited (${code}) before printing ${pattern}:\n${output}`)));
  });
}

interface Store {
  readonly name: string;
  readonly url: string;
  readonly poolSize: number;
  stop(): void;
}

/** The embedded PGlite in a child process, so that its CPU is not the benchmark's. */
async function embeddedStore(): Promise<Store> {
  const child = spawn(process.execPath, ['-e', "import('./scripts/lib/store.mjs').then(async (m) => console.log('store at ' + (await m.startEmbeddedStore()).url))"], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  const url = (await waitForLine(child, /postgres:\/\/\S+/)).trim();
  return { name: 'the embedded store (PGlite, one connection)', url, poolSize: 1, stop: () => void child.kill('SIGTERM') };
}

/** A throwaway cluster of Debian's PostgreSQL, as .ci/store-on-postgresql starts one; undefined when not installed. */
async function postgresStore(): Promise<Store | undefined> {
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').sort((a, b) => Number(a) - Number(b)) : [];
  const bin = versions.map((version) => `/usr/lib/postgresql/${version}/bin`).filter((dir) => existsSync(`${dir}/initdb`)).at(-1);
  if (!bin) return undefined;
  const dir = mkdtempSync(join(os.tmpdir(), 'bench-pg-'));
  const port = await freePort();
  const asPostgres = (...args: string[]) => {
    const run = spawnSync('runuser', ['-u', 'postgres', '--', ...args], { encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`${args[0]} failed: ${run.stderr}`);
  };
  spawnSync('chown', ['postgres', dir]);
  asPostgres(`${bin}/initdb`, '-D', `${dir}/data`, '-U', 'postgres', '--auth=trust');
  asPostgres(`${bin}/pg_ctl`, '-D', `${dir}/data`, '-l', `${dir}/log`, '-w', '-o', `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir}`, 'start');
  const version = spawnSync(`${bin}/postgres`, ['--version'], { encoding: 'utf8' }).stdout.trim();
  return {
    name: `${version} (a pool of 5)`,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    poolSize: 5,
    stop: () => {
      spawnSync('runuser', ['-u', 'postgres', '--', `${bin}/pg_ctl`, '-D', `${dir}/data`, '-m', 'fast', 'stop']);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** 30 days of 24 sources x 50 stories a day, every source freshly ingested (so fetch-news starts no ingest). */
async function fill(url: string, now: Date): Promise<{ searchMs: number[]; fullCpu: number; notModifiedCpu: number }> {
  const sql = connectStore(url);
  try {
    await migrate(sql);
    await sql`truncate stories, sources, story_tombstones`;
    const text = words(42);
    const total = SOURCES * PER_DAY * DAYS;
    const step = (DAYS * 24 * 3_600_000) / total;
    for (let start = 0; start < total; start += 1_000) {
      const batch: StoryRow[] = [];
      for (let i = start; i < Math.min(total, start + 1_000); i++) {
        const link = `https://source${i % SOURCES}.example/story/${i}`;
        batch.push({ id: `b${i.toString(36)}`, title: text(9), summary: text(40), source: `Source ${i % SOURCES}`, url: link, canonicalUrl: link, published_at: new Date(now.getTime() - i * step).toISOString(), category: 'World' });
      }
      await upsertStories(sql, now, batch);
    }
    await sql`analyze stories`;
    const queries = words(7);
    const searchMs: number[] = [];
    for (let i = 0; i < SEARCHES; i++) {
      const started = performance.now();
      await searchStories(sql, queries(1 + (i % 3)), now);
      searchMs.push(performance.now() - started);
    }
    // An ingest of 24 loopback feeds of 50 items with ETags: in full (validators cleared), then all answering 304.
    const feeds = createServer((request, response) => {
      const n = Number(/\/feed\/(\d+)/.exec(request.url ?? '')?.[1]);
      if (request.headers['if-none-match'] === `"feed-${n}"`) return void response.writeHead(304, { etag: `"feed-${n}"` }).end();
      const title = words(n);
      const items = Array.from({ length: PER_DAY }, (_, i) => `<item><title>${title(9)}</title><link>https://feed${n}.example/${i}</link><pubDate>${new Date(now.getTime() - i * 600_000).toUTCString()}</pubDate><description>${title(40)}</description></item>`);
      response.writeHead(200, { 'content-type': 'application/rss+xml', etag: `"feed-${n}"` }).end(`<?xml version="1.0"?><rss version="2.0"><channel><title>Feed ${n}</title>${items.join('')}</channel></rss>`);
    });
    await new Promise<void>((done) => feeds.listen(0, '127.0.0.1', done));
    const origin = `http://127.0.0.1:${(feeds.address() as AddressInfo).port}`;
    const feedSources: Source[] = Array.from({ length: SOURCES }, (_, i) => ({ name: `Feed ${i}`, url: `${origin}/feed/${i}`, category: 'World' }));
    const deps = { now: () => new Date(), config: { ...DEFAULT_INGEST_CONFIG, allowLoopback: true } };
    let started = cpuMs();
    await ingest(sql, feedSources, deps, { all: true });
    const fullCpu = cpuMs() - started;
    started = cpuMs();
    await ingest(sql, feedSources, deps, { all: true });
    const notModifiedCpu = cpuMs() - started;
    feeds.close();
    const sources: Source[] = Array.from({ length: SOURCES }, (_, i) => ({ name: `Source ${i}`, url: `https://source${i}.example/feed`, category: 'World' }));
    await writing(sql, async (tx) => {
      await syncSources(tx, sources);
      await recordStart(tx, now);
    });
    await claimSources(sql, now, true);
    await writing(sql, async (tx) => {
      await recordOutcomes(tx, now, sources.map((source) => ({ url: source.url, count: 25, nextFetchAt: new Date(now.getTime() + 240_000) })));
      await recordEnd(tx, now, 'ok');
    });
    return { searchMs, fullCpu, notModifiedCpu };
  } finally {
    await sql.end();
  }
}

/** A plain Node server in its own process, answering each path with the bytes and headers recorded from fetch-news. */
async function plainServer(answers: Record<string, { body: string; headers: Record<string, string> }>): Promise<{ origin: string; stop(): void }> {
  const file = join(mkdtempSync(join(os.tmpdir(), 'bench-plain-')), 'answers.json');
  writeFileSync(file, JSON.stringify(answers));
  const code = `const answers = require(${JSON.stringify(file)});
for (const answer of Object.values(answers)) answer.body = Buffer.from(answer.body);
require('node:http').createServer((request, response) => {
  const answer = answers[request.url];
  if (request.headers['if-none-match'] === answer.headers.etag) return response.writeHead(304, answer.headers).end();
  response.writeHead(200, answer.headers).end(answer.body);
}).listen(0, '127.0.0.1', function () { console.log('plain at ' + this.address().port); });`;
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = (await waitForLine(child, /plain at \d+/)).split(' ').pop();
  return { origin: `http://127.0.0.1:${port}`, stop: () => void child.kill('SIGTERM') };
}

interface Round {
  readonly scenario: string;
  readonly server: 'fetch-news' | 'plain Node server';
  readonly load: number;
  readonly result: Result;
}

async function crowdOn(store: Store): Promise<{ rounds: Round[]; bytes: number; searchMs: number[]; fullCpu: number; notModifiedCpu: number }> {
  const port = await freePort();
  const fn = spawn(denoPath(), denoArgs({}), { cwd: ROOT, env: { ...process.env, ...denoEnv({ FUNCTIONS_PORT: String(port) }, { databaseUrl: store.url, poolSize: store.poolSize }) }, stdio: ['ignore', 'pipe', 'inherit'] });
  let plain: { origin: string; stop(): void } | undefined;
  try {
    const cost = await fill(store.url, new Date());
    await waitForLine(fn, /listening on/);
    const endpoint = `http://127.0.0.1:${port}/functions/v1/fetch-news`;
    const paths = { first: '', search: `?q=${encodeURIComponent(QUERY)}` };
    const answers: Record<string, { body: string; headers: Record<string, string> }> = {};
    for (const path of Object.values(paths)) {
      const response = await fetch(`${endpoint}${path}`);
      const headers = Object.fromEntries([...response.headers].filter(([name]) => !['date', 'content-length', 'connection', 'keep-alive'].includes(name)));
      answers[`/functions/v1/fetch-news${path}`] = { body: await response.text(), headers };
    }
    plain = await plainServer(answers);
    const first = answers['/functions/v1/fetch-news'];
    const scenarios: [string, string, Record<string, string>][] = [
      ['first page', paths.first, {}],
      ['If-None-Match (304)', paths.first, { 'if-none-match': first?.headers.etag ?? '' }],
      [`?q=${QUERY}`, paths.search, {}],
    ];
    const rounds: Round[] = [];
    for (const [scenario, path, headers] of scenarios) {
      for (const [server, origin] of [['fetch-news', `http://127.0.0.1:${port}`], ['plain Node server', plain.origin]] as const) {
        const url = `${origin}/functions/v1/fetch-news${path}`;
        // Warmed up first (the JIT, the connections), as a server that has been answering for a while.
        await autocannon({ url, connections: CONNECTIONS, duration: WARM_UP_S, headers });
        const load = os.loadavg()[0] ?? 0;
        const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
        rounds.push({ scenario, server, load, result });
        console.error(`${store.name}: ${scenario}, ${server}: ${result.requests.average.toFixed(0)}/s, p99 ${result.latency.p99} ms`);
      }
    }
    return { rounds, bytes: first?.body.length ?? 0, ...cost };
  } finally {
    plain?.stop();
    fn.kill('SIGTERM');
  }
}

function section(runs: { store: Store; run: Awaited<ReturnType<typeof crowdOn>> }[], missing: boolean): string {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const parts = runs.map(({ store, run }) => {
    const fn = (scenario: string) => run.rounds.find((round) => round.scenario === scenario && round.server === 'fetch-news')?.result;
    const plainOf = (scenario: string) => run.rounds.find((round) => round.scenario === scenario && round.server !== 'fetch-news')?.result;
    const first = fn('first page');
    const share = (first?.requests.average ?? 0) / (plainOf('first page')?.requests.average ?? 1);
    const bad = (result: Result | undefined) => (result ? result.errors + result.timeouts + result.non2xx - result['3xx'] : NaN);
    const target = store.poolSize > 1 ? `p99 ≤ 50 ms, 0 errors, at least half the plain server's answers/s: ${(first?.latency.p99 ?? Infinity) <= 50 && bad(first) === 0 && share >= 0.5 ? 'met' : 'NOT met'}` : `p99 ≤ 100 ms, 0 errors: ${(first?.latency.p99 ?? Infinity) <= 100 && bad(first) === 0 ? 'met' : 'NOT met'}`;
    return `### On ${store.name}

| round | server | answers/s | p50 | p99 | errors, timeouts, 4xx/5xx | 304s | load (1 min) |
|---|---|---|---|---|---|---|---|
${run.rounds.map(({ scenario, server, load, result }) => `| ${scenario} | ${server} | ${result.requests.average.toFixed(0)} | ${result.latency.p50} ms | ${result.latency.p99} ms | ${result.errors}, ${result.timeouts}, ${result.non2xx - result['3xx']} | ${result['3xx']} | ${load.toFixed(1)} |`).join('\n')}

First page (${(run.bytes / 1024).toFixed(0)} KB): fetch-news gives ${(share * 100).toFixed(0)}% of the plain server's answers/s. Target: ${target} (the plain server's own p99: ${plainOf('first page')?.latency.p99} ms).
The store itself, for what no answer in memory holds: ${SEARCHES} different searches of 1-3 words over the 30 days, p50 ${ms(percentile(run.searchMs, 50))},
p95 ${ms(percentile(run.searchMs, 95))}; an ingest of ${SOURCES} feeds of ${PER_DAY} items costs ${ms(run.fullCpu)} of CPU in full and
${ms(run.notModifiedCpu)} when every feed answers 304 (${((run.notModifiedCpu / run.fullCpu) * 100).toFixed(0)}%; the benchmark process's CPU: the ingest, the driver and the feed server).`;
  });
  return `## Under a crowd

Measured by \`npm run bench:function\` (scripts/bench-store.ts) on ${new Date().toISOString().slice(0, 10)}, in a loopback-only network
namespace. The store holds ${(SOURCES * PER_DAY * DAYS).toLocaleString('en')} stories (${SOURCES} sources x ${PER_DAY} a day x ${DAYS} days, generated). fetch-news runs on Deno
(\`serve-local.ts\`); autocannon 9 (another process) keeps ${CONNECTIONS} connections busy for ${DURATION_S} s per round, after ${WARM_UP_S} s unmeasured; latencies are autocannon's.
Each round is beside a plain Node server (its own process) sending the bytes and headers fetch-news sent, 304 included.
fetch-news answers from memory: the store's generation read once a second, two queries per answer built, none per request
otherwise (what caches what, the pool, a CDN in front: docs/deploy.md#what-caches-what).
${missing ? '\nPostgreSQL: no binaries under /usr/lib/postgresql on this machine, so only the embedded store was measured.\n' : ''}
${parts.join('\n\n')}
`;
}

/** Run inside the namespace (`--crowd-child`): prints the section on stdout. */
export async function crowdChild(): Promise<void> {
  const interfaces = Object.keys(os.networkInterfaces());
  if (interfaces.some((name) => name !== 'lo')) throw new Error(`the crowd runs only in a loopback-only network namespace; interfaces here: ${interfaces.join(', ')}`);
  const runs = [];
  let missing = false;
  for (const start of [embeddedStore, postgresStore]) {
    const store = await start();
    if (!store) {
      missing = true;
      continue;
    }
    try {
      runs.push({ store, run: await crowdOn(store) });
    } finally {
      store.stop();
    }
  }
  process.stdout.write(section(runs, missing));
  process.exit(0);
}

/** The crowd section, measured in a fresh loopback-only network namespace. */
export function crowdInNamespace(): string {
  const self = join(ROOT, 'scripts/bench-function.ts');
  const run = spawnSync('unshare', ['--net', '--', 'sh', '-c', 'ip link set lo up && exec "$@"', 'sh', process.execPath, ...process.execArgv, self, '--crowd-child'], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 16 * 1024 * 1024,
  });
  if (run.status !== 0) throw new Error(`the crowd did not run in a loopback-only namespace (\`unshare --net\` needs root): exit ${run.status} ${run.error?.message ?? ''}`);
  return run.stdout;
}

/** Puts the crowd section into the document, in place of an earlier one. */
export function withCrowdSection(markdown: string, crowd: string): string {
  const start = markdown.indexOf('## Under a crowd');
  if (start === -1) return `${markdown.trimEnd()}\n\n${crowd}`;
  const end = markdown.indexOf('\n## ', start + 1);
  return `${markdown.slice(0, start)}${crowd}${end === -1 ? '' : markdown.slice(end + 1)}`;
}

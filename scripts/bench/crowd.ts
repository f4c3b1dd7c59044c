// The crowd of `npm run bench:function`: fetch-news on Deno under 100 connections for 10 s (autocannon) on the first page,
// If-None-Match (304) and a search, each beside a plain Node server sending the same bytes, on the embedded store and on a
// throwaway Debian PostgreSQL, in a loopback-only network namespace (`unshare -n`, which needs root). The stores, the rounds,
// the plain server and the namespace's child serve follow.ts and scale.ts too.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { join } from 'node:path';
import { recordEnd, recordStart, writing } from '../../supabase/functions/_shared/store/state.ts';
import { claimSources, recordOutcomes, syncSources } from '../../supabase/functions/_shared/store/sources.ts';
import { type StoryRow, upsertStories } from '../../supabase/functions/_shared/store/stories.ts';
import { denoArgs, denoEnv, denoPath, ROOT } from '../lib/function-command.mjs';
import { connectStore, migrate } from '../lib/store.mjs';
import { freePort, waitForLine } from '../lib/vite.ts';
import { seededRandom } from './stats.ts';

const [SOURCES, PER_DAY, DAYS, QUERY] = [24, 50, 30, 'election budget'] as const;
export const [CONNECTIONS, DURATION_S, WARM_UP_S] = [100, 10, 3] as const;
const WORDS = ('election budget minister climate storm court ruling market shares bank inflation rates health vaccine hospital school teachers strike ' +
  'union football league final cup player coach science space rocket launch ocean wildfire flood energy solar oil prices trade border talks peace summit').split(' ');

type Counts = Record<'errors' | 'timeouts' | 'non2xx' | '2xx' | '3xx' | '4xx', number>;
export type Result = Counts & { latency: { p50: number; p99: number }; requests: { average: number } };
type Autocannon = (options: { url: string; connections: number; duration: number } & Call) => Promise<Result>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

export type Store = { name: string; url: string; poolSize: number; stop(): void };

/** The embedded PGlite in a child process, so that its CPU is not the benchmark's. */
export async function embeddedStore(): Promise<Store> {
  const child = spawn(process.execPath, ['-e', "import('./scripts/lib/store.mjs').then(async (m) => console.log('store at ' + (await m.startEmbeddedStore()).url))"], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  const url = (await waitForLine(child, /postgres:\/\/\S+/)).trim();
  return { name: 'the embedded store (PGlite, one connection)', url, poolSize: 1, stop: () => void child.kill('SIGTERM') };
}

/** A throwaway cluster of Debian's PostgreSQL, as .ci/store-on-postgresql starts one. */
export async function postgresStore(): Promise<Store> {
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').sort((a, b) => Number(a) - Number(b)) : [];
  const bin = versions.map((version) => `/usr/lib/postgresql/${version}/bin`).filter((dir) => existsSync(`${dir}/initdb`)).at(-1);
  if (!bin) throw new Error('no PostgreSQL under /usr/lib/postgresql: apt-get install postgresql');
  const [dir, port] = [mkdtempSync(join(os.tmpdir(), 'bench-pg-')), await freePort()];
  // Its output to stderr: this process's stdout is the section.
  const asPostgres = (...args: string[]) => { if (spawnSync('runuser', ['-u', 'postgres', '--', ...args], { stdio: ['ignore', 2, 2] }).status !== 0) throw new Error(`${args[0]} failed`); };
  spawnSync('chown', ['postgres', dir]);
  asPostgres(`${bin}/initdb`, '-D', `${dir}/data`, '-U', 'postgres', '--auth=trust');
  asPostgres(`${bin}/pg_ctl`, '-D', `${dir}/data`, '-l', `${dir}/log`, '-w', '-o', `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir}`, 'start');
  return {
    name: `${spawnSync(`${bin}/postgres`, ['--version'], { encoding: 'utf8' }).stdout.trim()} (a pool of 5)`,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    poolSize: 5,
    stop: () => void (spawnSync('runuser', ['-u', 'postgres', '--', `${bin}/pg_ctl`, '-D', `${dir}/data`, '-m', 'fast', 'stop']), rmSync(dir, { recursive: true, force: true })),
  };
}

/** 30 days of 24 sources x 50 stories a day, every source freshly ingested (so that fetch-news starts no ingest). */
export async function fill(url: string, now: Date): Promise<void> {
  const sql = connectStore(url);
  try {
    await migrate(sql);
    await sql`truncate stories, sources, story_tombstones`;
    const random = seededRandom(42);
    const text = (count: number) => Array.from({ length: count }, () => WORDS[Math.floor(random() * WORDS.length)]).join(' ');
    const total = SOURCES * PER_DAY * DAYS;
    for (let start = 0; start < total; start += 1_000) {
      const batch: StoryRow[] = Array.from({ length: Math.min(1_000, total - start) }, (_, k) => {
        const [i, link] = [start + k, `https://source${(start + k) % SOURCES}.example/story/${start + k}`];
        return { id: `b${i.toString(36)}`, title: text(9), summary: text(40), source: `Source ${i % SOURCES}`, url: link, canonicalUrl: link, published_at: new Date(now.getTime() - (i * DAYS * 86_400_000) / total).toISOString(), category: 'World' };
      });
      await upsertStories(sql, now, batch);
    }
    await sql`analyze stories`;
    const sources = Array.from({ length: SOURCES }, (_, i) => ({ name: `Source ${i}`, url: `https://source${i}.example/feed`, category: 'World' }));
    await writing(sql, async (tx) => void (await syncSources(tx, sources), await recordStart(tx, now)));
    await claimSources(sql, now);
    const outcomes = sources.map((source) => ({ url: source.url, count: 25, nextFetchAt: new Date(now.getTime() + 240_000) }));
    await writing(sql, async (tx) => void (await recordOutcomes(tx, now, outcomes), await recordEnd(tx, now, 'ok')));
  } finally {
    await sql.end();
  }
}

export type Recorded = { status: number; body: string; headers: Record<string, string> };
/** A call autocannon repeats (and `record` makes once). */
export type Call = { method?: string; headers?: Record<string, string>; body?: string };
export type Round = { scenario: string; server: string; load: number; result: Result };

/** The function on Deno (serve-local.ts) with `env` beside this process's own. */
export function startDeno(env: Record<string, string>): ChildProcess {
  return spawn(denoPath(), denoArgs(env), { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
}

/** Stops the function and waits for it to exit: the embedded store serves one connection, which it must have let go. */
export async function stopDeno(fn: ChildProcess): Promise<void> {
  if (fn.exitCode !== null || fn.signalCode !== null) return;
  const exited = new Promise((done) => fn.once('exit', done));
  fn.kill('SIGTERM');
  await exited;
}

export async function record(url: string, request: Call = {}): Promise<Recorded> {
  const response = await fetch(url, request);
  const headers = Object.fromEntries([...response.headers].filter(([name]) => !['date', 'content-length', 'connection', 'keep-alive'].includes(name)));
  return { status: response.status, body: await response.text(), headers };
}

/** A plain Node server in its own process, answering each path with the status, headers and bytes recorded from the function (304 to its etag). */
export async function plainServer(answers: Record<string, Recorded>): Promise<{ origin: string; stop(): void }> {
  const code = `let text = ''; process.stdin.on('data', (chunk) => (text += chunk)).on('end', () => {
  const answers = JSON.parse(text);
  for (const answer of Object.values(answers)) answer.body = Buffer.from(answer.body);
  require('node:http').createServer((request, response) => {
    const answer = answers[request.url];
    request.resume().on('end', () => {
      if (answer.headers.etag && request.headers['if-none-match'] === answer.headers.etag) return response.writeHead(304, answer.headers).end();
      response.writeHead(answer.status, answer.headers).end(answer.body);
    });
  }).listen(0, '127.0.0.1', function () { console.log('plain at ' + this.address().port); });
});`;
  const child = spawn(process.execPath, ['-e', code], { stdio: ['pipe', 'pipe', 'inherit'] });
  child.stdin.end(JSON.stringify(answers));
  const port = (await waitForLine(child, /plain at \d+/)).split(' ').pop();
  return { origin: `http://127.0.0.1:${port}`, stop: () => void child.kill('SIGTERM') };
}

/** One round into `rounds`: `request` on `url`, warmed up first (the JIT, the connections) as a server that has been answering for a while. */
export async function measure(rounds: Round[], store: Store, scenario: string, server: string, url: string, request: Call = {}): Promise<void> {
  await autocannon({ url, connections: CONNECTIONS, duration: WARM_UP_S, ...request });
  const load = os.loadavg()[0] ?? 0;
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, ...request });
  rounds.push({ scenario, server, load, result });
  console.error(`${store.name}: ${scenario}, ${server}: ${result.requests.average.toFixed(0)}/s, p99 ${result.latency.p99} ms, errors ${result.errors}`);
}

async function crowdOn(store: Store): Promise<{ rounds: Round[]; bytes: number }> {
  const port = await freePort();
  const fn = startDeno(denoEnv({ FUNCTIONS_PORT: String(port) }, { databaseUrl: store.url, poolSize: store.poolSize }));
  let plain: { origin: string; stop(): void } | undefined;
  try {
    await fill(store.url, new Date());
    await waitForLine(fn, /listening on/);
    const path = '/functions/v1/fetch-news';
    const answers: Record<string, Recorded> = {};
    for (const query of ['', `?q=${encodeURIComponent(QUERY)}`]) answers[`${path}${query}`] = await record(`http://127.0.0.1:${port}${path}${query}`);
    plain = await plainServer(answers);
    const first = answers[path];
    const scenarios: [string, string, Record<string, string>][] = [
      ['first page', '', {}],
      ['If-None-Match (304)', '', { 'if-none-match': first?.headers.etag ?? '' }],
      [`?q=${QUERY}`, `?q=${encodeURIComponent(QUERY)}`, {}],
    ];
    const rounds: Round[] = [];
    const servers = [['fetch-news', `http://127.0.0.1:${port}`], ['plain Node server', plain.origin]] as const;
    for (const [scenario, query, headers] of scenarios) {
      for (const [server, origin] of servers) await measure(rounds, store, scenario, server, `${origin}${path}${query}`, { headers });
    }
    return { rounds, bytes: first?.body.length ?? 0 };
  } finally {
    plain?.stop();
    await stopDeno(fn);
  }
}

function section(runs: { store: Store; rounds: Round[]; bytes: number }[]): string {
  const parts = runs.map(({ store, rounds, bytes }) => {
    const of = (server: string) => rounds.find((round) => round.scenario === 'first page' && round.server === server)?.result;
    const [fn, plain] = [of('fetch-news'), of('plain Node server')];
    const share = (fn?.requests.average ?? 0) / (plain?.requests.average ?? 1);
    const clean = fn !== undefined && fn.errors + fn.timeouts + fn.non2xx - fn['3xx'] === 0;
    const p99 = fn?.latency.p99 ?? Number.POSITIVE_INFINITY;
    const target = store.poolSize > 1 ? `p99 ≤ 50 ms, 0 errors, at least half the plain server's answers/s: ${p99 <= 50 && clean && share >= 0.5 ? 'met' : 'NOT met'}` : `p99 ≤ 100 ms, 0 errors: ${p99 <= 100 && clean ? 'met' : 'NOT met'}`;
    return `### On ${store.name}

| round | server | answers/s | p50 | p99 | errors, timeouts, 4xx/5xx | 304s | load (1 min) |
|---|---|---|---|---|---|---|---|
${rounds.map(({ scenario, server, load, result: r }) => `| ${scenario} | ${server} | ${r.requests.average.toFixed(0)} | ${r.latency.p50} ms | ${r.latency.p99} ms | ${r.errors}, ${r.timeouts}, ${r.non2xx - r['3xx']} | ${r['3xx']} | ${load.toFixed(1)} |`).join('\n')}

First page (${(bytes / 1024).toFixed(0)} KB): fetch-news gives ${(share * 100).toFixed(0)}% of the plain server's answers/s. Target: ${target} (the plain server's own p99: ${plain?.latency.p99} ms).`;
  });
  return `## Under a crowd

In a loopback-only network namespace, ${(SOURCES * PER_DAY * DAYS).toLocaleString('en')} generated stories (${SOURCES} sources x ${PER_DAY} a day x ${DAYS} days), fetch-news on Deno
(\`serve-local.ts\`, answering from memory: docs/deploy.md#what-caches-what); autocannon keeps ${CONNECTIONS} connections busy for ${DURATION_S} s per round after
${WARM_UP_S} s unmeasured, beside a plain Node server in its own process sending the bytes and headers fetch-news sent, 304 included.

${parts.join('\n\n')}
`;
}

/** Inside the namespace (`--crowd-child`, `--follow-child`): `run` on the embedded store, then on PostgreSQL; `section` of the runs, on stdout. */
export async function loopbackChild<T>(run: (store: Store) => Promise<T>, section: (runs: ({ store: Store } & T)[]) => string): Promise<void> {
  const interfaces = Object.keys(os.networkInterfaces());
  if (interfaces.some((name) => name !== 'lo')) throw new Error(`the bench runs only in a loopback-only network namespace; interfaces here: ${interfaces.join(', ')}`);
  const runs = [];
  for (const start of [embeddedStore, postgresStore]) {
    const store = await start();
    runs.push({ store, ...(await run(store).finally(() => store.stop())) });
  }
  process.stdout.write(section(runs));
  process.exit(0);
}

export const crowdChild = () => loopbackChild(crowdOn, section);

// The scale part of `npm run bench:function -- --scale`: the scheduled work as the platform would run it (every call a
// fresh Deno process held to 2 s of CPU, 256 MB and 150 s: scripts/lib/work-driver.mjs's hosted-limits mode, driven every
// 10 s as pg_cron drives it), in a loopback-only network namespace, on the embedded store and on PostgreSQL:
// 100 sources serving real-sized fixture feeds (5 slow, 5 failing), 100,000 subscriptions following 50 stories, then an
// ingest that adds a report to each of those 50 stories, with 3 calls killed at random moments. The stand-in push service
// (tests/function/helpers/push-service.ts) checks every VAPID signature and decrypts every payload. The rig (the sources,
// the push service, the driver, the kills and the calls' table) serves the alerts' run too (scale-alerts.ts).
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { join } from 'node:path';
import type { Sql } from 'postgres';
import webpush from 'web-push';
import { type PushService, startPushService } from '../../tests/function/helpers/push-service.ts';
import { denoEnv } from '../lib/function-command.mjs';
import { connectStore, migrate } from '../lib/store.mjs';
import { type CallResult, hostedCall, HOSTED_LIMITS, localCallCap, startWorkDriver, TICK_MS } from '../lib/work-driver.mjs';
import { loopbackChild, type Store } from './crowd.ts';
import { REAL_FEEDS } from './feeds.ts';
import { quantile, seededRandom } from './stats.ts';

export const [SOURCES, SLOW, FAILING, KILLS] = [100, 5, 5, 3];
const [EVENTS, SUBSCRIPTIONS] = [50, 100_000];
/** A slow source answers after this long: within the 8 s deadline, so it is fetched, and holds back no other. */
const SLOW_MS = 6_000;
const WAIT_MS = 45 * 60_000;
const FAILURES = ['HTTP 500', 'HTTP 503 with Retry-After', 'HTTP 404', 'an HTML page', 'a connection reset'] as const;

type Result = CallResult;
/** What every scale run reports of its calls. */
export type Calls = {
  /** The pushes a call holds at once (work_policy.push_batch): what one killed call may send twice. */
  pushBatch: number;
  /** Calls in flight at most (localCallCap of work_policy.calls_per_tick). */
  maxCalls: number;
  feedKib: number;
  calls: Result[];
  /** The processes the bench killed. */
  killedByBench: Set<number>;
};
type Scale = Calls & {
  /** Subscriptions that got a push. */
  reached: number;
  /** Pushes the fan-out queued, and the distinct ones accepted (the same payload to the same endpoint counted once). */
  queued: number;
  delivered: number;
  /** Pushes accepted again with a payload their endpoint had already accepted. */
  duplicates: number;
  lastPushS: number;
  /** The second round: its fetches, the grouping and the fan-out it drove, and the pushes that fan-out queued. */
  roundS: number;
  roundQueued: number;
  dropped: number;
};

/** An item a source adds to its fixture feed. */
export type Item = { readonly title: string; readonly link: string; readonly at: Date };

/** A fixture feed with `items` added, in its own format (RSS 2.0 or Atom). */
function withItems(feed: Buffer, items: readonly Item[]): Buffer {
  const atom = feed.includes('</feed>') && !feed.includes('</channel>');
  const added = items.map(({ title, link, at }) =>
    atom
      ? `<entry><title>${title}</title><link href="${link}"/><id>${link}</id><updated>${at.toISOString()}</updated><summary>What happened.</summary></entry>`
      : `<item><title>${title}</title><link>${link}</link><guid>${link}</guid><pubDate>${at.toUTCString()}</pubDate><description>What happened.</description></item>`,
  );
  const end = feed.lastIndexOf(atom ? '</feed>' : '</channel>');
  return Buffer.concat([feed.subarray(0, end), Buffer.from(added.join('')), feed.subarray(end)]);
}

/** A scale run's rig on a store: the sources, the push service, the work driver and its calls. */
export interface Rig extends Calls {
  readonly service: PushService;
  readonly sql: Sql;
  readonly driver: ReturnType<typeof startWorkDriver>;
  /** From now on, KILLS of the next 40 calls are killed (SIGKILL) 0.3 to 2 s into their run. */
  startKills(): void;
  /** The sum of a key of the calls' answers. */
  total(key: string): number;
  close(): Promise<void>;
}

/**
 * Starts the rig: SOURCES sources serving the fixture feeds (the last FAILING failing, the SLOW before them slow), the
 * first `carriers` RSS or Atom ones with the items `items(source)` says at the moment of each fetch; the store migrated;
 * the driver calling fresh Deno processes under the hosted limits; `onAccepted` sees each push the push service accepts.
 */
export async function startRig(store: Store, carriers: number, items: (source: number) => readonly Item[], onAccepted?: (name: string, payload: unknown) => void): Promise<Rig> {
  const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:bench@example.invalid' };
  const service = await startPushService(vapid, { record: false, onAccepted });
  const dir = mkdtempSync(join(os.tmpdir(), 'bench-scale-'));
  writeFileSync(join(dir, 'ca.pem'), service.ca);
  // Only the valid fixtures: the 5 failing sources are the failures.
  const valid = REAL_FEEDS.filter((file) => !/INVALID/.test(file));
  const formats = valid.filter((file) => /\.(rss2|atom)\.xml$/.test(file));
  const feeds = Array.from({ length: SOURCES }, (_, i) => readFileSync(i < carriers ? (formats[i % formats.length] as string) : (valid[i % valid.length] as string)));
  const server = createServer((request, response) => {
    const i = Number(/^\/(\d+)\.xml$/.exec(request.url ?? '')?.[1]);
    const failure = i - (SOURCES - FAILING);
    if (failure >= 0) {
      if (failure === 4) return void request.socket.destroy();
      const [status, headers, body] = ([[500, {}, 'down'], [503, { 'retry-after': '120' }, 'busy'], [404, {}, 'gone'], [200, { 'content-type': 'text/html' }, '<!doctype html><p>no feed here']] as const)[failure] ?? [500, {}, ''];
      return void response.writeHead(status, headers).end(body);
    }
    const added = i < carriers ? items(i) : [];
    const body = added.length > 0 ? withItems(feeds[i] as Buffer, added) : (feeds[i] as Buffer);
    const send = () => response.writeHead(200, { 'content-type': 'application/xml' }).end(body);
    if (i >= SOURCES - FAILING - SLOW) setTimeout(send, SLOW_MS);
    else send();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const sourcesFile = join(dir, 'sources.json');
  writeFileSync(sourcesFile, JSON.stringify(feeds.map((_, i) => ({ name: `Source ${i}`, url: `${origin}/${i}.xml`, category: 'World' }))));

  const sql = connectStore(store.url, 2);
  await migrate(sql);
  const [policy] = await sql<{ push_batch: number; calls_per_tick: number }[]>`select push_batch, calls_per_tick from work_policy`;
  if (!policy) throw new Error('work_policy has no row');
  const env = { ...denoEnv({ NEWS_ALLOW_LOOPBACK: '1', NEWS_SOURCES_FILE: sourcesFile }, { databaseUrl: store.url, ingestSecret: randomBytes(32).toString('hex'), vapid }), DENO_CERT: join(dir, 'ca.pem') };
  const calls: Result[] = [];
  const killedByBench = new Set<number>();
  // Calls counted from startKills(), three of the first 40 killed a random moment into their run.
  const random = seededRandom(54);
  let killing = false;
  let counted = 0;
  const targets = new Set<number>();
  while (targets.size < KILLS) targets.add(2 + Math.floor(random() * 38));
  const onStart = (child: ChildProcess) => {
    if (!killing || killedByBench.size >= KILLS) return;
    counted += 1;
    if (!targets.has(counted)) return;
    setTimeout(() => {
      if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
        killedByBench.add(child.pid);
        child.kill('SIGKILL');
      } else targets.add(counted + 1); // it had answered already: the next call instead
    }, 300 + random() * 1_700);
  };
  const driver = startWorkDriver({ databaseUrl: store.url, call: hostedCall(env, { onStart }), onResult: (result: Result) => void calls.push(result) });
  return {
    service,
    sql,
    driver,
    calls,
    killedByBench,
    pushBatch: policy.push_batch,
    maxCalls: localCallCap(policy.calls_per_tick),
    feedKib: feeds.reduce((sum, feed) => sum + feed.length, 0) / SOURCES / 1024,
    startKills: () => void (killing = true),
    total: (key) => calls.reduce((sum, call) => sum + (call.answer?.[key] ?? 0), 0),
    async close() {
      await driver.stop();
      await sql.end();
      server.close();
      await service.close();
    },
  };
}

/** Six words no other event's title has, so that only the two reports of an event group together. */
const words = (k: number) => ['quill', 'sable', 'ledger', 'orchid', 'tundra', 'mosaic'].map((word) => `${word}${k}x`);
const title = (k: number, report: 1 | 2) => {
  const [a, b, c, d, e, f] = words(k);
  return report === 1 ? `${a} ${b} council backs ${c} ${d} plan for ${e} ${f}` : `${e} ${f} plan: ${a} ${b} council backs ${c} ${d}`;
};

async function scaleOn(store: Store): Promise<Scale> {
  // The events' first reports come from sources 0 to 49; the second of event k from source k + 1 (an RSS or Atom fixture each).
  let round = 1;
  const dates = { 1: new Date(), 2: new Date() };
  const rig = await startRig(store, EVENTS, (i) => {
    const reports: [number, 1 | 2][] = [[i, 1], ...(round === 2 ? [[(i + EVENTS - 1) % EVENTS, 2] as [number, 2]] : [])];
    const at = dates[reports.length === 2 ? 2 : 1];
    return reports.map(([k, report]) => ({ title: title(k, report), link: `https://outlet${i}.example/event-${k}-${report}`, at }));
  });
  const { service, sql, driver } = rig;
  try {
    dates[1] = new Date();
    // Round 1 again if a source carrying an event missed its deadline on this busy machine (the events are its point).
    let followed: (string | undefined)[] = [];
    for (let attempt = 1; attempt <= 3 && (attempt === 1 || followed.some((id) => id === undefined)); attempt++) {
      console.error(`${store.name}: round 1: ${JSON.stringify(await driver.round())}`);
      const ids = new Map((await sql<{ id: string; title: string }[]>`select id, title from stories where title like '% council backs %'`).map((row) => [row.title, row.id]));
      followed = Array.from({ length: EVENTS }, (_, k) => ids.get(title(k, 1)));
    }
    if (followed.some((id) => id === undefined)) throw new Error(`round 1 stored ${followed.filter(Boolean).length} of the ${EVENTS} events' first reports`);
    for (let start = 0; start < SUBSCRIPTIONS; start += 5_000) {
      const browsers = Array.from({ length: Math.min(5_000, SUBSCRIPTIONS - start) }, (_, j) => service.browser(`s${start + j}`).subscription);
      const endpoints = browsers.map((b) => b.endpoint);
      await sql`insert into push_subscriptions (endpoint, p256dh, auth, last_seen_at)
        select x.e, x.p, x.a, now() from unnest(${endpoints}::text[], ${browsers.map((b) => b.keys.p256dh)}::text[], ${browsers.map((b) => b.keys.auth)}::text[]) as x(e, p, a)`;
      const pairs = endpoints.flatMap((endpoint, j) => [0, 7].map((step) => [endpoint, followed[(start + j + step) % EVENTS] as string]));
      await sql`insert into push_follows (endpoint, story_id, known_reports)
        select e, s, 1 from unnest(${pairs.map((p) => p[0] as string)}::text[], ${pairs.map((p) => p[1] as string)}::text[]) as x(e, s)`;
    }
    await sql`analyze`;
    console.error(`${store.name}: ${SUBSCRIPTIONS.toLocaleString('en')} subscriptions stored`);
    round = 2;
    dates[2] = new Date();
    const started = performance.now();
    const second = await driver.round();
    const roundS = (performance.now() - started) / 1000;
    console.error(`${store.name}: round 2 in ${roundS.toFixed(0)} s: ${JSON.stringify(second)}`);
    rig.startKills();
    for (;;) {
      await new Promise((done) => setTimeout(done, 2_000));
      const [state] = await sql<{ queued: number; pending: boolean }[]>`select (select count(*) from push_queue)::integer as queued, news_pending as pending from ingest_state`;
      if (state && !state.pending && state.queued === 0 && service.accepted.size >= SUBSCRIPTIONS) break;
      if (performance.now() - started > WAIT_MS) throw new Error(`not done after ${WAIT_MS / 60_000} minutes: ${service.accepted.size} subscriptions reached, ${state?.queued} pushes queued`);
    }
    return {
      pushBatch: rig.pushBatch,
      maxCalls: rig.maxCalls,
      feedKib: rig.feedKib,
      reached: service.accepted.size,
      queued: rig.total('queued'),
      delivered: service.tally.accepted - service.repeated(),
      duplicates: service.repeated(),
      lastPushS: (service.lastAcceptedAt() - started) / 1000,
      roundS,
      roundQueued: second.queued ?? 0,
      calls: rig.calls,
      killedByBench: rig.killedByBench,
      dropped: rig.total('dropped'),
    };
  } finally {
    await rig.close();
  }
}

/** A run's calls: the table of their CPU and memory by what they did, the calls the bench killed, those the limits stopped. */
export function callsOf(run: Calls): { table: string; killed: number; overran: number; withinLimits: boolean } {
  const answered = run.calls.filter((call) => call.cpuMs !== undefined);
  const killed = run.killedByBench.size;
  const overran = run.calls.filter((call) => call.killed !== undefined && !run.killedByBench.has(call.pid ?? -1)).length;
  const fetching = (a: Record<string, number>) => (a.fetched ?? 0) + (a.not_modified ?? 0) + (a.failed ?? 0) > 0;
  const pushing = (a: Record<string, number>) => !fetching(a) && (a.pushed ?? 0) + (a.queued ?? 0) + (a.retrying ?? 0) + (a.gone ?? 0) > 0;
  const kinds: [string, (call: Result) => boolean][] = [
    ['all', () => true],
    ['fetching sources', (call) => fetching(call.answer ?? {})],
    ['fanning out or pushing', (call) => pushing(call.answer ?? {})],
    ['regrouping, or nothing due', (call) => !fetching(call.answer ?? {}) && !pushing(call.answer ?? {})],
  ];
  const rows = kinds.map(([name, which]) => {
    const these = answered.filter(which);
    const cpu = these.map((call) => call.cpuMs as number);
    const peak = these.map((call) => call.peakMb as number);
    if (these.length === 0) return `| ${name} | 0 | | | | |`;
    return `| ${name} | ${these.length} | ${quantile([...cpu], 0.5).toFixed(0)} ms | ${quantile([...cpu], 0.95).toFixed(0)} ms | ${Math.max(...cpu).toFixed(0)} ms | ${quantile([...peak], 0.95).toFixed(0)} / ${Math.max(...peak).toFixed(0)} MB |`;
  });
  const cpu = answered.map((call) => call.cpuMs as number);
  const table = `| calls | count | CPU, median | CPU, p95 | CPU, max | peak memory, p95 / max |
|---|---|---|---|---|---|
${rows.join('\n')}`;
  return { table, killed, overran, withinLimits: quantile([...cpu], 0.95) < 1_000 && Math.max(...cpu) < 2_000 && overran === 0 };
}

/** The store a run's section names: each call opens its own pool, so not the crowd's name of it in crowd.ts. */
export const storeName = (store: Store): string => store.name.replace(/, one connection\)| \(a pool of \d+\)/, (match) => (match.startsWith(',') ? ')' : ''));

/** The machine and the limits every scale run is held to, for its section's opening. */
export function limitsText(run: Calls): string {
  return `${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores, load average (1 min)
${os.loadavg()[0]?.toFixed(1)} at the end. In a loopback-only network namespace, the scheduled work driven as in production (every ${TICK_MS / 1000} s the calls
\`work_calls_due\` asks for; here at most ${run.maxCalls} in flight), each call a fresh Deno process held to ${HOSTED_LIMITS.cpuS} s of CPU (\`ulimit -t\`), ${HOSTED_LIMITS.memoryMb} MB and
${HOSTED_LIMITS.wallMs / 1000} s (\`npm run functions -- --hosted-limits\`). CPU is the whole process's (user + system, every thread, from /proc), its start included; memory
is its peak resident set. ${SOURCES} sources serve the fixture feeds (${run.feedKib.toFixed(0)} KiB on average); ${SLOW} answer after ${SLOW_MS / 1000} s, ${FAILING} fail
(${FAILURES.join(', ')}).`;
}

function section(runs: ({ store: Store } & Scale)[]): string {
  const parts = runs.map((run) => {
    const { table, killed, overran, withinLimits } = callsOf(run);
    const met = withinLimits && run.reached === SUBSCRIPTIONS && run.delivered === run.queued && run.dropped === 0 && run.duplicates <= killed * run.pushBatch;
    return `### On ${storeName(run.store)}

- Subscriptions that got their push: ${run.reached.toLocaleString('en')} of ${SUBSCRIPTIONS.toLocaleString('en')}. Pushes queued by the fan-out: ${run.queued.toLocaleString('en')}; delivered: ${run.delivered.toLocaleString('en')}; dropped: ${run.dropped}.
- Duplicates (a push accepted again by its endpoint): ${run.duplicates}, after ${killed} calls killed by the bench (each holding at most ${run.pushBatch} pushes).
- The second round (its fetches, the grouping once no source was due, and the fan-out) took ${run.roundS.toFixed(0)} s and queued ${run.roundQueued.toLocaleString('en')} pushes;
  from its start to the last push: ${run.lastPushS.toFixed(0)} s.
- Calls: ${run.calls.length}, of which ${killed} killed by the bench and ${overran} stopped by the limits.

${table}

Target (issue 54): every push delivered, duplicates only after a killed call and at most one per push of its batch, CPU p95 under 1 s and max
under 2 s, no call stopped for overrunning: ${met ? 'met' : 'NOT met'}.`;
  });
  return `## At scale: 100 sources, 100,000 subscriptions, the platform's limits

Written by \`npm run bench:function -- --scale\` on ${new Date().toISOString().slice(0, 10)} (scripts/bench/scale.ts): ${limitsText(runs[0] as Scale)} A first round stores the first reports of ${EVENTS} events; ${SUBSCRIPTIONS.toLocaleString('en')} subscriptions then follow two of those stories
each; a second round adds a second outlet's report to each event, and the fan-out and the pushes follow. ${KILLS} of the first 40 calls after that round are
killed (SIGKILL) 0.3 to 2 s into their run. The stand-in push service runs in the benchmark's process, checks every VAPID signature and decrypts every
payload.

${parts.join('\n\n')}
`;
}

/** Inside the namespace (`--scale-child`): the section, on stdout. */
export const scaleChild = () => loopbackChild(scaleOn, section);

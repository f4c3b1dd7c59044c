// What pg_cron and pg_net do in production (supabase/migrations/20261216120100_schedule_work.sql), locally: every
// 10 seconds, as many calls of ingest-news as work_calls_due says the due work needs, each a bounded step, under the
// store's one policy (work_policy, 20261218120000_work_policy.sql). A call
// goes to the running local functions (httpCall), or, in the hosted-limits mode, to a fresh Deno process held to the
// platform's limits (hostedCall). So pushes follow an ingest within seconds, and whatever a stopped or killed run
// left in the store is taken up by the next calls.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { denoArgs, denoPath, ROOT } from './function-command.mjs';
import { connectStore } from './store.mjs';

export const TICK_MS = 10_000;
/** While a round of every source runs (at start, `npm run ingest`), the store is looked at this often. */
const ROUND_TICK_MS = 50;
/** A round's next calls start once the last ones answered, or this long after them (by then they hold what they took). */
const BURST_WAIT_MS = 2_000;
/**
 * Calls in flight at once, at most, under a policy of `callsPerTick` (work_policy.calls_per_tick, the platform's
 * concurrency): half of it, for here they share this machine's cores, and a refresh's 8 s deadline is wall-clock time.
 */
export const localCallCap = (callsPerTick) => Math.ceil(callsPerTick / 2);
/** Supabase's Edge Functions limits (the "Limits" page of its guide): CPU, memory, wall clock of one call. */
export const HOSTED_LIMITS = { cpuS: 2, memoryMb: 256, wallMs: 150_000 };

/** A call to the running local functions' ingest-news; resolves to its answer. */
export function httpCall(port, secret) {
  return async (all) => {
    const response = await fetch(`http://127.0.0.1:${port}/functions/v1/ingest-news${all ? '?all=1' : ''}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}` },
      signal: AbortSignal.timeout(HOSTED_LIMITS.wallMs),
    });
    const answer = await response.json();
    if (!response.ok) throw new Error(`ingest-news answered ${response.status} ${JSON.stringify(answer)}`);
    return { answer };
  };
}

/** CPU seconds (user + system, every thread) and peak resident MB of a running process. */
function figures(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { cpuMs: (Number(stat[11]) + Number(stat[12])) * 10, rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}

/**
 * A call in a fresh Deno process (supabase/local/call-once.ts) held to the platform's limits: past 2 s of CPU
 * (`ulimit -t`) the kernel stops it, past 256 MB resident or 150 s it is killed; none is waited for. Resolves to
 * { answer, cpuMs, peakMb, wallMs, pid } (the process's whole CPU, its start included), or { killed: 'cpu' | 'memory' |
 * 'wall' | <signal>, pid } when it did not answer. `onStart(child)` sees each process (the scale bench kills some).
 */
export function hostedCall(env, { onStart } = {}) {
  const args = denoArgs(env, 'supabase/local/call-once.ts');
  const limits = `ulimit -S -t ${HOSTED_LIMITS.cpuS} && ulimit -H -t ${HOSTED_LIMITS.cpuS + 1} && exec "$@"`;
  return (all) =>
    new Promise((resolve) => {
      const started = performance.now();
      const child = spawn('sh', ['-c', limits, 'sh', denoPath(), ...args, ...(all ? ['--all'] : [])], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'inherit'] });
      let killed;
      let out = '';
      let last;
      const kill = (why) => {
        killed ??= why;
        child.kill('SIGKILL');
      };
      const watch = setInterval(() => {
        try {
          last = figures(child.pid);
          if (last.rssMb > HOSTED_LIMITS.memoryMb) kill('memory');
        } catch {
          // gone already
        }
      }, 50);
      const wall = setTimeout(() => kill('wall'), HOSTED_LIMITS.wallMs);
      child.stdout.on('data', (chunk) => {
        out += chunk;
        if (!out.includes('\n')) return;
        clearInterval(watch);
        try {
          last = figures(child.pid);
        } catch {
          // gone already
        }
        child.stdin.end();
      });
      child.once('exit', (code, signal) => {
        clearInterval(watch);
        clearTimeout(wall);
        const wallMs = performance.now() - started;
        const line = out.split('\n')[0];
        if (code === 0 && line) resolve({ ...JSON.parse(line), cpuMs: last?.cpuMs, peakMb: last?.peakMb, wallMs, pid: child.pid });
        else resolve({ killed: killed ?? (signal === 'SIGXCPU' || signal === 'SIGKILL' ? 'cpu' : (signal ?? `exit ${code}`)), wallMs, peakMb: last?.peakMb, pid: child.pid });
      });
      onStart?.(child);
    });
}

const sleep = (ms, signal) => new Promise((done) => {
  const timer = setTimeout(done, ms);
  signal?.addEventListener('abort', () => (clearTimeout(timer), done()), { once: true });
});

/** Sums what the calls of a round answered (ingest-news's counts). */
export function sum(answers) {
  const total = { fetched: 0, not_modified: 0, failed: 0, stories: 0, deleted: 0, queued: 0, pushed: 0, gone: 0, retrying: 0, dropped: 0 };
  for (const answer of answers) for (const key of Object.keys(total)) total[key] += answer?.[key] ?? 0;
  return total;
}

/**
 * One line of what work did (ingest-news's keys: a call's answer, or a round's sum), after `label`: what `npm run
 * ingest` prints, `npm start` once its first round is done (`ingest`), and for each call that did something (`work`).
 */
export function workLine(label, a) {
  return `${label}: ${a.fetched} fetched, ${a.not_modified} not modified, ${a.failed} failed; ${a.stories} stories written, ${a.deleted} deleted${a.regrouped ? ', regrouped' : ''}; ${a.queued} pushes queued, ${a.pushed} sent, ${a.gone} gone, ${a.retrying} to retry, ${a.dropped} dropped`;
}

/**
 * Drives the store at `databaseUrl` with `call(all)`: a tick every TICK_MS starts the calls work_calls_due asks for,
 * at most localCallCap in flight; `onResult(result)` sees each call's result. round() makes every source due and
 * drives calls until none is due or held and what they wrote is grouped, and resolves to the sum of its calls' answers.
 */
export function startWorkDriver({ databaseUrl, call, onResult = () => {}, tickMs = TICK_MS }) {
  const sql = connectStore(databaseUrl);
  const running = new Set();
  const stopping = new AbortController();
  let rounds = 0;
  const start = (all = false) => {
    const done = call(all).then(
      (result) => (onResult(result), result),
      (error) => (onResult({ error }), { error }),
    );
    running.add(done);
    void done.finally(() => running.delete(done));
    return done;
  };
  const tick = async () => {
    const [row] = await sql`select work_calls_due(now()) as calls, calls_per_tick from work_policy`;
    return Array.from({ length: Math.min(row?.calls ?? 0, localCallCap(row?.calls_per_tick ?? 0) - running.size) }, () => start());
  };
  // A round ticks for itself, so that the calls it starts are the ones it sums.
  const loop = (async () => {
    for (;;) {
      await sleep(tickMs, stopping.signal);
      if (stopping.signal.aborted) return;
      if (rounds === 0) await tick().catch((error) => onResult({ error }));
    }
  })();
  return {
    async round() {
      rounds += 1;
      const first = start(true);
      let marked = false;
      void first.finally(() => (marked = true));
      const calls = [first];
      const workDue = async () => (await sql`select sources, held, regroup from work_due(now())`)[0];
      const [due, left] = [
        async () => (await workDue())?.sources ?? 0,
        async () => {
          const work = await workDue();
          return work !== undefined && (work.sources > 0 || work.held > 0 || work.regroup);
        },
      ];
      try {
        // The first call makes every source due; then the calls they need, all at once, again until none is due or
        // held and what they wrote is grouped.
        while (!marked && (await due()) === 0) await sleep(ROUND_TICK_MS, stopping.signal);
        while (!stopping.signal.aborted) {
          const burst = await tick();
          calls.push(...burst);
          // A call that waits on a slow source holds back no other.
          await Promise.race([Promise.all(burst), sleep(BURST_WAIT_MS)]);
          if (marked && !(await left())) break;
          if (burst.length === 0) await sleep(ROUND_TICK_MS, stopping.signal);
        }
        const results = await Promise.all(calls);
        const failure = results.find((result) => result.error || result.killed);
        if (failure) throw new Error(failure.error?.message ?? `a call was stopped (${failure.killed})`);
        return sum(results.map((result) => result.answer));
      } finally {
        rounds -= 1;
      }
    },
    async stop() {
      stopping.abort();
      await loop;
      await Promise.all(running);
      await sql.end();
    },
  };
}

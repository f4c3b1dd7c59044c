// What `npm run functions` and `npm start` share: the store (DATABASE_URL, else the embedded one in
// .data/), its migrations, the three functions on Deno, and the scheduled work driven as pg_cron drives it in
// production (work-driver.mjs): a round of every source at start, then every 10 seconds the calls the due work needs.
// `--hosted-limits` runs each of those calls in a fresh Deno process held to the platform's limits.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import webpush from 'web-push';
import { dirname, join, resolve } from 'node:path';
import { denoArgs, denoEnv, denoPath, functionsPort, ROOT } from './function-command.mjs';
import { requireFreePort, startProcess } from './processes.mjs';
import { connectStore, DATA_DIR, migrate, startEmbeddedStore } from './store.mjs';
import { hostedCall, httpCall, startWorkDriver, workLine } from './work-driver.mjs';

/** Where `npm run ingest` finds the running local functions (their port, ingest secret and store). */
export const LOCAL_FILE = 'functions.json';
/** The flag of `npm start` and `npm run functions` that runs each scheduled call as the platform would. */
export const HOSTED_LIMITS_FLAG = '--hosted-limits';

/** Development VAPID keys, made once beside the store (.data/vapid.json, git-ignored); production keys are secrets (docs/deploy.md#notifications). */
export const VAPID_FILE = 'vapid.json';

/** The development VAPID key pair in `file`, made on first use. */
export function developmentVapid(file) {
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
  const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:newsroom@localhost.invalid' };
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(vapid), { mode: 0o600 });
  return vapid;
}

/** The embedded store's directory: NEWS_STORE_DIR, else .data/store. */
export function storeDir(env = process.env) {
  const dir = env.NEWS_STORE_DIR?.trim();
  return dir ? resolve(dir) : join(DATA_DIR, 'store');
}

/** One line for a call that did something (or failed), for the console; undefined for one that found nothing due. */
function callLine(result) {
  if (result.error) return `work failed: ${result.error.message}`;
  if (result.killed) return `work: a call was stopped (${result.killed})`;
  const a = result.answer ?? {};
  if (!a.regrouped && ![a.fetched, a.not_modified, a.failed, a.queued, a.pushed, a.gone, a.retrying, a.dropped].some((n) => n > 0)) return undefined;
  const cost = result.cpuMs === undefined ? '' : ` (${result.cpuMs} ms CPU, ${result.peakMb.toFixed(0)} MB)`;
  return `${workLine('work', a)}${cost}`;
}

async function waitForFunctions(port, exited) {
  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = Date.now() + 60_000;
  while (!gone && Date.now() < deadline) {
    try {
      await fetch(`http://127.0.0.1:${port}/functions/v1/fetch-news`, { method: 'OPTIONS' });
      return true;
    } catch {
      await new Promise((done) => setTimeout(done, 100));
    }
  }
  return false;
}

/**
 * Starts the store and the functions, once their port is known to be free. Returns the Deno process (for runTogether) and
 * stop(), which stops the schedule and the embedded store (after the process has exited).
 */
export async function startFunctions({ prefix, hostedLimits = false } = {}) {
  const port = functionsPort();
  const hint = 'Stop whatever uses it (another `npm start`, `npm run functions` or `supabase start`), or set FUNCTIONS_PORT to another port.';
  await requireFreePort(port, 'the fetch-news function', hint);
  const external = process.env.DATABASE_URL?.trim();
  const dir = storeDir();
  const store = external ? undefined : await startEmbeddedStore({ dataDir: dir });
  const databaseUrl = external || store.url;
  const migrator = connectStore(databaseUrl);
  try {
    const applied = await migrate(migrator);
    if (applied.length > 0) console.log(`store: applied ${applied.join(', ')}`);
  } finally {
    await migrator.end();
  }
  console.log(external ? 'store: DATABASE_URL' : `store: embedded PostgreSQL (PGlite) in ${dir}`);
  const ingestSecret = randomBytes(32).toString('hex');
  const localFile = join(dir, LOCAL_FILE);
  if (!external) writeFileSync(localFile, JSON.stringify({ port, secret: ingestSecret, databaseUrl }), { mode: 0o600 });
  const vapid = process.env.VAPID_PUBLIC_KEY?.trim() ? undefined : developmentVapid(join(dirname(dir), VAPID_FILE));
  const env = denoEnv(process.env, { databaseUrl, ingestSecret, vapid });
  const fn = startProcess(denoPath(), denoArgs(), { prefix, env, cwd: ROOT });

  let driver;
  const up = waitForFunctions(port, fn.exited).then(async (listening) => {
    if (!listening) return;
    if (hostedLimits) console.log(`scheduled calls: each in a fresh Deno process, at most 2 s of CPU, 256 MB and 150 s`);
    driver = startWorkDriver({
      databaseUrl,
      call: hostedLimits ? hostedCall(env) : httpCall(port, ingestSecret),
      onResult: (result) => {
        const line = callLine(result);
        if (line) console.log(line);
      },
    });
    try {
      console.log(workLine('ingest', await driver.round()));
    } catch (error) {
      console.error(`ingest failed: ${error.message}`);
    }
  });
  return {
    ...fn,
    async stop() {
      await up;
      await driver?.stop();
      if (!external) rmSync(localFile, { force: true });
      await store?.stop();
    },
  };
}

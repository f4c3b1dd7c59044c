// What `npm run functions` and `npm start` share: the store (DATABASE_URL, else the embedded one in
// .data/), its migrations, both functions on Deno, and an ingest at start and every 5 minutes, made
// the way pg_cron makes it in production: a POST to ingest-news with the ingest secret.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import webpush from 'web-push';
import { dirname, join, resolve } from 'node:path';
import { denoArgs, denoEnv, denoPath, functionsPort, ROOT } from './function-command.mjs';
import { requireFreePort, startProcess } from './processes.mjs';
import { connectStore, DATA_DIR, migrate, startEmbeddedStore } from './store.mjs';

export const INGEST_INTERVAL_MS = 5 * 60_000;
/** Where `npm run ingest` finds the running local functions (their port and ingest secret). */
export const LOCAL_FILE = 'functions.json';

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

/** POSTs to the local ingest-news; resolves to a one-line summary, or rejects with why. */
export async function callIngest(port, secret, all = false) {
  const response = await fetch(`http://127.0.0.1:${port}/functions/v1/ingest-news${all ? '?all=1' : ''}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${secret}` },
    signal: AbortSignal.timeout(60_000),
  });
  const body = await response.json();
  if (!response.ok) throw new Error(`ingest-news answered ${response.status} ${JSON.stringify(body)}`);
  return `ingest: ${body.fetched} fetched, ${body.not_modified} not modified, ${body.failed} failed; ${body.stories} stories written, ${body.deleted} deleted, ${body.pushed} pushes`;
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
export async function startFunctions({ prefix } = {}) {
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
  if (!external) writeFileSync(localFile, JSON.stringify({ port, secret: ingestSecret }), { mode: 0o600 });
  // The embedded store serves one connection: both functions share it.
  const poolSize = external ? undefined : 1;
  const vapid = process.env.VAPID_PUBLIC_KEY?.trim() ? undefined : developmentVapid(join(dirname(dir), VAPID_FILE));
  const fn = startProcess(denoPath(), denoArgs(), { prefix, env: denoEnv(process.env, { databaseUrl, ingestSecret, poolSize, vapid }), cwd: ROOT });

  let timer;
  let running = Promise.resolve();
  const runIngest = (all) => {
    running = callIngest(port, ingestSecret, all).then(
      (line) => console.log(line),
      (error) => console.error(`ingest failed: ${error.message}`),
    );
    return running;
  };
  void waitForFunctions(port, fn.exited).then(async (up) => {
    if (!up) return;
    await runIngest(true);
    timer = setInterval(() => void runIngest(false), INGEST_INTERVAL_MS);
  });
  return {
    ...fn,
    async stop() {
      clearInterval(timer);
      await running;
      if (!external) rmSync(localFile, { force: true });
      await store?.stop();
    },
  };
}

// How the fetch-news function is started locally on Deno (from the `deno` npm package).
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const FUNCTION_DIR = resolve(ROOT, 'supabase/functions/fetch-news');
export const DEFAULT_FUNCTIONS_PORT = 54321;

/** The Deno executable installed by the `deno` npm package. */
export function denoPath() {
  return require('deno/install_api.cjs').runInstall();
}

/** The port from FUNCTIONS_PORT, or the Supabase default; exits on nonsense. */
export function functionsPort(env = process.env) {
  const raw = env.FUNCTIONS_PORT?.trim();
  if (!raw) return DEFAULT_FUNCTIONS_PORT;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    console.error(`FUNCTIONS_PORT must be a port number (1-65535), got "${raw}".`);
    process.exit(2);
  }
  return port;
}

/**
 * Arguments for `deno run` of `script` (the local router, or one scheduled call: supabase/local/call-once.ts).
 * npm packages come from the project's node_modules (--node-modules-dir=manual), so nothing is downloaded;
 * deno.json maps them to npm: specifiers, which is what a deploy resolves instead. Permissions:
 * network (the feeds, the push services, the store and the server), twelve environment variables, the PG* ones
 * the `postgres` driver reads for its defaults and ECE_KEYLOG, which web-push's http_ece reads when loaded, and reading
 * only the directory of NEWS_SOURCES_FILE when it is set.
 */
export function denoArgs(env = process.env, script = 'supabase/local/serve-local.ts') {
  const args = [
    'run',
    '--quiet',
    '--no-prompt',
    '--node-modules-dir=manual',
    `--config=${resolve(FUNCTION_DIR, 'deno.json')}`,
    '--allow-net',
    '--allow-env=NEWS_SOURCES_FILE,FUNCTIONS_PORT,NEWS_ALLOW_LOOPBACK,DATABASE_URL,SUPABASE_DB_URL,NEWS_DB_POOL_SIZE,INGEST_SECRET,VAPID_PUBLIC_KEY,VAPID_PRIVATE_KEY,VAPID_SUBJECT,PUSH_SERVICE_HOSTS,CLIENT_ADDRESS_FROM,ECE_KEYLOG,PG*',
  ];
  const sourcesFile = env.NEWS_SOURCES_FILE?.trim();
  if (sourcesFile) args.push(`--allow-read=${dirname(resolve(sourcesFile))}`);
  args.push(resolve(ROOT, script));
  return args;
}

/**
 * The environment for the Deno process: the store's URL, the pool size when the store needs one (the
 * embedded store serves one connection), the ingest secret and the VAPID keys (the environment's own
 * win over the development keys in .data/), NEWS_SOURCES_FILE made absolute, and
 * NEWS_ALLOW_LOOPBACK passed through as it is (never set here: feeds on loopback are
 * allowed only when whoever starts `npm start` / `npm run functions` asks for it).
 */
export function denoEnv(env = process.env, store = {}) {
  const sourcesFile = env.NEWS_SOURCES_FILE?.trim();
  return {
    FUNCTIONS_PORT: String(functionsPort(env)),
    ...(store.databaseUrl ? { DATABASE_URL: store.databaseUrl } : {}),
    ...(store.poolSize ? { NEWS_DB_POOL_SIZE: String(store.poolSize) } : {}),
    ...(store.ingestSecret ? { INGEST_SECRET: store.ingestSecret } : {}),
    ...(store.vapid && !env.VAPID_PUBLIC_KEY?.trim() ? { VAPID_PUBLIC_KEY: store.vapid.publicKey, VAPID_PRIVATE_KEY: store.vapid.privateKey, VAPID_SUBJECT: store.vapid.subject } : {}),
    ...(sourcesFile ? { NEWS_SOURCES_FILE: resolve(sourcesFile) } : {}),
    ...(env.NEWS_ALLOW_LOOPBACK !== undefined ? { NEWS_ALLOW_LOOPBACK: env.NEWS_ALLOW_LOOPBACK } : {}),
  };
}

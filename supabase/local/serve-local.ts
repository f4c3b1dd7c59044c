// Local stand-in for the Supabase runtime's router: serves fetch-news, ingest-news and follow-news under
// /functions/v1/ on 127.0.0.1:FUNCTIONS_PORT (default 54321), all three on one pool of NEWS_DB_POOL_SIZE
// connections to the store at DATABASE_URL (scripts/functions.mjs starts the embedded one, sets it
// and a pool of one).
import { createFollowNews } from '../functions/_shared/http/follow-news.ts';
import { createIngestNews } from '../functions/_shared/http/ingest-news.ts';
import { addressSourceFrom, allowLoopbackFrom, clientAddress, connectFromEnv, createFetchNews, loadSources, pushConfigFrom, workDeps } from '../functions/_shared/http/runtime.ts';
import { INGEST_SECRET_ENV } from '../functions/_shared/http/secret.ts';
import { ALLOW_LOOPBACK_ENV } from '../functions/_shared/net/guard.ts';
import { SourcesFileError } from '../functions/_shared/stories/sources-file.ts';

const FUNCTION_PATH = '/functions/v1/fetch-news';
const INGEST_PATH = '/functions/v1/ingest-news';
const FOLLOW_PATH = '/functions/v1/follow-news';
const getEnv = (name: string) => Deno.env.get(name);

function port(): number {
  const raw = getEnv('FUNCTIONS_PORT')?.trim();
  if (!raw) return 54321;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 65535) {
    console.error(`FUNCTIONS_PORT must be a port number (1-65535), got "${raw}"`);
    Deno.exit(2);
  }
  return value;
}

let sources;
try {
  sources = await loadSources({ getEnv, readTextFile: (path) => Deno.readTextFile(path) });
} catch (error) {
  if (!(error instanceof SourcesFileError)) throw error;
  console.error(`fetch-news: invalid sources file: ${error.message}`);
  Deno.exit(2);
}
let sql;
let push;
let addressSource;
try {
  push = pushConfigFrom(getEnv);
  // No proxy in front here: the connection's address is the client's, unless CLIENT_ADDRESS_FROM says otherwise (tests of a proxy).
  addressSource = addressSourceFrom(getEnv, { kind: 'connection' });
  sql = connectFromEnv(getEnv);
} catch (error) {
  console.error(`fetch-news: ${error instanceof Error ? error.message : String(error)}`);
  Deno.exit(2);
}
if (!sql) {
  console.error('fetch-news: no database: DATABASE_URL is not set (npm run functions sets it)');
  Deno.exit(2);
}

const allowLoopback = allowLoopbackFrom(getEnv);
const options = {
  sql,
  sources,
  ingestConfig: { allowLoopback },
  push,
  logError: (error: unknown) => console.error('fetch-news:', error),
  log: (message: string) => console.warn('fetch-news:', message),
};
const fetchNews = createFetchNews(options);
const ingestNews = createIngestNews({ sql, sources, deps: workDeps(options), secret: getEnv(INGEST_SECRET_ENV), logError: options.logError });

const followNews = createFollowNews({ sql, vapid: push?.vapid, hosts: push?.hosts ?? [], allowLoopback, logError: options.logError });

const under = (pathname: string, path: string) => pathname === path || pathname.startsWith(`${path}/`);

Deno.serve(
  {
    hostname: '127.0.0.1',
    port: port(),
    onListen: ({ hostname, port }) => {
      const loopback = allowLoopback ? `; ${ALLOW_LOOPBACK_ENV}=1: loopback feeds and push endpoints allowed` : '';
      console.log(`fetch-news listening on http://${hostname}:${port}${FUNCTION_PATH} (${sources.length} sources${loopback})`);
      console.log(push ? `notifications: on, at http://${hostname}:${port}${FOLLOW_PATH}` : 'notifications: off (no VAPID keys)');
    },
  },
  (request, info) => {
    const { pathname } = new URL(request.url);
    if (under(pathname, FUNCTION_PATH)) return fetchNews(request);
    if (under(pathname, INGEST_PATH)) return ingestNews(request);
    if (under(pathname, FOLLOW_PATH)) return followNews(request, clientAddress(request.headers, info.remoteAddr.hostname, addressSource));
    return Response.json({ error: `not found: ${pathname} (the functions are at ${FUNCTION_PATH}, ${INGEST_PATH} and ${FOLLOW_PATH})` }, { status: 404 });
  },
);

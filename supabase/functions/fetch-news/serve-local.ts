// Local stand-in for the Supabase runtime's router: serves the function under
// /functions/v1/fetch-news on 127.0.0.1:FUNCTIONS_PORT (default 54321).
import { createFetchNews, loadSources } from './lib/app.ts';
import { ALLOW_LOOPBACK_ENV, allowLoopbackFrom } from './lib/config.ts';
import { SourcesFileError } from './lib/sources.ts';

const FUNCTION_PATH = '/functions/v1/fetch-news';

function port(): number {
  const raw = Deno.env.get('FUNCTIONS_PORT')?.trim();
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
  sources = await loadSources({ getEnv: (name) => Deno.env.get(name), readTextFile: (path) => Deno.readTextFile(path) });
} catch (error) {
  if (!(error instanceof SourcesFileError)) throw error;
  console.error(`fetch-news: invalid sources file: ${error.message}`);
  Deno.exit(2);
}

const allowLoopback = allowLoopbackFrom((name) => Deno.env.get(name));
const handler = createFetchNews({
  sources,
  aggregateConfig: { allowLoopback },
  logError: (error) => console.error('fetch-news:', error),
  log: (message) => console.warn('fetch-news:', message),
});

Deno.serve(
  {
    hostname: '127.0.0.1',
    port: port(),
    onListen: ({ hostname, port }) => {
      const loopback = allowLoopback ? `; ${ALLOW_LOOPBACK_ENV}=1: loopback feeds allowed` : '';
      console.log(`fetch-news listening on http://${hostname}:${port}${FUNCTION_PATH} (${sources.length} sources${loopback})`);
    },
  },
  (request) => {
    const { pathname } = new URL(request.url);
    if (pathname === FUNCTION_PATH || pathname.startsWith(`${FUNCTION_PATH}/`)) return handler(request);
    return Response.json({ error: `not found: ${pathname} (the function is at ${FUNCTION_PATH})` }, { status: 404 });
  },
);

// Supabase Edge Function entry: `supabase functions deploy fetch-news` (docs/deploy.md).
import { allowLoopbackFrom, connectFromEnv, createFetchNews, loadSources, pushConfigFrom } from '../_shared/http/runtime.ts';

const getEnv = (name: string) => Deno.env.get(name);
// An invalid NEWS_SOURCES_FILE or NEWS_DB_POOL_SIZE fails here, at startup, with a message naming it.
const sources = await loadSources({ getEnv, readTextFile: (path) => Deno.readTextFile(path) });
const sql = connectFromEnv(getEnv);
if (!sql) throw new Error('fetch-news: no database: set DATABASE_URL (Supabase sets SUPABASE_DB_URL)');
const runtime = (globalThis as { EdgeRuntime?: { waitUntil(work: Promise<unknown>): void } }).EdgeRuntime;

Deno.serve(
  createFetchNews({
    sql,
    sources,
    // Off unless NEWS_ALLOW_LOOPBACK=1 (local development and tests only).
    ingestConfig: { allowLoopback: allowLoopbackFrom(getEnv) },
    push: pushConfigFrom(getEnv),
    waitUntil: runtime ? (work) => runtime.waitUntil(work) : undefined,
    logError: (error) => console.error('fetch-news:', error),
    log: (message) => console.warn('fetch-news:', message),
  }),
);

// Supabase Edge Function entry: `supabase functions deploy fetch-news` (docs/deploy.md).
import { connect } from '../_shared/store/store.ts';
import { createFetchNews, databaseUrl, loadSources } from '../_shared/http/runtime.ts';
import { allowLoopbackFrom } from '../_shared/ingest/config.ts';

const getEnv = (name: string) => Deno.env.get(name);
// An invalid NEWS_SOURCES_FILE fails here, at startup, with a message naming the file and entry.
const sources = await loadSources({ getEnv, readTextFile: (path) => Deno.readTextFile(path) });
const url = databaseUrl(getEnv);
if (!url) throw new Error('fetch-news: no database: set DATABASE_URL (Supabase sets SUPABASE_DB_URL)');
const runtime = (globalThis as { EdgeRuntime?: { waitUntil(work: Promise<unknown>): void } }).EdgeRuntime;

Deno.serve(
  createFetchNews({
    sql: connect(url),
    sources,
    // Off unless NEWS_ALLOW_LOOPBACK=1 (local development and tests only).
    aggregateConfig: { allowLoopback: allowLoopbackFrom(getEnv) },
    waitUntil: runtime ? (work) => runtime.waitUntil(work) : undefined,
    logError: (error) => console.error('fetch-news:', error),
    log: (message) => console.warn('fetch-news:', message),
  }),
);

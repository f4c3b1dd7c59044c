// Supabase Edge Function entry: `supabase functions deploy ingest-news` (docs/deploy.md). Called by pg_cron, as many
// times every 10 seconds as the work due needs, with the ingest secret; each call does one bounded step. The page never calls it.
import { createIngestNews } from '../_shared/http/ingest-news.ts';
import { allowLoopbackFrom, connectFromEnv, loadSources, pushConfigFrom, workDeps } from '../_shared/http/runtime.ts';
import { INGEST_SECRET_ENV } from '../_shared/http/secret.ts';

const getEnv = (name: string) => Deno.env.get(name);
const sources = await loadSources({ getEnv, readTextFile: (path) => Deno.readTextFile(path) });
const sql = connectFromEnv(getEnv);
if (!sql) throw new Error('ingest-news: no database: set DATABASE_URL (Supabase sets SUPABASE_DB_URL)');

Deno.serve(
  createIngestNews({
    sql,
    sources,
    deps: workDeps({ ingestConfig: { allowLoopback: allowLoopbackFrom(getEnv) }, push: pushConfigFrom(getEnv), log: (message) => console.warn('ingest-news:', message) }),
    secret: getEnv(INGEST_SECRET_ENV),
    logError: (error) => console.error('ingest-news:', error),
  }),
);

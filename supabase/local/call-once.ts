// One scheduled call of ingest-news in a process of its own, as the platform gives each call a fresh worker
// (`npm run functions -- --hosted-limits`, scripts/lib/work-driver.mjs). It serves the call through the same handler
// as ingest-news/index.ts, prints the answer as one JSON line, then waits for stdin to close, so that the process
// that started it can read its CPU time and peak memory from /proc before it exits.
import { createIngestNews } from '../functions/_shared/http/ingest-news.ts';
import { allowLoopbackFrom, connectFromEnv, loadSources, pushConfigFrom, workDeps } from '../functions/_shared/http/runtime.ts';
import { INGEST_SECRET_ENV } from '../functions/_shared/http/secret.ts';

const getEnv = (name: string) => Deno.env.get(name);
const sql = connectFromEnv(getEnv);
if (!sql) throw new Error('call-once: DATABASE_URL is not set');
const secret = getEnv(INGEST_SECRET_ENV);
const handle = createIngestNews({
  sql,
  sources: await loadSources({ getEnv, readTextFile: (path) => Deno.readTextFile(path) }),
  deps: workDeps({ ingestConfig: { allowLoopback: allowLoopbackFrom(getEnv) }, push: pushConfigFrom(getEnv), log: (message) => console.warn('ingest-news:', message) }),
  secret,
  logError: (error) => console.error('ingest-news:', error),
});
const all = Deno.args.includes('--all');
const response = await handle(new Request(`http://127.0.0.1/functions/v1/ingest-news${all ? '?all=1' : ''}`, { method: 'POST', headers: { authorization: `Bearer ${secret}` } }));
console.log(JSON.stringify({ status: response.status, answer: await response.json() }));
await sql.end();
for await (const _ of Deno.stdin.readable) {
  // Nothing is sent: the parent closes stdin once it has read this process's figures.
}

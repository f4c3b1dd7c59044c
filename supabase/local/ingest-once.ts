// `npm run ingest` with DATABASE_URL set: one ingest of every source (due or not, still conditional) against that
// database, from this machine, then exit. What it wrote is grouped, fanned out and pushed by that deployment's
// scheduled calls. It prints what it did as ingest-news answers it, one JSON line, which scripts/ingest.mjs sums up.
import { ingest } from '../functions/_shared/ingest/ingest.ts';
import { stepAnswer } from '../functions/_shared/http/ingest-news.ts';
import { allowLoopbackFrom, connectFromEnv, ingestDeps, loadSources } from '../functions/_shared/http/runtime.ts';
import { NO_WORK } from '../functions/_shared/work/step.ts';

const getEnv = (name: string) => Deno.env.get(name);
const sql = connectFromEnv(getEnv);
if (!sql) {
  console.error('ingest: DATABASE_URL is not set');
  Deno.exit(2);
}
const sources = await loadSources({ getEnv, readTextFile: (path) => Deno.readTextFile(path) });
try {
  const report = await ingest(sql, sources, ingestDeps({ ingestConfig: { allowLoopback: allowLoopbackFrom(getEnv) }, log: (message) => console.warn('ingest:', message) }), { all: true });
  console.log(JSON.stringify(stepAnswer({ ...NO_WORK, ...report })));
} finally {
  await sql.end();
}

// `npm run ingest` with DATABASE_URL set: one ingest of every source (due or not, still conditional) against that
// database, from this machine, then exit. The news it finds for followers is fanned out and pushed by that
// deployment's scheduled calls.
import { ingest } from '../functions/_shared/ingest/ingest.ts';
import { allowLoopbackFrom, connectFromEnv, ingestDeps, loadSources } from '../functions/_shared/http/runtime.ts';

const getEnv = (name: string) => Deno.env.get(name);
const sql = connectFromEnv(getEnv);
if (!sql) {
  console.error('ingest: DATABASE_URL is not set');
  Deno.exit(2);
}
const sources = await loadSources({ getEnv, readTextFile: (path) => Deno.readTextFile(path) });
try {
  const report = await ingest(sql, sources, ingestDeps({ ingestConfig: { allowLoopback: allowLoopbackFrom(getEnv) }, log: (message) => console.warn('ingest:', message) }), { all: true });
  console.log(`ingest: ${report.fetched} fetched, ${report.notModified} not modified, ${report.failed} failed; ${report.stories} stories written, ${report.deleted} deleted`);
} finally {
  await sql.end();
}

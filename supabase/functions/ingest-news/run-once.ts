// `npm run ingest` with DATABASE_URL set: one ingest of every source (due or not, still conditional)
// against that database, from this machine, then exit.
import { ingest } from '../_shared/ingest/ingest.ts';
import { connect } from '../_shared/store/store.ts';
import { databaseUrl, ingestDeps, loadSources } from '../_shared/http/runtime.ts';
import { allowLoopbackFrom } from '../_shared/ingest/config.ts';

const getEnv = (name: string) => Deno.env.get(name);
const url = databaseUrl(getEnv);
if (!url) {
  console.error('ingest: DATABASE_URL is not set');
  Deno.exit(2);
}
const sources = await loadSources({ getEnv, readTextFile: (path) => Deno.readTextFile(path) });
const sql = connect(url);
try {
  const report = await ingest(sql, sources, ingestDeps({ aggregateConfig: { allowLoopback: allowLoopbackFrom(getEnv) }, log: (message) => console.warn('ingest:', message) }), { all: true });
  console.log(`ingest: ${report.fetched} fetched, ${report.notModified} not modified, ${report.failed} failed; ${report.stories} stories written, ${report.deleted} deleted`);
} finally {
  await sql.end();
}

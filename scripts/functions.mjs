#!/usr/bin/env node
// `npm run functions`: the store and both functions on Deno, at
// http://127.0.0.1:${FUNCTIONS_PORT:-54321}/functions/v1/fetch-news (and .../ingest-news).
// Env: DATABASE_URL (else the embedded store in .data/, or NEWS_STORE_DIR), FUNCTIONS_PORT,
// NEWS_SOURCES_FILE, NEWS_ALLOW_LOOPBACK (passed through: =1 lets the function fetch feeds on
// 127.0.0.0/8 and ::1, for local fixture feeds).
import { functionsPort } from './lib/function-command.mjs';
import { startFunctions } from './lib/functions-stack.mjs';
import { requireFreePort, runTogether } from './lib/processes.mjs';

const port = functionsPort();
await requireFreePort(
  port,
  'the fetch-news function',
  'Stop whatever uses it (another `npm start`, `npm run functions` or `supabase start`), or set FUNCTIONS_PORT to another port.',
);
const fn = await startFunctions();
process.exitCode = await runTogether([{ name: 'fetch-news', ...fn }]);
await fn.stop();

#!/usr/bin/env node
// `npm run functions`: the store and the functions on Deno, at
// http://127.0.0.1:${FUNCTIONS_PORT:-54321}/functions/v1/fetch-news (and .../ingest-news, .../follow-news), with the
// scheduled work driven as in production; `-- --hosted-limits`: each scheduled call in a fresh Deno process held to
// the platform's limits. Env: DATABASE_URL (else the embedded store in .data/, or NEWS_STORE_DIR), FUNCTIONS_PORT,
// NEWS_SOURCES_FILE, NEWS_ALLOW_LOOPBACK (passed through: =1 lets the function fetch feeds on 127.0.0.0/8 and ::1,
// for local fixture feeds).
import { HOSTED_LIMITS_FLAG, startFunctions } from './lib/functions-stack.mjs';
import { runTogether } from './lib/processes.mjs';

const fn = await startFunctions({ hostedLimits: process.argv.includes(HOSTED_LIMITS_FLAG) });
process.exitCode = await runTogether([{ name: 'fetch-news', ...fn }]);
await fn.stop();

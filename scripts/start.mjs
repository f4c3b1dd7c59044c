#!/usr/bin/env node
// `npm start`: the site (Vite dev server on http://127.0.0.1:5173), the store and the
// functions (Deno on http://127.0.0.1:54321/functions/v1/fetch-news, scripts/lib/functions-stack.mjs)
// together; `-- --hosted-limits` as for `npm run functions`. Ctrl-C stops both; if one stops, so does the other
// (exit code non-zero).
import { resolve } from 'node:path';
import { functionsPort, ROOT } from './lib/function-command.mjs';
import { HOSTED_LIMITS_FLAG, startFunctions } from './lib/functions-stack.mjs';
import { requireFreePort, runTogether, startProcess } from './lib/processes.mjs';

const SITE_PORT = 5173;
const port = functionsPort();

await requireFreePort(SITE_PORT, 'the site (Vite dev server)', 'Stop the other dev server (another `npm start` or `npm run dev`) and try again.');

const fn = await startFunctions({ prefix: '[function]', hostedLimits: process.argv.includes(HOSTED_LIMITS_FLAG) }); // after checking the function's port
const vite = resolve(ROOT, 'node_modules/vite/bin/vite.js');
const site = startProcess(process.execPath, [vite, '--host', '127.0.0.1', '--port', String(SITE_PORT), '--strictPort'], {
  prefix: '[site]    ',
  cwd: ROOT,
  env: port === 54321 ? {} : { VITE_SUPABASE_URL: process.env.VITE_SUPABASE_URL ?? `http://127.0.0.1:${port}` },
});

console.log(`Site:     http://127.0.0.1:${SITE_PORT}/`);
console.log(`Function: http://127.0.0.1:${port}/functions/v1/fetch-news`);
process.exitCode = await runTogether([{ name: 'the site', ...site }, { name: 'the fetch-news function', ...fn }]);
await fn.stop();

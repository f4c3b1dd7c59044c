#!/usr/bin/env node
// `npm run ingest`: one ingest now, of every source (due or not; still conditional requests).
// With DATABASE_URL: run here against that database (the deployment's scheduled calls group what it wrote, and push).
// Without: a round of calls to the running local functions (`npm start` / `npm run functions`), which own the
// embedded store, until every source has been fetched.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { denoArgs, denoEnv, denoPath, ROOT } from './lib/function-command.mjs';
import { LOCAL_FILE, storeDir } from './lib/functions-stack.mjs';
import { httpCall, startWorkDriver, sum, workLine } from './lib/work-driver.mjs';

if (process.env.DATABASE_URL?.trim()) {
  const args = denoArgs(process.env, 'supabase/local/ingest-once.ts');
  const result = spawnSync(denoPath(), args, { cwd: ROOT, stdio: ['inherit', 'pipe', 'inherit'], encoding: 'utf8', env: { ...process.env, ...denoEnv(process.env, { databaseUrl: process.env.DATABASE_URL.trim() }) } });
  // Its one line is the answer of a call that fetched every source: the same summary as a round's.
  if (result.status === 0) console.log(workLine('ingest', sum([JSON.parse(result.stdout)])));
  process.exit(result.status ?? 1);
}
const file = join(storeDir(), LOCAL_FILE);
if (!existsSync(file)) {
  console.error('No local functions are running: start them (`npm start` or `npm run functions`), or set DATABASE_URL to ingest into that database.');
  process.exit(1);
}
const { port, secret, databaseUrl } = JSON.parse(readFileSync(file, 'utf8'));
const driver = startWorkDriver({ databaseUrl, call: httpCall(port, secret) });
try {
  console.log(workLine('ingest', await driver.round()));
} catch (error) {
  console.error(`ingest failed: ${error.message} (are the local functions still running on port ${port}?)`);
  process.exitCode = 1;
} finally {
  await driver.stop();
}

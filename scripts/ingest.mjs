#!/usr/bin/env node
// `npm run ingest`: one ingest now, of every source (due or not; still conditional requests).
// With DATABASE_URL: run here against that database. Without: ask the running local functions
// (`npm start` / `npm run functions`), which own the embedded store.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { spawnSync } from 'node:child_process';
import { denoArgs, denoEnv, denoPath, ROOT } from './lib/function-command.mjs';
import { callIngest, LOCAL_FILE, storeDir } from './lib/functions-stack.mjs';

if (process.env.DATABASE_URL?.trim()) {
  const args = denoArgs().slice(0, -1);
  args.push(resolve(ROOT, 'supabase/local/ingest-once.ts'));
  const result = spawnSync(denoPath(), args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...denoEnv(process.env, { databaseUrl: process.env.DATABASE_URL.trim() }) } });
  process.exit(result.status ?? 1);
}
const file = join(storeDir(), LOCAL_FILE);
if (!existsSync(file)) {
  console.error('No local functions are running: start them (`npm start` or `npm run functions`), or set DATABASE_URL to ingest into that database.');
  process.exit(1);
}
const { port, secret } = JSON.parse(readFileSync(file, 'utf8'));
try {
  console.log(await callIngest(port, secret, true));
} catch (error) {
  console.error(`ingest failed: ${error.message} (are the local functions still running on port ${port}?)`);
  process.exit(1);
}

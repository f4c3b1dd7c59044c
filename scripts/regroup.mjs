#!/usr/bin/env node
// `npm run regroup`: after a change of the grouping's rule, asks the store for a full regroup of the last 48 hours
// (request_regroup, in the migrations); the next scheduled call does it (work_due's regroup), within its limits.
// With DATABASE_URL: that database. Without: the running local functions' store (`npm start` / `npm run functions`).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCAL_FILE, storeDir } from './lib/functions-stack.mjs';
import { connectStore } from './lib/store.mjs';

const file = join(storeDir(), LOCAL_FILE);
const url = process.env.DATABASE_URL?.trim() || (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')).databaseUrl : '');
if (!url) {
  console.error('regroup: no local functions are running: start them (`npm start` or `npm run functions`), or set DATABASE_URL.');
  process.exit(1);
}
const sql = connectStore(url);
try {
  await sql`select request_regroup(now())`;
  console.log('regroup: asked; the next scheduled call places the stories of the last 48 hours again');
} catch (error) {
  console.error(`regroup failed: ${error.message}`);
  process.exitCode = 1;
} finally {
  await sql.end();
}

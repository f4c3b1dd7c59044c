#!/usr/bin/env node
// CI check: every package in package-lock.json carries an `integrity` hash, except the
// entries listed below, which the registry mirror this project is built from does not serve
// (so npm could never record a hash for them). Prints the exceptions it relied on; fails on
// any other entry without integrity, and on an exception whose version changed.
// Usage: node .ci/lock-integrity.mjs [path/to/package-lock.json]
import { readFileSync } from 'node:fs';

const WHY =
  'optional platform binary of the `deno` dev dependency for another OS/CPU; the registry mirror serves only ' +
  '@deno/linux-x64-glibc (whose integrity is recorded and checked), so npm has no hash to record and never installs it here';

/** package path -> the exact version allowed without integrity */
const EXCEPTIONS = new Map([
  ['node_modules/@deno/darwin-arm64', '2.9.6'],
  ['node_modules/@deno/darwin-x64', '2.9.6'],
  ['node_modules/@deno/linux-arm64-glibc', '2.9.6'],
  ['node_modules/@deno/win32-arm64', '2.9.6'],
  ['node_modules/@deno/win32-x64', '2.9.6'],
]);

const file = process.argv[2] ?? new URL('../package-lock.json', import.meta.url).pathname;
const lock = JSON.parse(readFileSync(file, 'utf8'));
const failures = [];
const excused = [];
for (const [path, entry] of Object.entries(lock.packages ?? {})) {
  if (path === '' || entry.link || entry.integrity) continue;
  const allowed = EXCEPTIONS.get(path);
  if (allowed === undefined) failures.push(`${path}@${entry.version}: no integrity`);
  else if (allowed !== entry.version) failures.push(`${path}@${entry.version}: no integrity (the exception is for ${allowed} only)`);
  else excused.push(`${path}@${entry.version}`);
}
if (excused.length > 0) {
  console.log(`package-lock.json: ${excused.length} entries without integrity, by exception:\n  ${excused.join('\n  ')}\n  why: ${WHY}.`);
}
if (failures.length > 0) {
  console.error(`package-lock.json: entries without integrity:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('package-lock.json: every other entry has an integrity hash.');

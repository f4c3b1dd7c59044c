// `npm run test:mutation -- <area or unit>... [Stryker options]` (docs/testing.md#mutation-testing):
// one Stryker run per unit of tests/mutation/areas.mjs, one after the other, each timed.
// `npm run test:mutation -- --list` shows every unit with its files and tests.
import { spawnSync } from 'node:child_process';
import { root, select, units } from './areas.mjs';

const args = process.argv.slice(2);
const names = args.filter((arg) => !arg.startsWith('-'));
const options = args.filter((arg) => arg.startsWith('-') && arg !== '--list');

if (args.includes('--list') || names.length === 0) {
  for (const [name, unit] of units()) console.log(`${name}\n  mutate: ${unit.mutate.join(' ')}\n  tests:  ${unit.tests.join(' ')}`);
  if (names.length === 0 && !args.includes('--list')) console.log('\nUsage: npm run test:mutation -- <area or unit>... [--force] [--concurrency 2]');
  process.exit(0);
}

const ran = [];
for (const unit of select(names)) {
  const start = Date.now();
  const run = spawnSync('npx', ['stryker', 'run', ...options], { cwd: root, stdio: 'inherit', env: { ...process.env, MUTATION_UNIT: unit } });
  const minutes = ((Date.now() - start) / 60_000).toFixed(1);
  ran.push(`${unit}: ${run.status === 0 ? 'done' : `failed (${run.status ?? run.signal})`} in ${minutes} min`);
  if (run.status !== 0) break;
}
console.log(ran.join('\n'));

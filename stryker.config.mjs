// Mutation testing (`npm run test:mutation -- <area>`; docs/testing.md#mutation-testing).
// Stryker changes the code one small edit ("mutant") at a time and runs the tests that cover that
// code; a mutant the tests do not notice "survives". Each run mutates one unit of
// tests/mutation/areas.mjs (named by MUTATION_UNIT, which tests/mutation/run.mjs sets) and runs
// only that unit's test files, static mutants included (no `ignoreStatic`).
import { units } from './tests/mutation/areas.mjs';

const name = process.env.MUTATION_UNIT;
const unit = name === undefined ? undefined : units().get(name);
if (unit === undefined) throw new Error(`Run it as \`npm run test:mutation -- <area>\` (MUTATION_UNIT names no unit: ${name})`);
// Read by tests/mutation/vitest.config.ts in Stryker's test processes, which inherit it.
process.env.MUTATION_TEST_FILES = JSON.stringify(unit.tests);
const report = `reports/mutation/${name}`;

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  // Every test file of the unit, not only those that import a mutated file: tests/offline/sw.test.ts
  // builds src/offline/service-worker.ts from its path, as the site's build does, and imports it nowhere.
  vitest: { configFile: 'tests/mutation/vitest.config.ts', related: false },
  mutate: unit.mutate,
  // Not Stryker's `testFiles`: with it, Stryker 9.6.1 switches a static mutant on only after the
  // modules have loaded (mutant-test-planner.js: `mutantActivation: testFilter ? 'runtime' :
  // 'static'`), so a machine's configuration is never mutated and every such mutant "survives".
  // The unit's tests are the Vitest config's `include` instead.
  coverageAnalysis: 'perTest',
  plugins: ['@stryker-mutator/vitest-runner', './tests/mutation/ignore-styles.mjs'],
  // styled-components' CSS (docs/testing.md#what-is-not-mutated).
  ignorers: ['styles'],
  // Re-runs only the mutants whose code or covering tests changed since the recorded run. The
  // record is committed, one per unit, so a fresh clone re-runs quickly too.
  incremental: true,
  incrementalFile: unit.incrementalFile,
  // The machines this runs on have 2 cores shared with other work: one test process.
  concurrency: 1,
  // Added to a test's own time before a mutant counts as a timeout (an endless loop, a path explosion).
  timeoutMS: 5_000,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: `${report}.html` },
  jsonReporter: { fileName: `${report}.json` },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  thresholds: { high: 90, low: 80, break: null },
  tempDirName: '.stryker-tmp',
  // Not needed in Stryker's sandbox copy of the project.
  ignorePatterns: ['dist', 'dist-e2e', 'dist-bench', 'coverage', 'reports', 'docs/screenshots', '.tmp-*', 'tests/e2e'],
};

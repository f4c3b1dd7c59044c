// Mutation testing (`npm run test:mutation`; docs/testing.md#mutation-testing).
// Stryker changes the code of the pure areas, the service worker and the page's browser edge one
// small edit ("mutant") at a time and runs the tests that cover that code; a mutant the tests do
// not notice "survives".
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  // Every test file of the config, not only those that import a mutated file: tests/offline/sw.test.ts
  // builds src/offline/service-worker.ts from its path, as the site's build does, and imports it nowhere.
  vitest: { configFile: 'tests/mutation/vitest.config.ts', related: false },
  mutate: [
    'machines/**/*.ts',
    'src/domain/**/*.ts',
    'supabase/functions/_shared/{net,parse,text,stories,ingest}/**/*.ts',
    'src/offline/service-worker.ts',
    'src/offline/policy.ts',
    'src/browser/**/*.ts',
    'src/ui/frame.ts',
  ],
  coverageAnalysis: 'perTest',
  // Re-runs only the mutants whose code or covering tests changed since the recorded run. The
  // record is committed (not kept in the ignored reports/), so a fresh clone re-runs quickly too.
  incremental: true,
  incrementalFile: 'tests/mutation/stryker-incremental.json',
  // The machines this runs on have 2 cores shared with other work: one test process.
  concurrency: 1,
  // Added to a test's own time before a mutant counts as a timeout (an endless loop, a path explosion).
  timeoutMS: 5_000,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  clearTextReporter: { allowColor: false, logTests: false },
  thresholds: { high: 95, low: 90, break: null },
  tempDirName: '.stryker-tmp',
  // Not needed in Stryker's sandbox copy of the project.
  ignorePatterns: ['dist', 'dist-e2e', 'dist-bench', 'coverage', 'reports', 'docs/screenshots', '.tmp-*', 'tests/e2e'],
};

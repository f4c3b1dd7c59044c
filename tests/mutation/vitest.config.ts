import { fileURLToPath } from 'node:url';
import type { RunnerTestCase } from 'vitest';
import { defineConfig } from 'vitest/config';
import type { Reporter, Vitest } from 'vitest/node';
import base from '../../vitest.config.ts';

/**
 * The Vitest config Stryker runs (stryker.config.mjs, `npm run test:mutation -- <area>`): the same
 * resolve rules and setup as `npm test`, and only the test files of the unit being run
 * (tests/mutation/areas.mjs: the area's candidate tests that reach the unit's code). A static
 * mutant runs all of them, so the set is kept small. Never in a set: the function tests that start
 * processes, Deno or a network namespace; the Stately reader test (it parses the machine files'
 * text, and Stryker's copy of a file holds every mutant behind switches); and
 * tests/machines/diagrams.test.ts (docs/machines.md against the machines' structure: it fails on
 * every change of a configuration, whatever the machine then does).
 */
const root = fileURLToPath(new URL('../..', import.meta.url));

function testFiles(): string[] {
  const files = process.env.MUTATION_TEST_FILES;
  if (files === undefined) throw new Error('Run Stryker as `npm run test:mutation -- <area>` (tests/mutation/run.mjs)');
  return JSON.parse(files) as string[];
}

/**
 * Stryker's Vitest runner (9.6.1) builds a mutant's result from the tests Vitest collected. A
 * mutant that makes a module throw while it loads (a machine with `initial: ''`) leaves every test
 * file that imports it with no tests at all, so Stryker saw no failure and scored the mutant
 * "survived" (stryker-mutator/stryker-js#6150). This reporter gives each test file that failed
 * without collecting a test one failed test carrying the load error, so such a mutant is killed.
 * `npm test` does not use it.
 */
class LoadFailureAsFailedTest implements Reporter {
  private vitest: Vitest | undefined;

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
  }

  onTestRunEnd(): void {
    for (const file of this.vitest?.state.getFiles() ?? []) {
      if (file.result?.state !== 'fail' || file.tasks.length > 0) continue;
      const name = 'the test file loads';
      const loadFailure: Omit<RunnerTestCase, 'context'> = {
        type: 'test',
        id: `${file.id}_load`,
        name,
        fullName: `${file.name} > ${name}`,
        fullTestName: name,
        mode: 'run',
        meta: {},
        file,
        timeout: 0,
        annotations: [],
        artifacts: [],
        result: { state: 'fail', errors: file.result.errors ?? [{ message: 'the test file failed to load' }] },
      };
      // Vitest builds a test's context only when it runs the test; nothing reads it after the run.
      file.tasks.push(loadFailure as RunnerTestCase);
    }
  }
}

export default defineConfig({
  ...base,
  root,
  test: {
    ...base.test,
    root,
    // The unit's test files (stryker.config.mjs sets them from tests/mutation/areas.mjs).
    include: testFiles(),
    exclude: ['node_modules/**'],
    reporters: [new LoadFailureAsFailedTest()],
    coverage: { enabled: false },
  },
});

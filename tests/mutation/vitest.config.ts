import { fileURLToPath } from 'node:url';
import type { RunnerTestCase } from 'vitest';
import { defineConfig } from 'vitest/config';
import type { Reporter, Vitest } from 'vitest/node';
import base from '../../vitest.config.ts';

/**
 * The Vitest config Stryker runs (stryker.config.mjs, `npm run test:mutation`): the same resolve
 * rules and setup as `npm test`, but only the test files that exercise the mutated code, so that a
 * run takes minutes. The rendered app's suites (tests/ui) are in because src/browser/ and
 * src/ui/frame.ts are reached only through the app; tests/components is left out (it renders
 * components alone, with neither). Left out too: the function tests that start
 * processes, Deno or a network namespace (they test the scripts, the lock file and the function
 * as a whole, and take minutes); and the Stately reader test,
 * which parses the machine files' text: Stryker's copy of a mutated file holds every mutant at once
 * behind switches, which no static reader can follow.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));

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
    include: [
      'tests/machines/**/*.test.ts',
      'tests/domain/**/*.test.ts',
      'tests/feed/**/*.test.ts',
      'tests/search/**/*.test.ts',
      'tests/offline/**/*.test.ts',
      'tests/browser/**/*.test.ts',
      'tests/ui/**/*.test.tsx',
      'tests/function/**/*.test.ts',
    ],
    exclude: [
      'node_modules/**',
      'tests/function/deno.test.ts',
      'tests/function/deno-lock.test.ts',
      'tests/function/e2e.test.ts',
      'tests/function/function-command.test.ts',
      'tests/function/network-namespace.test.ts',
      'tests/function/scripts.test.ts',
      'tests/machines/stately.test.ts',
    ],
    reporters: [new LoadFailureAsFailedTest()],
    coverage: { enabled: false },
  },
});

import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { components } from './vite.config.ts';

// Browser-free tests only. Files that render React opt into jsdom with a
// `// @vitest-environment jsdom` docblock; everything else runs in Node.
const xstate4Shim = fileURLToPath(new URL('./tests/machines/support/xstate4-actions.ts', import.meta.url));

export default defineConfig({
  // As the site is built: styled-components' class names from each component's file and place,
  // so a test can hydrate the frame of a real build (tests/ui/hydration.test.tsx).
  plugins: [components()],
  resolve: {
    // @xstate/machine-extractor imports XState 4 paths; see the shim for why that is safe.
    alias: [
      { find: /^xstate\/lib\/(actions|types)$/, replacement: xstate4Shim },
      // Its ES module build, so that Vite resolves (and aliases) the imports above.
      { find: /^@xstate\/machine-extractor$/, replacement: fileURLToPath(new URL('./node_modules/@xstate/machine-extractor/dist/xstate-machine-extractor.esm.js', import.meta.url)) },
    ],
  },
  test: {
    server: { deps: { inline: ['@xstate/machine-extractor'] } },
    include: ['tests/**/*.test.{ts,tsx}'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    setupFiles: ['tests/setup.ts'],
    environment: 'node',
    // Rendering the whole app in jsdom on a 2-core CI machine can take seconds per test.
    testTimeout: 20_000,
    // `npm run coverage` (CI runs it): the pure code and the app's backend client (src/api), each file on its own.
    // Every statement, line and function is run by some test; branches may miss 5% per file
    // (e.g. the tie-break in src/domain/filter.ts that a Set makes unreachable).
    coverage: {
      provider: 'v8',
      include: ['machines/**/*.ts', 'src/domain/**/*.ts', 'src/api/**/*.ts', 'src/search/search-serialization.ts'],
      exclude: ['tests/**', 'scripts/**'],
      reporter: ['text', 'text-summary'],
      thresholds: { perFile: true, lines: 100, statements: 100, functions: 100, branches: 95 },
    },
  },
});

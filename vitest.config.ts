import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Browser-free tests only. Files that render React opt into jsdom with a
// `// @vitest-environment jsdom` docblock; everything else runs in Node.
export default defineConfig({
  plugins: [react()],
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    setupFiles: ['tests/setup.ts'],
    environment: 'node',
    // Rendering the whole app in jsdom on a 2-core CI machine can take seconds per test.
    testTimeout: 20_000,
    coverage: {
      provider: 'v8',
      include: ['machines/**/*.ts', 'src/domain/**/*.ts'],
      exclude: ['tests/**', 'scripts/**'],
      reporter: ['text', 'text-summary'],
      thresholds: { lines: 95, branches: 95, functions: 95, statements: 95 },
    },
  },
});

import { defineConfig } from 'vitest/config';

// `npm run test:e2e`: the built site in real Chromium (tests/e2e/README.md).
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['tests/e2e/support/global-setup.ts'],
    // One file at a time: each file owns the stand-in backend's port and one Chromium.
    fileParallelism: false,
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
    reporters: ['default'],
  },
});

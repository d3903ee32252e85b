import { defineConfig } from 'vitest/config';

// Browser tests: each file starts its own server (fresh DATA_DIR, free port) and drives the system Chromium.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    globalSetup: ['e2e/embedded-template.ts'],
    env: { TZ: 'UTC' },
  },
});

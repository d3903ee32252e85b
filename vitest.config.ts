import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Unit tests (`*.test.ts`) and integration tests (`*.int.test.ts`: real database, real sockets) in one run.
// Integration suites use PGlite unless DATABASE_URL is set, and Redis suites run only with REDIS_URL.
export default defineConfig({
  test: {
    include: ['{domain,document,db,api,realtime-server,web}/{src,test}/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', 'e2e/**'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one fork fewer than the cores: a single fork on a 2-core machine, where the files
    // (which wait on sockets, PostgreSQL and child processes as much as they compute) then run one at a time.
    // Two forks there (measured on one machine, the same tree): the unit and integration run 541 s, where one fork
    // had run 62 of its 141 files in 674 s; the PostgreSQL suites 236 s instead of 337; the soak 419 s, not 481.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // UTC unless the run names a zone: the date suite runs again under other zones (npm run test:tz).
    // Cheaper password hashes for the thousands of test accounts (api/src/features/auth/password.ts).
    env: { TZ: process.env.TZ ?? 'UTC', LOG_LEVEL: 'silent', SCRYPT_LOG_N: '12' },
  },
});

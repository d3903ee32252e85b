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
    // UTC unless the run names a zone: the date suite runs again under other zones (npm run test:tz).
    // Cheaper password hashes for the thousands of test accounts (api/src/features/auth/password.ts).
    env: { TZ: process.env.TZ ?? 'UTC', LOG_LEVEL: 'silent', SCRYPT_LOG_N: '12' },
  },
});

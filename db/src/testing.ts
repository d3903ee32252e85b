import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { DataSource } from 'typeorm';
import { openDatabase } from './data-source.js';

export interface TestDatabase {
  dataSource: DataSource;
  /** What `openDatabase` was given, for tests that start a server on the same database. */
  config: Parameters<typeof openDatabase>[0];
  close(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: a new PostgreSQL database when DATABASE_URL is set (dropped
 * afterwards), else an in-memory PGlite. Tests never share state through the database.
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const config = { kind: 'pglite' as const, dataDir: 'memory://' };
    const dataSource = await openDatabase(config);
    return { dataSource, config, close: () => dataSource.destroy() };
  }
  const name = `planline_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const config = { kind: 'postgres' as const, url: url.toString(), poolSize: 20 };
  const dataSource = await openDatabase(config);
  return {
    dataSource,
    config,
    async close() {
      if (dataSource.isInitialized) await dataSource.destroy();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/** Every migration in order, for tests that run one's down and up over existing rows. */
export { migrations } from './migrations/index.js';

import pg from 'pg';
import { onCleanup } from './cleanup.js';

export const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export interface BenchDatabase {
  name: string;
  url: string;
  /** A pool on the bench database for seeding and raw-SQL timings. */
  pool: pg.Pool;
  postgresVersion: string;
}

/**
 * A fresh PostgreSQL database for this run (`planline_bench_<timestamp>`), dropped when the run ends, fails or
 * is interrupted. The server processes migrate it when they start.
 */
export async function createBenchDatabase(adminUrl = process.env.DATABASE_URL || DEFAULT_ADMIN_URL): Promise<BenchDatabase> {
  const name = `planline_bench_${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const version = (await admin.query<{ server_version: string }>('SHOW server_version')).rows[0]!.server_version;
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 12 });
  onCleanup(`drop database ${name}`, async () => {
    await pool.end();
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.end();
  });
  return { name, url: url.toString(), pool, postgresVersion: `PostgreSQL ${version}` };
}

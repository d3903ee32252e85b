import { createHash, randomBytes } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import type { DataSource } from 'typeorm';
import { dumpEmbeddedDatabase, openDatabase } from './data-source.js';
import { migrations } from './migrations/index.js';

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
    const config = { kind: 'pglite' as const, dataDir: 'memory://', from: await migratedTemplate() };
    const dataSource = await openDatabase(config);
    return { dataSource, config, close: () => dataSource.destroy() };
  }
  const name = `planline_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${await migratedPostgresTemplate(admin, adminUrl)}`);
  } finally {
    await admin.end();
  }
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

/** A hash of the schema the migrations make: their names and code, and `extra` (the PGlite version). */
function schemaHash(extra = ''): string {
  const schema = createHash('sha256').update(extra);
  for (const migration of migrations) schema.update(migration.name).update(String(migration.prototype.up));
  return schema.digest('hex').slice(0, 16);
}

/**
 * The name of a migrated, empty PostgreSQL database that test databases are copied from (CREATE DATABASE ...
 * TEMPLATE): the 21 migrations take ~1 s per database, a copy of a small database a fraction of it. Made once per
 * schema (the name hashes the migrations' code) on the server, under an advisory lock, so the parallel test
 * processes make it once; nobody stays connected to it, which a copy requires.
 */
async function migratedPostgresTemplate(admin: pg.Client, adminUrl: string): Promise<string> {
  const template = `planline_template_${schemaHash()}`;
  await admin.query('SELECT pg_advisory_lock(hashtext($1))', [template]);
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
    if (found.rowCount) return template;
    // Made under another name and renamed when migrated: a database of the template's name is always whole.
    const part = `${template}_part_${randomBytes(4).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${part}`);
    const url = new URL(adminUrl);
    url.pathname = `/${part}`;
    const made = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 1 });
    await made.destroy();
    await admin.query(`ALTER DATABASE ${part} RENAME TO ${template}`);
    return template;
  } finally {
    await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [template]);
  }
}

/**
 * A migrated, empty PGlite data directory to start test databases from: a new PGlite cluster takes ~3 s of CPU
 * to initialise and a copy of a dumped one ~0.8 s, times one or more databases per integration file. Made once
 * per schema (its name hashes the migrations' code and the PGlite version) in the temporary folder, which the
 * test processes share; written under a name of its own, then renamed, so a reader never sees half of it.
 */
async function migratedTemplate(): Promise<Blob> {
  // The package does not export its package.json: read the one beside its entry.
  const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const path = join(tmpdir(), `planline-test-pglite-${schemaHash(await readFile(join(dirname(pgliteEntry), '..', 'package.json'), 'utf8'))}.tar`);
  try {
    return new Blob([await readFile(path)]);
  } catch {
    const made = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
    const dump = await dumpEmbeddedDatabase(made);
    await made.destroy();
    const part = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(part, Buffer.from(await dump.arrayBuffer()));
    await rename(part, path);
    return dump;
  }
}

/** Every migration in order, for tests that run one's down and up over existing rows. */
export { migrations };

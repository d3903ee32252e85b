import 'reflect-metadata';
import { mkdirSync } from 'node:fs';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { entities } from './entities/index.js';
import { migrations } from './migrations/index.js';
import { SnakeNamingStrategy } from './naming-strategy.js';

const PG_DATE_OID = 1082;
const PG_DATE_ARRAY_OID = 1182;
const PG_TEXT_ARRAY_OID = 1009;

export type DatabaseConfig =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /**
   * `dataDir` is a folder, or 'memory://' for a throwaway database (tests). `from`: a data directory dumped by
   * PGlite (`dumpDataDir`) to start from instead of initialising a new cluster (tests: ~0.8 s instead of ~3).
   */
  | { kind: 'pglite'; dataDir: string; from?: Blob };

/** Chooses the database from the environment: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR. */
export function databaseConfigFromEnv(env: NodeJS.ProcessEnv, dataDir: string): DatabaseConfig {
  return env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL } : { kind: 'pglite', dataDir };
}

/** The PGlite engine under each embedded data source, for dumping it (`dumpEmbeddedDatabase`). */
const engines = new WeakMap<DataSource, { dumpDataDir(compression?: 'none'): Promise<Blob | File> }>();

/** The embedded database's data directory as one archive, to open copies `from` (tests' migrated template). */
export async function dumpEmbeddedDatabase(dataSource: DataSource): Promise<Blob> {
  const engine = engines.get(dataSource);
  if (!engine) throw new Error('not an embedded (PGlite) database');
  return engine.dumpDataDir('none');
}

/**
 * Opens the database and brings its schema up to date. Both kinds speak the same SQL and run the same
 * migrations; calendar dates come back as 'yyyy-MM-dd' strings in both (never a local-time Date).
 */
export async function openDatabase(config: DatabaseConfig): Promise<DataSource> {
  const common = {
    type: 'postgres' as const,
    entities,
    migrations,
    namingStrategy: new SnakeNamingStrategy(),
    installExtensions: false,
    synchronize: false,
    logging: false,
  };
  let dataSource: DataSource;
  if (config.kind === 'postgres') {
    pg.types.setTypeParser(PG_DATE_OID, (value: string) => value);
    // date[] (projects.holidays) as 'yyyy-MM-dd' strings too: parsed as text[] is.
    // (pg's typings list only the scalar type ids.)
    const parsers = pg.types as unknown as { setTypeParser(oid: number, parse: unknown): void; getTypeParser(oid: number): unknown };
    parsers.setTypeParser(PG_DATE_ARRAY_OID, parsers.getTypeParser(PG_TEXT_ARRAY_OID));
    dataSource = new DataSource({ ...common, url: config.url, poolSize: config.poolSize ?? 10 });
  } else {
    if (!config.dataDir.startsWith('memory://')) mkdirSync(config.dataDir, { recursive: true });
    // Loaded only in embedded mode: PGlite's WebAssembly build is ~40 MB of a server's memory on PostgreSQL too.
    const [{ PGlite, types: pgliteTypes }, { pglitePgDriver }] = await Promise.all([import('@electric-sql/pglite'), import('./pglite-pool.js')]);
    const db = await PGlite.create(config.dataDir, {
      parsers: { [pgliteTypes.DATE]: (value: string) => value },
      ...(config.from ? { loadDataDir: config.from } : {}),
    });
    dataSource = new DataSource({ ...common, driver: pglitePgDriver(db) });
    engines.set(dataSource, db);
  }
  await dataSource.initialize();
  await dataSource.runMigrations({ transaction: 'each' });
  return dataSource;
}

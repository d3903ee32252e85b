import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { createProject, createTask, createTeam, createUser } from '../test/factories.js';
import { openDatabase } from './data-source.js';
import { TaskEntity } from './entities/index.js';

// Always PGlite, whatever DATABASE_URL says: this file is about the embedded pool itself.
let ds: DataSource;

beforeAll(async () => {
  ds = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
  await ds.query(`CREATE TABLE pool_probe (n integer NOT NULL, note text)`);
});
afterAll(() => ds?.destroy());

describe('PGlite pool', () => {
  it('[exclusive-checkout] 20 concurrent read-count-then-insert transactions see counts 0..19, no duplicates', async () => {
    await Promise.all(
      Array.from({ length: 20 }, () =>
        ds.transaction(async (tx) => {
          const [{ n }] = await tx.query(`SELECT count(*)::int AS n FROM pool_probe`);
          // Yield between read and write: with a shared session the other transactions would run here.
          await sleep(2);
          await tx.query(`INSERT INTO pool_probe (n) VALUES ($1)`, [n]);
        }),
      ),
    );
    const rows: { n: number }[] = await ds.query(`SELECT n FROM pool_probe ORDER BY n`);
    expect(rows.map((r) => r.n)).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it('[rollback-releases] a transaction that throws rolls back, and the session is free afterwards', async () => {
    await expect(
      ds.transaction(async (tx) => {
        await tx.query(`INSERT INTO pool_probe (n, note) VALUES (-1, 'rolled back')`);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    await expect(
      ds.transaction(async (tx) => {
        await tx.query(`INSERT INTO pool_probe (n, note) VALUES (-2, 'rolled back')`);
        await tx.query(`SELECT 1 / 0`);
      }),
    ).rejects.toThrow();

    const [{ n }] = await ds.query(`SELECT count(*)::int AS n FROM pool_probe WHERE note = 'rolled back'`);
    expect(n).toBe(0);
    // A later transaction still commits (nothing is left holding the session or an aborted transaction).
    await ds.transaction((tx) => tx.query(`INSERT INTO pool_probe (n, note) VALUES (-3, 'kept')`));
    const [{ kept }] = await ds.query(`SELECT count(*)::int AS kept FROM pool_probe WHERE note = 'kept'`);
    expect(kept).toBe(1);
  });

  it('[affected-rows] an UPDATE reports how many rows it changed', async () => {
    await ds.query(`INSERT INTO pool_probe (n, note) VALUES (100, 'bump'), (101, 'bump'), (102, 'bump')`);
    const result = await ds
      .createQueryBuilder()
      .update('pool_probe')
      .set({ note: 'bumped' })
      .where('note = :note', { note: 'bump' })
      .execute();
    expect(result.affected).toBe(3);
    const none = await ds.createQueryBuilder().update('pool_probe').set({ note: 'x' }).where('n = -999').execute();
    expect(none.affected).toBe(0);
    // Like `pg`, a raw UPDATE answers [rows, rowCount].
    const [, count] = await ds.query(`UPDATE pool_probe SET note = 'bumped again' WHERE note = 'bumped'`);
    expect(count).toBe(3);
  });

  describe('[dates-as-strings] calendar dates come back as yyyy-MM-dd strings in any time zone', () => {
    const originalTz = process.env.TZ;
    afterEach(() => {
      process.env.TZ = originalTz;
    });

    for (const tz of ['UTC', 'Pacific/Kiritimati', 'America/Los_Angeles']) {
      it(`[dates-as-strings] under TZ=${tz}`, async () => {
        process.env.TZ = tz;
        const [{ d }] = await ds.query(`SELECT '2025-03-01'::date AS d`);
        expect(typeof d).toBe('string');
        expect(d).toBe('2025-03-01');

        const owner = await createUser(ds);
        const project = await createProject(ds, await createTeam(ds, owner), { startDate: '2024-12-31' });
        expect(project.startDate).toBe('2024-12-31');
        const task = await createTask(ds, project, { startDate: '2025-01-01', endDate: '2025-03-30' });
        const loaded = await ds.getRepository(TaskEntity).findOneByOrFail({ id: task.id });
        expect(typeof loaded.startDate).toBe('string');
        expect([loaded.startDate, loaded.endDate]).toEqual(['2025-01-01', '2025-03-30']);
      });
    }
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openTestDatabase, type TestDatabase } from '@planline/db/testing';
import { fieldValue, readTask, writeTask } from '@planline/document';
import { afterAll, describe, expect, it } from 'vitest';
import { eventually, openProjectDocument, type DocClient } from './collab-client.js';
import { ApiClient, newAccount } from './harness.js';
import { startServerProcess, type ServerProcess } from './process.js';
import { prng, recordFigures, soakCount } from './reliability/soak.js';

// Crash safety (ARCHITECTURE §3, issues 4 and 9): kill -9 while people edit, restart, and nothing acknowledged
// is lost or duplicated. KILLS rounds of burst → kill → restart → check, against the same server data: one in
// `npm test`, 20 in `npm run test:soak`. Runs on PostgreSQL when DATABASE_URL is set, else on the embedded
// PGlite files.
const KILLS = soakCount('SOAK_KILLS', 1, 20);

const dataDir = mkdtempSync(join(tmpdir(), 'planline-crash-'));
let database: TestDatabase | null = null;
let current: ServerProcess | null = null;
let editor: DocClient | null = null;
afterAll(async () => {
  editor?.close();
  await current?.stop().catch(() => {});
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function serverEnv(): Promise<Record<string, string>> {
  if (!process.env.DATABASE_URL) return { DATA_DIR: dataDir, DATABASE_URL: '' };
  database ??= await openTestDatabase();
  if (database.config.kind !== 'postgres') throw new Error('expected PostgreSQL');
  return { DATA_DIR: dataDir, DATABASE_URL: database.config.url };
}

type Row = { id: string; progress: number; name: string };

describe('crash safety', () => {
  it(`[crash] kill -9 during an edit burst, ${KILLS} time(s): no acknowledged edit lost, none duplicated; editors converge again`, { timeout: 60_000 + KILLS * 60_000 }, async () => {
    const started = Date.now();
    const env = await serverEnv();
    current = await startServerProcess(env);
    const port = current.port;
    const client = new ApiClient(current.url);
    await client.post('/api/auth/register', newAccount());
    const team = (await client.post('/api/teams', { name: 'Crashers' })).body;
    const project = (await client.post('/api/projects', { name: 'Fragile', teamId: team.id })).body;
    const tasks: { id: string }[] = [];
    for (let i = 0; i < 20; i++) {
      tasks.push((await client.post('/api/tasks', { projectId: project.id, name: `T${i}`, startDate: '2026-11-23', endDate: '2026-11-30' })).body);
    }
    const rows = async (): Promise<Row[]> => (await client.get(`/api/projects/${project.id}/tasks`)).body;

    // A browser-like editor stays open across every crash and reconnects by itself.
    editor = openProjectDocument(current.url, client.cookieHeader, project.id);
    await editor.synced;
    const doc = editor.doc;

    const figures = { kills: 0, acknowledged: 0, checkedTasks: 0, lost: 0, duplicates: 0, historyRows: 0 };
    for (let round = 1; round <= KILLS; round++) {
      // Burst: REST edits from 4 parallel workers, plus document edits, until the kill lands mid-flight.
      // Per task: every value sent this round, in order, and how many of those were acknowledged (200).
      const sent = new Map<string, number[]>();
      const acknowledged = new Map<string, number>();
      let acknowledgedEdits = 0;
      let stop = false;
      const worker = async (w: number) => {
        // Each worker owns 5 tasks, so a task's writes are sequential and "last acknowledged" is well defined.
        for (let n = 1; !stop; n++) {
          const task = tasks[w * 5 + (n % 5)]!;
          const progress = (n * 7 + w + round) % 101;
          const values = sent.get(task.id) ?? [];
          values.push(progress);
          sent.set(task.id, values);
          const res = await client.request('PATCH', `/api/tasks/${task.id}`, { progress, changeReason: `burst ${round}/${w}/${n}` }).catch(() => null);
          if (res?.status === 200) {
            acknowledged.set(task.id, values.length);
            acknowledgedEdits += 1;
          } else return;
        }
      };
      const workers = [0, 1, 2, 3].map(worker);
      for (let i = 0; i < 10; i++) {
        doc.transact(() => writeTask(doc, tasks[i]!.id, { name: `Edited in browser ${i} (round ${round})` }));
        await new Promise((r) => setTimeout(r, 30));
      }
      // The kill lands at a different point of each round's burst.
      const killAfter = 10 + prng(round).int(60);
      await eventually(() => acknowledged.size >= 10 && acknowledgedEdits >= killAfter, Boolean, 20_000);
      await current.kill();
      figures.kills += 1;
      stop = true;
      await Promise.all(workers);
      const killedAt = Date.now();
      current = await startServerProcess(env, port);
      const restartMs = Date.now() - killedAt;

      const stored = await rows();
      expect(stored).toHaveLength(20);
      for (const [taskId, ackedCount] of acknowledged) {
        const values = sent.get(taskId)!;
        const finalProgress = stored.find((r) => r.id === taskId)!.progress;
        // Nothing acknowledged is lost: the stored value is the last acknowledged one, or one sent after it
        // that the server committed just before the kill.
        const kept = values.slice(ackedCount - 1).includes(finalProgress);
        if (!kept) figures.lost += 1;
        expect(kept, `round ${round}: task ${taskId} holds ${finalProgress}; sent ${values.join(',')}, ${ackedCount} acknowledged`).toBe(true);
        // Nothing is duplicated: every request left at most one history entry.
        const history: { fieldName: string; changeReason: string }[] = (await client.get(`/api/tasks/${taskId}/history`)).body;
        const reasons = history.filter((h) => h.fieldName === 'progress' && h.changeReason?.startsWith(`burst ${round}/`)).map((h) => h.changeReason);
        figures.duplicates += reasons.length - new Set(reasons).size;
        expect(new Set(reasons).size).toBe(reasons.length);
        figures.historyRows += reasons.length;
        figures.checkedTasks += 1;
      }
      figures.acknowledged += acknowledgedEdits;
      expect(acknowledged.size).toBeGreaterThan(0);

      // The editor's document edits reach the rows, and its document equals them. Both are read afresh each
      // time: the reconnected editor may still be sending back changes it saw before the crash that the server
      // had not stored (a REST edit applied and broadcast, then killed before its commit); those are stored
      // now, as the editor's.
      for (let i = 0; i < 10; i++) {
        await eventually(
          async () => (await rows()).find((t) => t.id === tasks[i]!.id)?.name,
          (name) => name === `Edited in browser ${i} (round ${round})`,
          20_000,
        );
      }
      await eventually(
        async () => (await rows()).every((t) => fieldValue('progress', readTask(doc, t.id)?.progress) === t.progress && readTask(doc, t.id)?.name === t.name),
        (ok) => ok,
        20_000,
      );
      console.log(`[crash] round ${round}: ${acknowledgedEdits} acknowledged edits before the kill, restart ${restartMs} ms, round done ${Date.now() - killedAt} ms after the kill`);
    }
    recordFigures('crash', { ...figures, durationMs: Date.now() - started });
  });
});

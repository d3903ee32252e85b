import { readTask, writeTask } from '@planline/document';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, openProjectDocument, type DocClient } from '../collab-client.js';
import { joinedMember, startTestServer, teamWithOwner, type ClientUser, type TestServer } from '../harness.js';
import { prng, recordFigures, soakCount } from './soak.js';

// Issue 9, lost updates: 20 parallel edits of one task, half through REST, half through the document (four
// browser-like clients), all at once. Whatever order they land in, the history must be exactly the changes
// that were applied: one row per applied change, a chain from the first value to the stored one, nothing
// twice, no acknowledged REST edit missing.
const ROUNDS = soakCount('SOAK_LOST_UPDATE_ROUNDS', 1, 10);
const REST_EDITS = 10;
const DOC_EDITS = 10;
const DOC_CLIENTS = 4;

let server: TestServer;
let owner: ClientUser;
let member: ClientUser;
let teamId: string;
const figures = { rounds: 0, edits: 0, restAcknowledged: 0, docEditsApplied: 0, historyRows: 0, lost: 0, duplicates: 0, non2xx: 0 };
beforeAll(async () => {
  server = await startTestServer();
  const made = await teamWithOwner(server);
  owner = made.owner;
  teamId = made.team.id;
  member = await joinedMember(server, owner.client, teamId);
});
afterAll(async () => {
  if (figures.rounds) recordFigures('lost-update', { ...figures });
  await server?.stop();
});

interface HistoryRow {
  field_name: string;
  old_value: string | null;
  new_value: string | null;
  change_reason: string | null;
  changed_by: string | null;
}

/**
 * The history of one field must read as a chain: from the value before the round to the stored value, each row
 * starting where the one before ended. Values are unique per edit, so the chain can be followed by value.
 */
function followChain(rows: HistoryRow[], from: string, to: string): { chain: string[]; duplicates: number } {
  const byOld = new Map<string, HistoryRow[]>();
  for (const r of rows) byOld.set(r.old_value ?? '', [...(byOld.get(r.old_value ?? '') ?? []), r]);
  const newValues = rows.map((r) => r.new_value);
  const duplicates = newValues.length - new Set(newValues).size;
  const chain = [from];
  for (let at = from; byOld.has(at); ) {
    const next = byOld.get(at)!;
    if (next.length !== 1) break;
    at = next[0]!.new_value ?? '';
    chain.push(at);
    if (chain.length > rows.length + 1) break;
  }
  expect(chain.at(-1), `the ${rows[0]?.field_name} chain ends at the stored value`).toBe(to);
  return { chain, duplicates };
}

describe('lost updates', () => {
  it('[lost-update] 20 parallel edits of one task through REST and the document: history rows equal applied changes', { timeout: 60_000 + ROUNDS * 15_000 }, async () => {
    const project = (await owner.client.post('/api/projects', { name: 'Contended', teamId })).body as { id: string };
    const clients: DocClient[] = Array.from({ length: DOC_CLIENTS }, (_, i) =>
      openProjectDocument(server.url, (i % 2 ? owner : member).client.cookieHeader, project.id),
    );
    try {
      await Promise.all(clients.map((c) => c.synced));
      for (let round = 0; round < ROUNDS; round++) {
        const random = prng(9000 + round);
        const created = await owner.client.post('/api/tasks', { projectId: project.id, name: `Round ${round}`, startDate: '2026-11-23', endDate: '2026-11-30' });
        expect(created.status).toBe(201);
        const taskId = created.body.id as string;
        await eventually(() => clients.every((c) => readTask(c.doc, taskId)), Boolean, 10_000);

        // Fire everything at once; each edit waits a random few milliseconds, so the order differs per round.
        const jitter = () => new Promise((r) => setTimeout(r, random.int(25)));
        const rest = Array.from({ length: REST_EDITS }, async (_, i) => {
          await jitter();
          return owner.client.request('PATCH', `/api/tasks/${taskId}`, { name: `rest ${round}.${i}`, progress: 1 + i, changeReason: `rest ${i}` });
        });
        const doc = Array.from({ length: DOC_EDITS }, async (_, i) => {
          await jitter();
          const client = clients[i % DOC_CLIENTS]!;
          client.doc.transact(() => writeTask(client.doc, taskId, { name: `doc ${round}.${i}`, progress: 1 + REST_EDITS + i }));
        });
        const answers = await Promise.all(rest);
        await Promise.all(doc);
        figures.edits += REST_EDITS + DOC_EDITS;
        figures.non2xx += answers.filter((a) => a.status !== 200).length;
        expect(answers.map((a) => a.status)).toEqual(Array(REST_EDITS).fill(200));
        figures.restAcknowledged += answers.length;

        // Everyone converges on one value, and it is the stored one.
        const stored = async () => (await server.dataSource.query(`SELECT name, progress FROM tasks WHERE id = $1`, [taskId]))[0] as { name: string; progress: number };
        await eventually(
          async () => {
            const row = await stored();
            return clients.every((c) => readTask(c.doc, taskId)?.name === row.name && readTask(c.doc, taskId)?.progress === row.progress);
          },
          Boolean,
          15_000,
        );
        const row = await stored();
        const history: HistoryRow[] = await server.dataSource.query(
          `SELECT field_name, old_value, new_value, change_reason, changed_by::text AS changed_by FROM task_change_history
            WHERE task_id = $1 AND field_name IN ('name', 'progress') ORDER BY seq`,
          [taskId],
        );
        const names = history.filter((h) => h.field_name === 'name');
        const progress = history.filter((h) => h.field_name === 'progress');
        const nameChain = followChain(names, `Round ${round}`, row.name);
        const progressChain = followChain(progress, '0', String(row.progress));
        // One row per applied change: every row is on the chain.
        expect(nameChain.chain).toHaveLength(names.length + 1);
        expect(progressChain.chain).toHaveLength(progress.length + 1);
        expect(nameChain.duplicates + progressChain.duplicates).toBe(0);
        figures.duplicates += nameChain.duplicates + progressChain.duplicates;

        // Every acknowledged REST edit is in the history exactly once, credited to its author and reason. A
        // document edit may lose a concurrent conflict (Yjs keeps one value per key), and then leaves no row.
        for (let i = 0; i < REST_EDITS; i++) {
          const mine = names.filter((h) => h.new_value === `rest ${round}.${i}`);
          if (mine.length !== 1) figures.lost += 1;
          expect(mine, `rest edit ${i}`).toHaveLength(1);
          expect(mine[0]).toMatchObject({ change_reason: `rest ${i}`, changed_by: owner.user.id });
        }
        const docRows = names.filter((h) => h.new_value?.startsWith('doc '));
        for (const h of docRows) {
          const i = Number(h.new_value!.split('.')[1]);
          expect(h.changed_by).toBe((i % DOC_CLIENTS) % 2 ? owner.user.id : member.user.id);
          expect(h.change_reason).toBeNull();
        }
        // Nothing that was not sent shows up.
        const sent = new Set([...Array.from({ length: REST_EDITS }, (_, i) => `rest ${round}.${i}`), ...Array.from({ length: DOC_EDITS }, (_, i) => `doc ${round}.${i}`)]);
        expect(names.every((h) => sent.has(h.new_value!))).toBe(true);
        figures.docEditsApplied += docRows.length;
        figures.historyRows += history.length;
        figures.rounds += 1;
      }
    } finally {
      clients.forEach((c) => c.close());
    }
  });
});

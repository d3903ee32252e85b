/**
 * What a task costs in memory, layer by layer (issue 35, Memory): the project document, the worker's and the page's
 * structures over it, and the server's per-document state. Not a section of `npm run bench`: a profile, run by hand
 * in a process of its own per size (heap figures need a quiet heap):
 *
 *   node --expose-gc --import tsx bench/src/memory/memory-profile.ts 10000 [--all-fields] [--snapshot]
 *
 * Each layer is built the way the product builds it (document/src's writeTask, web's tasks store, the page's patch
 * apply, the server's rows map and shared full state) and weighed as the growth of the collected heap while the
 * layers before it stay alive (the encoded state, outside the heap, by its length). `--all-fields` writes every
 * field, as documents stored before defaults went unwritten hold them. `--snapshot` instead writes a V8 heap
 * snapshot of the decoded document alone and prints its biggest holders by constructor. Results and causes:
 * docs/benchmarks.md, "Profiles and causes", issue 35 (Memory).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeHeapSnapshot } from 'node:v8';
import { dependenciesMap, writeTask, type DocTask } from '@planline/document';
import * as Y from 'yjs';
import { createTasksStore, emptyTasksState } from '../../../web/src/features/gantt/model/tasks-store.js';
import { applyTasksPatch, wholeTasksState } from '../../../web/src/features/gantt/connection/tasks-patch.js';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');

const size = Number(process.argv[2] ?? 10_000);
const withSnapshot = process.argv.includes('--snapshot');
/** Every field written, defaults too: the documents stored before defaults went unwritten (task-document.ts). */
const allFields = process.argv.includes('--all-fields');

/** A task into the document, as writeTask writes it today, or (`--all-fields`) as it wrote every field before. */
function putTask(doc: Y.Doc, id: string, fields: DocTask): void {
  if (!allFields) return writeTask(doc, id, fields);
  const entry = new Y.Map<unknown>();
  doc.getMap('tasks').set(id, entry);
  for (const [field, value] of Object.entries(fields)) entry.set(field, value);
}

// As bench/src/lib/seed.ts makes the timeline's projects.
const WORDS = ['Design', 'Build', 'Review', 'Test', 'Ship', 'Plan', 'Audit', 'Migrate', 'Document', 'Measure'];
const STATUSES = ['pending', 'in_progress', 'completed', 'blocked'];
const PRIORITIES = ['low', 'medium', 'high', 'critical'];
const COLORS = ['#3b82f6', '#10b981', '#f59e0b', '#ef4444', '#8b5cf6', '#ec4899'];
const assignees = Array.from({ length: 5 }, () => randomUUID());

const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);

/** A task's fields as the bench's seed (bench/src/lib/seed.ts) and the server's rows have them. */
function taskFields(i: number): Required<DocTask> {
  const assigneeId = assignees[i % assignees.length]!;
  return {
    name: `${WORDS[i % WORDS.length]} step ${i + 1}`,
    description: i % 3 === 0 ? `Seeded task ${i + 1} for the benchmarks` : null,
    startDate: day((i * 7) % 300),
    endDate: day(((i * 7) % 300) + 1 + (i % 20)),
    status: STATUSES[i % 4],
    priority: PRIORITIES[Math.floor(i / 4) % 4],
    progress: i % 101,
    allocations: {},
    custom: {},
    color: COLORS[i % 6],
    assigneeId,
    assigneeIds: [assigneeId],
    order: i,
    kind: 'task',
    parentId: null,
  };
}

function heap(): number {
  gc!();
  gc!();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

/** `--snapshot`: only the document as a browser or the server has it (the encoded state applied), in a heap of its own. */
function snapshotDocument(): void {
  const encode = () => {
    const built = new Y.Doc();
    built.transact(() => {
      for (let i = 0; i < size; i++) putTask(built, randomUUID(), taskFields(i));
    });
    return Y.encodeStateAsUpdate(built);
  };
  const encoded = encode();
  const doc = new Y.Doc();
  Y.applyUpdate(doc, encoded);
  gc!();
  const file = join(tmpdir(), `memory-profile-${process.pid}.heapsnapshot`);
  writeHeapSnapshot(file);
  const top = summarize(JSON.parse(readFileSync(file, 'utf8')) as Snapshot);
  rmSync(file);
  console.log(`\nHeap by constructor, ${size.toLocaleString('en')} tasks${allFields ? ' (every field written)' : ''}: the document from the sync alone (self size)\n`);
  console.log('| constructor | count | MB | bytes per task |\n|---|---:|---:|---:|');
  for (const [name, count, bytes] of top) console.log(`| ${name} | ${count.toLocaleString('en')} | ${(bytes / 1e6).toFixed(1)} | ${Math.round(bytes / size)} |`);
}

if (withSnapshot) {
  snapshotDocument();
  process.exit(0);
}

const rows: [string, string, number][] = [];
let last = heap();
/** Records what the heap grew by since the last call. `keep` is held until the end so its bytes stay counted. */
const kept: unknown[] = [];
function weigh(layer: string, keep: unknown): void {
  kept.push(keep);
  const now = heap();
  rows.push([layer, `${((now - last) / 1e6).toFixed(1)} MB`, Math.round((now - last) / size)]);
  last = now;
}

const ids = Array.from({ length: size }, () => randomUUID());
weigh('task ids (strings, shared by every layer)', ids);

// The server's rows of the project (project-rows.ts readProjectRows): every task's fields, by id.
const persisted = new Map(ids.map((id, i) => [id, taskFields(i)]));
weigh('server: persisted rows (ProjectState.tasks)', persisted);

// The document, built from the rows as the server builds it the first time (project-store.ts load).
const built = new Y.Doc();
built.transact(() => {
  for (const [id, task] of persisted) putTask(built, id, task);
  for (let i = 4; i < size; i += 5) dependenciesMap(built).set(`${ids[i]}->${ids[i - 1]}`, { type: 'FS', lagDays: 0 });
});
weigh('document built from rows (Y.Doc)', built);

const encoded = Y.encodeStateAsUpdate(built);
// Bytes outside the heap: weighed by their length (the heap's own figure moves with the encoder's garbage).
rows.push([`server: shared full state (the encoded document)`, `${(encoded.byteLength / 1e6).toFixed(1)} MB`, Math.round(encoded.byteLength / size)]);
kept.push(encoded);
last = heap();

// The browser's document: the encoded state applied (the first sync).
const doc = new Y.Doc();
Y.applyUpdate(doc, encoded);
weigh('worker: document from the sync (Y.Doc)', doc);

const tasks = createTasksStore(doc);
weigh('worker: tasks store (raw + shown + rows + links)', tasks);

const undo = new Y.UndoManager([doc.getMap('tasks'), doc.getMap('dependencies')], { captureTimeout: 0 });
weigh('worker: undo manager (empty)', undo);

// The page's copy of the worker's tasks: the whole state posted (structured clone) and applied over an empty store.
const page = applyTasksPatch(emptyTasksState(), structuredClone(wholeTasksState(tasks.store.getState())));
weigh('page: tasks state (applied patch)', page);

// The device copy's snapshot as its writer makes it (snapshot-writer.ts: toJSON of the two maps, then text).
const snapshot = JSON.stringify({ tasks: doc.getMap('tasks').toJSON(), dependencies: doc.getMap('dependencies').toJSON() });
weigh(`worker: snapshot text while written (${(snapshot.length / 1e6).toFixed(1)} M chars)`, snapshot);

// History: every task's dates moved once (a drop each), as a document that has been worked on for a while.
doc.transact(() => {
  for (let i = 0; i < size; i++) writeTask(doc, ids[i]!, { startDate: day(1 + ((i * 7) % 300)), endDate: day(2 + ((i * 7) % 300) + (i % 20)) });
});
weigh('worker: the document after one move of every task (tombstones)', null);

console.log(`\n${size.toLocaleString('en')} tasks (Node ${process.version})${allFields ? ', every field written' : ''}\n`);
console.log('| layer | total | bytes per task |\n|---|---:|---:|');
for (const [layer, total, perTask] of rows) console.log(`| ${layer} | ${total} | ${perTask.toLocaleString('en')} |`);

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
  nodes: number[];
  strings: string[];
}

/** Self size and count by constructor (objects) or by type (strings, arrays, code…), biggest first. */
function summarize(s: Snapshot): [string, number, number][] {
  const fields = s.snapshot.meta.node_fields;
  const types = s.snapshot.meta.node_types[0];
  const width = fields.length;
  const at = (f: string) => fields.indexOf(f);
  const [iType, iName, iSize] = [at('type'), at('name'), at('self_size')];
  const sums = new Map<string, [number, number]>();
  for (let n = 0; n < s.nodes.length; n += width) {
    const type = types[s.nodes[n + iType]!]!;
    const key = type === 'object' || type === 'closure' ? s.strings[s.nodes[n + iName]!]! : `(${type})`;
    const sum = sums.get(key) ?? [0, 0];
    sum[0] += 1;
    sum[1] += s.nodes[n + iSize]!;
    sums.set(key, sum);
  }
  return [...sums].map(([k, [c, b]]) => [k, c, b] as [string, number, number]).sort((a, b) => b[2] - a[2]).slice(0, 14);
}

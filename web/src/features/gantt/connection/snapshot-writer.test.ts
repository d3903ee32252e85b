import { addDependency, dependencyEdges, tasksMap, writeTask } from '@planline/document';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import type { PersonInputWatch } from '../../../lib/person-input';
import { createTasksStore } from '../model/tasks-store';
import { snapshotInSlots, snapshotNow, snapshotText } from './snapshot-writer';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const quiet: PersonInputWatch = { lastAt: () => Number.NEGATIVE_INFINITY, stop: () => {} };

/** A document of `count` tasks, each following the one before: enough to take many slots. */
function projectOf(count: number): Y.Doc {
  const doc = new Y.Doc();
  doc.transact(() => {
    for (let n = 0; n < count; n++) writeTask(doc, id(n), { name: `Task ${n}`, startDate: '2026-01-05', endDate: '2026-01-09', progress: n % 100 });
    for (let n = 1; n < count; n += 5) addDependency(doc, id(n), id(n - 1));
  });
  return doc;
}

async function parsed(blob: Blob | null) {
  expect(blob).not.toBeNull();
  return JSON.parse((await snapshotText(blob))!) as { tasks: Record<string, unknown>; dependencies: Record<string, unknown> };
}

describe('the device copy’s snapshot, made in slots', () => {
  // A clock that moves 1 ms each time it is read: a slot (8 ms) then writes a few hundred tasks on any machine.
  beforeEach(() => {
    let clock = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => (clock += 1));
  });
  afterEach(() => vi.restoreAllMocks());

  it('is the JSON a snapshot made at once is, for thousands of tasks and their links', async () => {
    const doc = projectOf(3_000);
    let slots = 0;
    const blob = await snapshotInSlots(doc, quiet, () => (slots++, false));
    // It took a dozen slots, and reads back as the same document.
    expect(slots).toBeGreaterThan(10);
    expect(await parsed(blob)).toEqual(JSON.parse(snapshotNow(doc)));
    expect(Object.keys((await parsed(blob)).dependencies)).toHaveLength(dependencyEdges(doc).length);
    expect(dependencyEdges(doc)).toHaveLength(600);
  });

  it('is the document as it is at the end: tasks changed, added and deleted meanwhile are as they are then', async () => {
    const doc = projectOf(3_000);
    let slots = 0;
    const blob = await snapshotInSlots(doc, quiet, () => {
      // After the first slot has written the first tasks: a teammate's edits arrive.
      if (++slots === 2) {
        doc.transact(() => {
          writeTask(doc, id(0), { name: 'Renamed after it was written', progress: 90 });
          writeTask(doc, id(2_999), { name: 'Renamed before it was written' });
          writeTask(doc, id(5_000), { name: 'Added meanwhile', startDate: '2026-02-02', endDate: '2026-02-03' });
        });
        tasksMap(doc).delete(id(1));
      }
      return false;
    });
    expect(slots).toBeGreaterThan(2);
    const plain = await parsed(blob);
    // A deleted task is written as null, which the chart's seed leaves out; everything else is the document now.
    expect(plain.tasks[id(1)]).toBeNull();
    delete plain.tasks[id(1)];
    expect(plain).toEqual(JSON.parse(snapshotNow(doc)));
    expect(plain.tasks[id(0)]).toMatchObject({ name: 'Renamed after it was written', progress: 90 });

    // The chart painted from it shows the document's tasks, without the deleted one.
    const chart = createTasksStore(new Y.Doc());
    chart.seed(JSON.parse((await snapshotText(blob))!));
    const shown = chart.store.getState().tasks;
    expect(shown.has(id(1))).toBe(false);
    expect(shown.get(id(5_000))?.name).toBe('Added meanwhile');
    expect(shown.size).toBe(3_000);
  });

  it('stops when cancelled (the page went, or the copy closed), making nothing', async () => {
    const doc = projectOf(3_000);
    let slots = 0;
    expect(await snapshotInSlots(doc, quiet, () => ++slots > 1)).toBeNull();
  });

  it('waits while the person scrolls, drags or types, and goes on once they stop', async () => {
    const doc = projectOf(200);
    let busy = true;
    const input: PersonInputWatch = { lastAt: () => (busy ? performance.now() : Number.NEGATIVE_INFINITY), stop: () => {} };
    let slots = 0;
    const making = snapshotInSlots(doc, input, () => {
      if (++slots === 5) busy = false;
      return false;
    });
    const blob = await making;
    // Four busy looks wrote nothing; the fifth, quiet, wrote all 200 (had it not waited, one slot would have).
    expect(slots).toBe(5);
    expect(await parsed(blob)).toEqual(JSON.parse(snapshotNow(doc)));
  });

  it('reads a snapshot kept as a string (written at once, or by an earlier version) as well as a Blob', async () => {
    expect(await snapshotText('{"tasks":{},"dependencies":{}}')).toBe('{"tasks":{},"dependencies":{}}');
    expect(await snapshotText(new Blob(['{"tasks":', '{}}']))).toBe('{"tasks":{}}');
    expect(await snapshotText(42)).toBeNull();
    expect(await snapshotText(undefined)).toBeNull();
  });
});

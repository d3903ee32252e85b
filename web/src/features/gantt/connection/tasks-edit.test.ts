import { addDependency, dependencyLinks, editReasonsMap, readTask, tasksMap, dependenciesMap, writeScheduleSettings, writeTask } from '@planline/document';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { writeEditWithCascade, writeTasksWithCascade } from './tasks-edit';

const WELD = '00000000-0000-4000-8000-00000000000a';
const PAINT = '00000000-0000-4000-8000-00000000000b';
const INSPECT = '00000000-0000-4000-8000-00000000000c';
const LOCAL = { source: 'test' };

/** Weld and Paint on Monday-Tuesday, Inspect on Wednesday after Weld, auto-scheduling on, Monday to Friday. */
function plan() {
  const doc = new Y.Doc();
  doc.transact(() => {
    writeScheduleSettings(doc, { autoSchedule: true, workingWeekdays: [1, 2, 3, 4, 5], holidays: [] });
    writeTask(doc, WELD, { name: 'Weld', startDate: '2026-03-02', endDate: '2026-03-03' });
    writeTask(doc, PAINT, { name: 'Paint', startDate: '2026-03-02', endDate: '2026-03-03' });
    writeTask(doc, INSPECT, { name: 'Inspect', startDate: '2026-03-04', endDate: '2026-03-04' });
    addDependency(doc, INSPECT, WELD, { type: 'FS', lagDays: 0 });
  });
  const undo = new Y.UndoManager([tasksMap(doc), dependenciesMap(doc)], { trackedOrigins: new Set([LOCAL]), captureTimeout: 0 });
  return { doc, undo };
}
const dates = (doc: Y.Doc) => [WELD, PAINT, INSPECT].map((id) => `${readTask(doc, id)!.startDate}..${readTask(doc, id)!.endDate}`);

describe('[leveling-apply] leveling written in the chart', () => {
  it('is one transaction with its cascade and its reasons; one undo takes every move back and no reason returns', () => {
    const { doc, undo } = plan();
    const before = dates(doc);
    let transactions = 0;
    doc.on('afterTransaction', () => void transactions++);
    writeTasksWithCascade(doc, new Map([[WELD, { startDate: '2026-03-04', endDate: '2026-03-05' }]]), LOCAL, new Map([[WELD, 'Levelled: Ana over-allocated 2-3 Mar']]));
    expect(transactions).toBe(1);
    // Inspect is pushed after Weld's new finish, in the same transaction.
    expect(dates(doc)).toEqual(['2026-03-04..2026-03-05', '2026-03-02..2026-03-03', '2026-03-06..2026-03-06']);
    expect(editReasonsMap(doc).toJSON()).toEqual({ [WELD]: 'Levelled: Ana over-allocated 2-3 Mar' });
    // The server takes the reasons out (a teammate's transaction here); one undo then restores every date.
    doc.transact(() => editReasonsMap(doc).delete(WELD), 'server');
    undo.undo();
    expect(dates(doc)).toEqual(before);
    expect(editReasonsMap(doc).size).toBe(0);
    expect(undo.canUndo()).toBe(false);
  });
});

const links = (doc: Y.Doc) => [...dependencyLinks(doc)].map((l) => `${l.taskId}<-${l.dependsOnTaskId}`).sort();

describe('[grid-cell-commit] a grid cell written in the chart', () => {
  it('writes fields, adds, changes and removes links in one transaction with their cascade; one undo takes all of it back', () => {
    const { doc, undo } = plan();
    const before = { dates: dates(doc), links: links(doc) };
    let transactions = 0;
    doc.on('afterTransaction', () => void transactions++);
    writeEditWithCascade(
      doc,
      {
        tasks: new Map([[PAINT, { name: 'Paint twice' }]]),
        links: [
          // Inspect after Paint, 2 working days later; no longer after Weld.
          { taskId: INSPECT, dependsOnTaskId: PAINT, link: { type: 'FS', lagDays: 2 } },
          { taskId: INSPECT, dependsOnTaskId: WELD, link: null },
        ],
      },
      LOCAL,
    );
    expect(transactions).toBe(1);
    expect(readTask(doc, PAINT)!.name).toBe('Paint twice');
    expect(links(doc)).toEqual([`${INSPECT}<-${PAINT}`]);
    // Paint ends Tuesday 3 March: two working days' lag puts Inspect on Friday 6 March, by the cascade.
    expect(dates(doc)[2]).toBe('2026-03-06..2026-03-06');
    undo.undo();
    expect(dates(doc)).toEqual(before.dates);
    expect(links(doc)).toEqual(before.links);
    expect(readTask(doc, PAINT)!.name).toBe('Paint');
    expect(undo.canUndo()).toBe(false);
  });

  it('a new start moves the successors in the same transaction', () => {
    const { doc } = plan();
    let transactions = 0;
    doc.on('afterTransaction', () => void transactions++);
    writeEditWithCascade(doc, { tasks: new Map([[WELD, { startDate: '2026-03-09', endDate: '2026-03-10' }]]), links: [] }, LOCAL);
    expect(transactions).toBe(1);
    expect(dates(doc)[2]).toBe('2026-03-11..2026-03-11');
  });
});

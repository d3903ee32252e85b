import { cascadeMoveReason } from '@planline/domain';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { applyCascade, cascadeReasons, documentCascade } from './document-cascade.js';
import { writeScheduleSettings } from './project-settings.js';
import { addDependency, dependenciesMap, readTask, tasksMap, writeTask } from './task-document.js';

// 2026-11-23 is a Monday. Ids are canonical, as the document schema wants them.
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const [A, B, C, D] = [id(1), id(2), id(3), id(4)];

function project(autoSchedule = true, holidays: string[] = []): Y.Doc {
  const doc = new Y.Doc();
  doc.transact(() => {
    writeScheduleSettings(doc, { autoSchedule, workingWeekdays: [1, 2, 3, 4, 5], holidays });
    for (const [taskId, name] of [[A, 'Design'], [B, 'Build'], [C, 'Test'], [D, 'Loose']] as const) {
      writeTask(doc, taskId, { name, startDate: '2026-11-23', endDate: '2026-11-27' });
    }
  });
  return doc;
}

const dates = (doc: Y.Doc, taskId: string) => {
  const t = readTask(doc, taskId)!;
  return `${t.startDate}..${t.endDate}`;
};

describe('[document-cascade] the cascade on the document', () => {
  it('a link and its push in one transaction: the successor keeps its working days, the chain follows', () => {
    const doc = project();
    doc.transact(() => {
      addDependency(doc, B, A);
      addDependency(doc, C, B, { type: 'FS', lagDays: 1 });
      applyCascade(doc, documentCascade(doc, [B, C]));
    });
    expect(dates(doc, B)).toBe('2026-11-30..2026-12-04');
    expect(dates(doc, C)).toBe('2026-12-08..2026-12-14');
    expect(dates(doc, D)).toBe('2026-11-23..2026-11-27');
  });

  it('reads the links again inside a transaction that changed them (the index kept between transactions is not used)', () => {
    const doc = project();
    doc.transact(() => addDependency(doc, B, A));
    applyCascadeNow(doc, [B]);
    // The kept index now holds B → A; a new link in the same transaction as its cascade must still count.
    doc.transact(() => {
      addDependency(doc, C, B);
      applyCascade(doc, documentCascade(doc, [C]));
    });
    expect(dates(doc, C)).toBe('2026-12-07..2026-12-11');
  });

  it('asked first inside a transaction, keeps nothing read there that the transaction goes on to change', () => {
    const pushed = (doc: Y.Doc, edited: string[]) => documentCascade(doc, edited).map((m) => m.taskId);
    // Nothing has asked about this document before this transaction: the links it changes must still count.
    const linked = project();
    linked.transact(() => {
      addDependency(linked, B, A);
      expect(pushed(linked, [B])).toEqual([B]);
      addDependency(linked, C, B);
      expect(pushed(linked, [C])).toEqual([C]);
    });
    // The same for the summaries: Build becomes one halfway through the transaction that first asks.
    const parented = project();
    parented.transact(() => addDependency(parented, B, A));
    parented.transact(() => {
      expect(pushed(parented, [A])).toEqual([B]);
      writeTask(parented, D, { parentId: B });
      expect(pushed(parented, [A])).toEqual([]);
    });
  });

  it('in the observers of a transaction that changed the links, before the kept index is dropped, reads them again', () => {
    const doc = project();
    const seen: string[][] = [];
    // Observers run in the order they were added: this one before the one that drops the kept index.
    dependenciesMap(doc).observe(() => seen.push(documentCascade(doc, [C]).map((m) => m.taskId)));
    doc.transact(() => addDependency(doc, B, A));
    applyCascadeNow(doc, [B]);
    doc.transact(() => addDependency(doc, C, B));
    expect(seen.at(-1)).toEqual([C]);
  });

  it('overrides preview a drag without touching the document; holidays count; nothing moves with auto-scheduling off', () => {
    const doc = project(true, ['2026-11-30']);
    doc.transact(() => addDependency(doc, B, A));
    const preview = documentCascade(doc, [A], new Map([[A, { startDate: '2026-11-23', endDate: '2026-11-24' }]]));
    expect(preview.map((m) => [m.taskId, m.startDate, m.endDate])).toEqual([[B, '2026-11-25', '2026-12-02']]);
    expect(dates(doc, B)).toBe('2026-11-23..2026-11-27');
    const moves = documentCascade(doc, [B]);
    // Monday the 30th is a holiday: Build starts on Tuesday and ends a day later.
    expect(moves.map((m) => [m.startDate, m.endDate])).toEqual([['2026-12-01', '2026-12-07']]);

    const off = project(false);
    off.transact(() => addDependency(off, B, A));
    expect(documentCascade(off, [B])).toEqual([]);
  });

  it('a cycle (soon put back by the server) is stepped around; a task whose name is being put back still counts', () => {
    const doc = project();
    doc.transact(() => {
      addDependency(doc, B, A);
      addDependency(doc, C, D);
      addDependency(doc, D, C);
      tasksMap(doc).get(A)!.set('name', 42);
    });
    expect(documentCascade(doc, [A, B, C, D]).map((m) => m.taskId)).toEqual([B]);
  });

  it('a predecessor whose name is not valid (about to be put back) gives a plain reason, never its bytes', () => {
    const doc = project();
    doc.transact(() => {
      addDependency(doc, B, A);
      tasksMap(doc).get(A)!.set('name', 'nul\u0000byte');
    });
    const [move] = documentCascade(doc, [B]);
    expect(cascadeMoveReason(move!)).toBe('Moved by dependency');
  });

  it('tells which tasks of a change the cascade moved, and by which link', () => {
    const doc = project();
    doc.transact(() => {
      addDependency(doc, B, A);
      addDependency(doc, C, B);
    });
    applyCascadeNow(doc, [B]);
    const before = new Map([A, B, C].map((t) => [t, { startDate: readTask(doc, t)!.startDate as string, endDate: readTask(doc, t)!.endDate as string }]));
    doc.transact(() => {
      writeTask(doc, A, { endDate: '2026-12-04' });
      applyCascade(doc, documentCascade(doc, [A]));
    });
    expect(cascadeReasons(doc, before)).toEqual(
      new Map([
        [B, 'Moved by dependency on «Design»'],
        [C, 'Moved by dependency on «Build»'],
      ]),
    );
  });

  it('knows the summaries as they are now: kept between transactions, read again when a parent or a task changes', () => {
    const doc = project();
    doc.transact(() => addDependency(doc, B, A));
    const pushed = () => documentCascade(doc, [A]).map((m) => m.taskId);
    // Build is pushed by Design; the summaries (none yet) are now kept.
    expect(pushed()).toEqual([B]);
    // Build becomes a summary (its dates roll up from Loose): the link no longer moves it.
    doc.transact(() => writeTask(doc, D, { parentId: B }));
    expect(pushed()).toEqual([]);
    // Inside a transaction that changes a parent, the summaries are read as they are at that point.
    doc.transact(() => {
      writeTask(doc, D, { parentId: null });
      expect(pushed()).toEqual([B]);
    });
    expect(pushed()).toEqual([B]);
    doc.transact(() => writeTask(doc, D, { parentId: B }));
    expect(pushed()).toEqual([]);
    // Its only subtask deleted, Build is a plain task again.
    doc.transact(() => tasksMap(doc).delete(D));
    expect(pushed()).toEqual([B]);
    // A teammate's update (applied, not written here) that makes it a summary counts too.
    const teammate = new Y.Doc();
    Y.applyUpdate(teammate, Y.encodeStateAsUpdate(doc));
    teammate.transact(() => writeTask(teammate, C, { parentId: B }));
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(teammate, Y.encodeStateVector(doc)));
    expect(pushed()).toEqual([]);
  });
});

function applyCascadeNow(doc: Y.Doc, edited: string[]) {
  doc.transact(() => applyCascade(doc, documentCascade(doc, edited)));
}

import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import { dependencyLinks, readTask, taskIds } from '@planline/document';
import { chainPlan, importedLink, importedPlan, importedResource, importedTask } from '../../../test/import-plans.js';
import { checkImport, matchPeople, writeImport, type Assignable, type ImportTarget } from './import-plan.js';

const ana: Assignable = { id: '11111111-1111-4111-8111-111111111111', email: 'Ana.Silva@example.com', firstName: 'Ana', lastName: 'Silva' };
const bo: Assignable = { id: '22222222-2222-4222-8222-222222222222', email: 'bo@example.com', firstName: 'Bo', lastName: 'Berg' };
const empty: ImportTarget = { mode: 'append', existingTasks: 0, lastOrder: -1, calendar: { workingWeekdays: [1, 2, 3, 4, 5], holidays: [] } };

describe('[import] people', () => {
  it('matches by e-mail whatever its case, then by name; a name two people share matches nobody', () => {
    const twin: Assignable = { ...bo, id: '33333333-3333-4333-8333-333333333333', email: 'other@example.com' };
    const plan = importedPlan({
      resources: [
        importedResource('1', 'Someone else', 'ana.silva@EXAMPLE.com'),
        importedResource('2', '  ana   SILVA ', null),
        importedResource('3', 'Bo Berg', null),
        importedResource('4', 'Cy', 'cy@example.com'),
      ],
    });
    const { people } = matchPeople(plan, [ana, bo, twin]);
    expect(people.map((p) => p.matchedUserId)).toEqual([ana.id, ana.id, null, null]);
  });
});

describe('[import] check and build', () => {
  it('gives every task a new id, its parent, its order after the project, its matched people with allocations (the first listed primary)', () => {
    const phase = importedTask({ name: 'Phase', row: 2, key: 'p' });
    const build = importedTask({
      name: 'Build',
      row: 3,
      key: 'b',
      parentKey: 'p',
      progress: 40,
      assignments: [
        { resourceKey: 'bo', allocation: 50 },
        { resourceKey: 'ana', allocation: 100 },
        { resourceKey: 'cy', allocation: 100 },
      ],
    });
    const done = importedTask({ name: 'Done', row: 4, key: 'd', parentKey: 'p', kind: 'milestone', startDate: '2026-12-11', endDate: '2026-12-11' });
    const plan = importedPlan({
      tasks: [phase, build, done],
      links: [importedLink(build, done, { type: 'SS', lagDays: -2 })],
      resources: [importedResource('ana', 'Ana Silva', 'ana.silva@example.com'), importedResource('bo', 'Bo Berg'), importedResource('cy', 'Cy Young')],
    });
    const checked = checkImport(plan, [ana, bo], { ...empty, existingTasks: 3, lastOrder: 7 });
    expect(checked.summary).toMatchObject({ tasks: 3, links: 1, milestones: 1, summaries: 1, errors: [] });
    expect(checked.summary.warnings).toEqual([{ row: null, message: expect.stringMatching(/^1 assignment of people who are not in this project \(Cy Young\) will be left out/) }]);
    const [p, b, d] = checked.built!.tasks;
    expect(new Set([p!.id, b!.id, d!.id]).size).toBe(3);
    expect(p!.fields).toMatchObject({ order: 8, parentId: null, kind: 'task' });
    expect(b!.fields).toMatchObject({ order: 9, parentId: p!.id, assigneeId: bo.id, assigneeIds: [ana.id, bo.id].sort(), allocations: { [bo.id]: 50 }, progress: 40, status: 'in_progress' });
    expect(d!.fields).toMatchObject({ order: 10, parentId: p!.id, kind: 'milestone' });
    expect(checked.built!.links).toEqual([{ taskId: d!.id, dependsOnTaskId: b!.id, link: { type: 'SS', lagDays: -2 } }]);
  });

  it('a cycle of links is an error on each of its rows, and nothing is built', () => {
    const plan = chainPlan(4);
    plan.links.push(importedLink(plan.tasks[3]!, plan.tasks[1]!));
    const checked = checkImport(plan, [], empty);
    expect(checked.built).toBeNull();
    // Steps 2 → 3 → 4 → 2: its links are written on the rows of their successors, 4 (Step 3), 5 (Step 4) and 3 (Step 2).
    expect(checked.summary.errors.map((e) => e.row)).toEqual([3, 4, 5]);
    expect(checked.summary.errors[0]!.message).toMatch(/form a loop/);
  });

  it('a long chain is checked without a deep recursion', () => {
    const checked = checkImport(chainPlan(20_000), [], empty);
    expect(checked.summary.errors).toEqual([]);
    expect(checked.built!.links).toHaveLength(19_999);
  });

  it('a link to a task not in the file and a parent listed after its subtask are warnings; the rest stands', () => {
    const child = importedTask({ name: 'Child', row: 2, key: 'c', parentKey: 'late' });
    const late = importedTask({ name: 'Late', row: 3, key: 'late' });
    const plan = importedPlan({ tasks: [child, late], links: [{ row: 3, predecessorKey: 'gone', successorKey: 'late', type: 'FS', lagDays: 0 }] });
    const checked = checkImport(plan, [], empty);
    expect(checked.summary.errors).toEqual([]);
    expect(checked.summary.warnings.map((w) => w.row)).toEqual([2, 3]);
    expect(checked.built!.tasks[0]!.fields.parentId).toBeNull();
    expect(checked.built!.links).toEqual([]);
  });

  it.each([
    [{ endDate: '2026-12-01' }, /finishes \(2026-12-01\) before it starts/],
    [{ startDate: '2026-13-01' }, /2026-13-01/],
    [{ name: '   ' }, /has no name/],
  ])('a task %j is an error with its row', (fields, message) => {
    const checked = checkImport(importedPlan({ tasks: [importedTask({ name: 'T', row: 7, ...fields })] }), [], empty);
    expect(checked.built).toBeNull();
    expect(checked.summary.errors).toEqual([{ row: 7, message: expect.stringMatching(message) }]);
  });

  it('past the task cap: an error that says how much room there is; replace counts only the file', () => {
    const plan = chainPlan(3);
    const append = checkImport(plan, [], { ...empty, existingTasks: 2, maxTasks: 4 });
    expect(append.summary.errors).toEqual([{ row: null, message: 'The file has 3 tasks; a project can hold at most 4 and this one has room for 2 more. Replace its tasks or import into a new project.' }]);
    expect(checkImport(plan, [], { ...empty, mode: 'replace', existingTasks: 2, maxTasks: 4 }).summary.errors).toEqual([]);
  });

  it("a reader's errors stop the import; its warnings are listed in row order", () => {
    const plan = importedPlan({ tasks: [importedTask({ name: 'A' })], errors: [{ row: 9, message: 'Row 9: no date' }], warnings: [{ row: 5, message: 'b' }, { row: null, message: 'a' }] });
    const checked = checkImport(plan, [], empty);
    expect(checked.built).toBeNull();
    expect(checked.summary.warnings.map((w) => w.message)).toEqual(['a', 'b']);
  });

  it("a value the write path would refuse is the row's error in the preview, whatever a reader let through, and nothing is built", () => {
    const a = importedTask({ name: 'A' });
    const b = importedTask({ name: 'B', status: 'Constructor' as never });
    const c = importedTask({ name: 'C', progress: Number.NaN });
    const d = importedTask({ name: 'D' });
    const plan = importedPlan({ tasks: [a, b, c, d], links: [importedLink(a, d, { lagDays: 100_000 })] });
    const checked = checkImport(plan, [], empty);
    expect(checked.built).toBeNull();
    expect(checked.summary.errors.map((e) => e.row)).toEqual([b.row, c.row, d.row]);
    expect(checked.summary.errors[0]!.message).toBe(`Row ${b.row}: Status must be one of pending, in_progress, completed or blocked.`);
    expect(checked.summary.errors[1]!.message).toMatch(new RegExp(`^Row ${c.row}: Progress must be`));
    expect(checked.summary.errors[2]!.message).toMatch(new RegExp(`^Row ${d.row}: Lag`));
  });

  it('writes replace by taking every task and link out first, in the same transaction', () => {
    const doc = new Y.Doc();
    const first = checkImport(chainPlan(3), [], empty).built!;
    doc.transact(() => writeImport(doc, first, 'append'));
    const second = checkImport(chainPlan(2), [], { ...empty, mode: 'replace', existingTasks: 3 }).built!;
    let transactions = 0;
    doc.on('afterTransaction', () => transactions++);
    doc.transact(() => writeImport(doc, second, 'replace'));
    expect(transactions).toBe(1);
    expect(taskIds(doc).sort()).toEqual(second.tasks.map((t) => t.id).sort());
    expect(dependencyLinks(doc)).toEqual([{ taskId: second.tasks[1]!.id, dependsOnTaskId: second.tasks[0]!.id, value: { type: 'FS', lagDays: 0 } }]);
    expect(readTask(doc, second.tasks[0]!.id)).toMatchObject({ name: 'Step 1', order: 0 });
  });
});

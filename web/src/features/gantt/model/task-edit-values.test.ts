import { taskEditFormSchema, type TaskHistoryEntry } from '@planline/domain';
import { describe, expect, it } from 'vitest';
import { assignmentChanges, changedBy, customChanges, customDraftOf, mergeShares, shareChangedBy, taskBase, taskChanges, taskFormValues, withShare, type EditableTask } from './task-edit-values';

const ANA = '7d0c6f5e-64a8-4c5b-9a43-2f5f0c1d8e11';
const task: EditableTask = {
  name: 'Weld the main frame',
  description: null,
  startDate: '2026-12-01',
  endDate: '2026-12-04',
  status: 'pending',
  priority: 'medium',
  progress: 0,
  assigneeId: null,
  assigneeIds: [],
  allocations: {},
  kind: 'task',
};
const submitted = (over: Partial<ReturnType<typeof taskFormValues>>) => taskEditFormSchema.parse({ ...taskFormValues(task), ...over });

describe('[form-merge] what Edit Task saves', () => {
  it('sends only the fields the person changed, so a name a teammate gave meanwhile is not written back', () => {
    // The form still holds the name from before Ana's rename; Ben changed the description alone.
    const v = submitted({ name: 'Weld frame', description: 'Check the welds twice' });
    expect(taskChanges(new Set(['description']), v, task)).toEqual({ description: 'Check the welds twice' });
  });

  it('sends a blank description as none, and an assignee choice as the API writes it', () => {
    const v = submitted({ description: '  ', assigneeId: ANA });
    expect(taskChanges(new Set(['description', 'assigneeId']), v, task)).toEqual({ description: null, assigneeId: ANA });
  });

  it('sends, as the base, what the person started from for those fields alone', () => {
    expect(taskBase(new Set(['description', 'progress']), taskFormValues(task), task)).toEqual({ description: null, progress: 0 });
  });

  it('sends a milestone with its one day', () => {
    const v = submitted({ milestone: true });
    expect(taskChanges(new Set(['milestone']), v, task)).toEqual({ kind: 'milestone', endDate: '2026-12-01' });
  });
});

describe('[form-merge] who made a live change', () => {
  const entry = (fieldName: string, newValue: string | null, firstName: string): TaskHistoryEntry => ({
    id: crypto.randomUUID(),
    taskId: crypto.randomUUID(),
    fieldName,
    oldValue: null,
    newValue,
    changeReason: null,
    createdAt: '2026-12-01T10:00:00.000Z',
    changedByUser: { firstName, email: `${firstName.toLowerCase()}@example.com` },
  });

  it('is the newest change of that field to that value', () => {
    const history = [entry('name', 'Weld the main frame', 'Ana'), entry('progress', '20', 'Cy'), entry('name', 'Weld the main frame', 'Ben')];
    expect(changedBy(history, 'name', 'Weld the main frame')).toBe('Ana');
    expect(changedBy(history, 'progress', 20)).toBe('Cy');
    expect(changedBy(history, 'milestone', true)).toBeNull();
    expect(changedBy([entry('kind', 'milestone', 'Di')], 'milestone', true)).toBe('Di');
    expect(changedBy([entry('description', null, 'Ed')], 'description', '')).toBe('Ed');
  });

  it('is unknown until the history has the change', () => {
    expect(changedBy([entry('name', 'Weld frame', 'Ben')], 'name', 'Weld the main frame')).toBeNull();
    expect(changedBy(undefined, 'name', 'Weld the main frame')).toBeNull();
  });
});

describe('[allocation] the percent field of Edit Task', () => {
  const BEN = '2b1e4c3a-5d6f-4a7b-8c9d-0e1f2a3b4c5d';
  const CY = '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a';
  const assigned: EditableTask = { ...task, assigneeId: ANA, assigneeIds: [ANA, CY], allocations: { [ANA]: 50, [CY]: 30 } };
  const messageOf = (over: Partial<ReturnType<typeof taskFormValues>>, of: EditableTask = assigned) => {
    const result = taskEditFormSchema.safeParse({ ...taskFormValues(of), ...over });
    return result.success ? null : result.error.issues.find((i) => i.path[0] === 'allocation')?.message;
  };

  it("opens at the assignee's share, 100 when none is stored", () => {
    expect(taskFormValues(assigned).allocation).toBe(50);
    expect(taskFormValues({ ...assigned, allocations: {} }).allocation).toBe(100);
  });

  it('takes a whole percent from 1 to 200 and says so inline for anything else', () => {
    for (const ok of [1, 100, 200]) expect(messageOf({ allocation: ok })).toBeNull();
    for (const bad of [0, 201, 1.5, -5, Number.NaN]) expect(messageOf({ allocation: bad })).toBe('Allocation must be a whole percent from 1 to 200');
  });

  it('is not judged while nobody is assigned (the field is hidden)', () => {
    expect(messageOf({ assigneeId: 'unassigned', allocation: Number.NaN })).toBeNull();
  });

  const others = (cy: number) => [{ userId: CY, allocation: cy }];
  const send = (dirty: { allocations: boolean; assigneeId: boolean }, v: { assigneeId: string; allocation: number; cy?: number }) =>
    assignmentChanges(
      { allocation: dirty.allocations, otherAllocations: new Set(dirty.allocations && v.cy !== undefined ? [CY] : []), assigneeId: dirty.assigneeId },
      { assigneeId: v.assigneeId, allocation: v.allocation, otherAllocations: others(v.cy ?? 30) },
      taskFormValues(assigned),
      assigned,
    )?.assignments;

  it("saves everyone assigned with their share as assignments: the assignee's new share, the others' kept", () => {
    const changed = (allocation: number) => send({ allocations: true, assigneeId: false }, { assigneeId: ANA, allocation });
    expect(changed(75)).toEqual([
      { userId: ANA, allocation: 75 },
      { userId: CY, allocation: 30 },
    ]);
    expect(changed(100)).toEqual([
      { userId: ANA, allocation: 100 },
      { userId: CY, allocation: 30 },
    ]);
    // Nothing changed: nothing sent.
    expect(changed(50)).toBeUndefined();
    expect(send({ allocations: false, assigneeId: false }, { assigneeId: ANA, allocation: 50 })).toBeUndefined();
  });

  it("[allocation] every assignee's share is a field of its own: the form opens at each, and Save sends the one changed", () => {
    expect(taskFormValues(assigned).otherAllocations).toEqual([{ userId: CY, allocation: 30 }]);
    expect(taskFormValues({ ...assigned, allocations: { [ANA]: 50 } }).otherAllocations).toEqual([{ userId: CY, allocation: 100 }]);
    expect(send({ allocations: true, assigneeId: false }, { assigneeId: ANA, allocation: 50, cy: 150 })).toEqual([
      { userId: ANA, allocation: 50 },
      { userId: CY, allocation: 150 },
    ]);
  });

  it("[allocation] another assignee's share is judged like the assignee's, its message on its own field", () => {
    const issuesOf = (cy: number) => {
      const result = taskEditFormSchema.safeParse({ ...taskFormValues(assigned), otherAllocations: others(cy) });
      return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message]);
    };
    for (const ok of [1, 100, 200]) expect(issuesOf(ok)).toEqual([]);
    // 'x' in a number field reads as NaN.
    for (const bad of [0, 201, 1.5, Number.NaN]) expect(issuesOf(bad)).toEqual([['otherAllocations.0.allocation', 'Allocation must be a whole percent from 1 to 200']]);
    // Chosen as the assignee, their share is the assignee's field: the hidden one is not judged.
    expect(taskEditFormSchema.safeParse({ ...taskFormValues(assigned), assigneeId: CY, otherAllocations: others(0) }).success).toBe(true);
  });

  it("[allocation] a teammate's change of another assignee's share, made while the form was open, is kept, and its base makes a change of the same share a 409", () => {
    // Opened with Ana at 50 % and Cy at 30 %; a teammate then gives Ana 60 % and Cy 40 % (the live task).
    const opened = taskFormValues(assigned);
    const live: EditableTask = { ...assigned, allocations: { [ANA]: 60, [CY]: 40 } };
    // The person changes Ana's share only: Cy keeps the teammate's 40 %, and the base is what the change was made from.
    expect(assignmentChanges({ allocation: true, otherAllocations: new Set(), assigneeId: false }, { assigneeId: ANA, allocation: 75, otherAllocations: others(30) }, opened, live)).toEqual({
      assignments: [
        { userId: ANA, allocation: 75 },
        { userId: CY, allocation: 40 },
      ],
      base: [
        { userId: ANA, allocation: 50 },
        { userId: CY, allocation: 40 },
      ],
    });
    // Cy's share only: Ana keeps the teammate's 60 %; Cy's base is the 30 % the person started from, no longer the
    // task's 40 %, so the server answers 409 instead of overwriting the teammate's change.
    expect(assignmentChanges({ allocation: false, otherAllocations: new Set([CY]), assigneeId: false }, { assigneeId: ANA, allocation: 50, otherAllocations: others(90) }, opened, live)).toEqual({
      assignments: [
        { userId: ANA, allocation: 60 },
        { userId: CY, allocation: 90 },
      ],
      base: [
        { userId: ANA, allocation: 60 },
        { userId: CY, allocation: 30 },
      ],
    });
  });

  it("a new assignee takes the field's share and the old one's goes with them", () => {
    expect(send({ allocations: false, assigneeId: true }, { assigneeId: BEN, allocation: 50 })).toEqual([
      { userId: BEN, allocation: 50 },
      { userId: CY, allocation: 30 },
    ]);
    expect(send({ allocations: false, assigneeId: true }, { assigneeId: 'unassigned', allocation: 50 })).toEqual([{ userId: CY, allocation: 30 }]);
    // Another assignee made the primary one: one entry, at the primary field's share.
    expect(send({ allocations: true, assigneeId: true }, { assigneeId: CY, allocation: 80 })).toEqual([{ userId: CY, allocation: 80 }]);
  });
});

describe("[form-merge] the other assignees' shares follow the live task as the form's other fields do", () => {
  const BEN = '2b1e4c3a-5d6f-4a7b-8c9d-0e1f2a3b4c5d';
  const CY = '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a';
  // Ana is the assignee; Ben (30 %) and Cy (40 %) have share fields of their own.
  const assigned: EditableTask = { ...task, assigneeId: ANA, assigneeIds: [ANA, BEN, CY], allocations: { [ANA]: 50, [BEN]: 30, [CY]: 40 } };
  const opened = taskFormValues(assigned);
  const typed = (ben: number, cy: number) => ({ ...opened, allocation: 50, otherAllocations: [{ userId: BEN, allocation: ben }, { userId: CY, allocation: cy }] });
  const live = (ben: number, cy: number) => taskFormValues({ ...assigned, allocations: { [ANA]: 50, [BEN]: ben, [CY]: cy } });

  it("takes a teammate's share in place where the person has not touched it, and offers a choice where both changed it", () => {
    // The person typed 90 % for Cy; a teammate gave Ben 35 % and Cy 70 %.
    expect(mergeShares(opened, typed(30, 90), live(35, 70))).toEqual([
      { userId: BEN, index: 0, merge: 'follow', theirs: 35 },
      { userId: CY, index: 1, merge: 'conflict', theirs: 70 },
    ]);
    // Nobody else changed them; the same change on both sides needs no choice.
    expect(mergeShares(opened, typed(30, 90), live(30, 90)).map((m) => m.merge)).toEqual(['unchanged', 'converged']);
  });

  it('leaves a share whose person a teammate unassigned as it is', () => {
    const withoutCy = taskFormValues({ ...assigned, assigneeIds: [ANA, BEN], allocations: { [ANA]: 50, [BEN]: 30 } });
    expect(mergeShares(opened, typed(30, 90), withoutCy)).toEqual([{ userId: BEN, index: 0, merge: 'unchanged', theirs: 30 }]);
  });

  it('a share taken from a teammate (followed, "Keep yours" or "Take theirs") becomes what Save says it started from: no 409 on every Save', () => {
    const now: EditableTask = { ...assigned, allocations: { [ANA]: 50, [BEN]: 35, [CY]: 70 } };
    // "Keep yours" on Cy: the person's 90 % is sent over the teammate's 70 %, which is its base now.
    const base = withShare(opened, CY, 70);
    expect(mergeShares(base, typed(30, 90), live(30, 70)).find((m) => m.userId === CY)?.merge).toBe('unchanged');
    expect(assignmentChanges({ allocation: false, otherAllocations: new Set([CY]), assigneeId: false }, typed(35, 90), base, now)).toEqual({
      assignments: [
        { userId: BEN, allocation: 35 },
        { userId: ANA, allocation: 50 },
        { userId: CY, allocation: 90 },
      ],
      base: [
        { userId: BEN, allocation: 35 },
        { userId: ANA, allocation: 50 },
        { userId: CY, allocation: 70 },
      ],
    });
    // The opened shares as the base would be the 409 the person could not get past.
    expect(assignmentChanges({ allocation: false, otherAllocations: new Set([CY]), assigneeId: false }, typed(35, 90), opened, now)?.base).toContainEqual({ userId: CY, allocation: 40 });
  });

  it("names who gave the share, by the task's history of allocations", () => {
    const entry = (first: string, newValue: string | null) => ({ fieldName: 'allocations', newValue, changedByUser: { firstName: first } }) as unknown as TaskHistoryEntry;
    const history = [entry('Bea', JSON.stringify({ [ANA]: 50, [CY]: 70 })), entry('Dan', JSON.stringify({ [BEN]: 35 }))];
    expect(shareChangedBy(history, CY, 70)).toBe('Bea');
    expect(shareChangedBy(history, BEN, 35)).toBe('Dan');
    // Not recorded is 100 %.
    expect(shareChangedBy(history, BEN, 100)).toBe('Bea');
    expect(shareChangedBy(history, CY, 55)).toBeNull();
  });
});

describe('[custom-values] the Fields section of Edit Task', () => {
  const fields = [
    { id: 'cost', type: 'number' as const },
    { id: 'notes', type: 'text' as const },
    { id: 'signed', type: 'checkbox' as const },
    { id: 'phase', type: 'choice' as const },
  ];
  const opened = customDraftOf(fields, { cost: 5, signed: true });

  it('opens with each value as its input holds it', () => {
    expect(opened).toEqual({ cost: '5', notes: '', signed: true, phase: '' });
  });

  it('sends only the fields changed, typed; an emptied or unchecked one as null', () => {
    expect(customChanges(fields, opened, opened)).toBeUndefined();
    expect(customChanges(fields, { ...opened, cost: '7.5', phase: 'Build' }, opened)).toEqual({ cost: 7.5, phase: 'Build' });
    expect(customChanges(fields, { ...opened, cost: ' ', signed: false }, opened)).toEqual({ cost: null, signed: null });
    // Not a number: sent as typed, for the server to say why.
    expect(customChanges(fields, { ...opened, cost: 'ten' }, opened)).toEqual({ cost: 'ten' });
  });
});

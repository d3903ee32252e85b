import { taskEditFormSchema, type TaskHistoryEntry } from '@planline/domain';
import { describe, expect, it } from 'vitest';
import { changedBy, taskBase, taskChanges, taskFormValues, type EditableTask } from './task-edit-values';

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

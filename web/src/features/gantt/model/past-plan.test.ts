import type { Task } from '@planline/domain';
import { describe, expect, it } from 'vitest';
import { makeTask } from '../../../../test/factories';
import { pastAsBaseline, plainDocumentOf } from './past-plan';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const task = (id: string, name: string, over: Partial<Task> = {}) => makeTask({ id, name, startDate: '2026-11-23', endDate: '2026-11-27', ...over });

describe('[time-travel] a past plan in the chart', () => {
  const past = [task(A, 'Design'), task(B, 'Build', { startDate: '2026-11-30', endDate: '2026-12-04', dependencies: [A], links: [{ dependsOnTaskId: A, type: 'SS', lagDays: 2 }] })];

  it('reads as the document would hold it: the task fields and the links by key', () => {
    const plain = plainDocumentOf(past);
    expect(plain.tasks[B]).toMatchObject({ name: 'Build', startDate: '2026-11-30', parentId: null, kind: 'task' });
    expect(plain.tasks[B]).not.toHaveProperty('createdAt');
    expect(plain.dependencies).toEqual({ [`${B}->${A}`]: { type: 'SS', lagDays: 2 } });
  });

  it('Compare with now draws its dates as a baseline named for the instant', () => {
    const shown = pastAsBaseline(past, 'as of 20 Nov 10:00');
    expect(shown.name).toBe('as of 20 Nov 10:00');
    expect(shown.tasks.get(B)).toEqual({ taskId: B, name: 'Build', startDate: '2026-11-30', endDate: '2026-12-04', progress: 0 });
  });
});

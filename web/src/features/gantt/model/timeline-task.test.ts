import { describe, expect, it } from 'vitest';
import { allocationOf, sameTimelineTask, toTimelineTask } from './timeline-task';

const ANA = '7d0c6f5e-64a8-4c5b-9a43-2f5f0c1d8e11';
const BEN = '2b1e4c3a-5d6f-4a7b-8c9d-0e1f2a3b4c5d';
const fields = { name: 'Pour', startDate: '2026-11-23', endDate: '2026-11-24', assigneeId: ANA };

describe('[allocation] a task of the chart reads its allocations from the document', () => {
  it('keeps whole percents from 1 to 200 and leaves anything else out', () => {
    const task = toTimelineTask('t', { ...fields, allocations: { [ANA]: 50, [BEN]: 0, x: 1.5, y: 'x', z: 100 } })!;
    expect(task.allocations).toEqual({ [ANA]: 50 });
    expect(allocationOf(task, ANA)).toBe(50);
    expect(allocationOf(task, BEN)).toBe(100);
    expect(toTimelineTask('t', fields)!.allocations).toEqual({});
    expect(toTimelineTask('t', { ...fields, allocations: [50] })!.allocations).toEqual({});
  });

  it('a task read again with equal allocations is the same task (no row redrawn); a changed share is not', () => {
    const a = toTimelineTask('t', { ...fields, allocations: { [ANA]: 50 } })!;
    expect(sameTimelineTask(a, toTimelineTask('t', { ...fields, allocations: { [ANA]: 50 } })!)).toBe(true);
    expect(sameTimelineTask(a, toTimelineTask('t', { ...fields, allocations: { [ANA]: 60 } })!)).toBe(false);
    expect(sameTimelineTask(a, toTimelineTask('t', fields)!)).toBe(false);
  });
});

describe('[custom-values] custom values of a task', () => {
  const COST = '00000000-0000-4000-8000-0000000000c1';
  const doc = { name: 'Hull', startDate: '2026-12-07', endDate: '2026-12-08' };

  it('reads the document’s values, {} when missing or of a shape the server will put back', () => {
    expect(toTimelineTask('t', { ...doc, custom: { [COST]: 12 } })!.custom).toEqual({ [COST]: 12 });
    expect(toTimelineTask('t', doc)!.custom).toEqual({});
    expect(toTimelineTask('t', { ...doc, custom: 'junk' })!.custom).toEqual({});
  });

  it('a change of a value is a change of the task', () => {
    const a = toTimelineTask('t', { ...doc, custom: { [COST]: 12 } })!;
    expect(sameTimelineTask(a, toTimelineTask('t', { ...doc, custom: { [COST]: 12 } })!)).toBe(true);
    expect(sameTimelineTask(a, toTimelineTask('t', { ...doc, custom: { [COST]: 13 } })!)).toBe(false);
  });
});

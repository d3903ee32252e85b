import { describe, expect, it } from 'vitest';
import { chartWorkloadParser, NO_OVER_ALLOCATION, overAllocatedRows, overAllocatedTasks, workloadRange } from './over-allocation';

const A = 'task-a';
const B = 'task-b';
const C = 'task-c';

describe('[workload-overload] which bars carry the over-allocation marker', () => {
  it('marks the tasks behind each overload, with the words of issue 36', () => {
    const marks = overAllocatedTasks({
      people: [
        { name: 'Ana Silva', overloads: [{ from: '2026-03-03', to: '2026-03-05', peakPercent: 150, taskIds: [A, B] }] },
        { name: 'Ben Ode', overloads: [] },
      ],
    });
    expect([...marks.keys()].sort()).toEqual([A, B]);
    expect(marks.get(A)).toBe('Ana Silva is at 150% on 3-5 Mar');
    expect(marks.has(C)).toBe(false);
  });

  it('a task behind two overloads (two people, or one person twice) lists each once, in order', () => {
    const marks = overAllocatedTasks({
      people: [
        {
          name: 'Ana',
          overloads: [
            { from: '2026-03-03', to: '2026-03-03', peakPercent: 120, taskIds: [A, A] },
            { from: '2026-03-30', to: '2026-04-02', peakPercent: 200, taskIds: [A] },
          ],
        },
        { name: 'Ben', overloads: [{ from: '2026-03-03', to: '2026-03-04', peakPercent: 110, taskIds: [A, C] }] },
      ],
    });
    expect(marks.get(A)).toBe('Ana is at 120% on 3 Mar\nAna is at 200% on 30 Mar-2 Apr\nBen is at 110% on 3-4 Mar');
    expect(marks.get(C)).toBe('Ben is at 110% on 3-4 Mar');
  });

  it('tasks of projects the viewer cannot open (no id) mark nothing; no workload marks nothing', () => {
    expect(overAllocatedTasks({ people: [{ name: 'Ana', overloads: [{ from: '2026-03-03', to: '2026-03-03', peakPercent: 150, taskIds: [null] }] }] })).toBe(
      NO_OVER_ALLOCATION,
    );
    expect(overAllocatedTasks(undefined)).toBe(NO_OVER_ALLOCATION);
    expect(overAllocatedTasks({ people: [] }).size).toBe(0);
  });

  it('Over-allocated only keeps the marked rows in row order', () => {
    const marks = overAllocatedTasks({ people: [{ name: 'Ana', overloads: [{ from: '2026-03-03', to: '2026-03-03', peakPercent: 150, taskIds: [C, A] }] }] });
    expect(overAllocatedRows([A, B, C], marks)).toEqual([A, C]);
    expect(overAllocatedRows([A, B, C], NO_OVER_ALLOCATION)).toEqual([]);
  });
});

describe('[workload-overload] the workload answer and the range asked for', () => {
  it('reads the people and their overloads and refuses an answer of another shape', () => {
    const answer = {
      teamId: 't',
      people: [{ userId: 'u', name: 'Ana', buckets: [], overloads: [{ from: '2026-03-03', to: '2026-03-03', peakPercent: 150, taskIds: [A, null] }] }],
    };
    expect(chartWorkloadParser.parse(answer)).toEqual({ people: [{ name: 'Ana', overloads: answer.people[0]!.overloads }] });
    expect(() => chartWorkloadParser.parse({})).toThrow('no people');
    expect(() => chartWorkloadParser.parse({ people: [{ name: 'Ana', overloads: [{ from: '2026-03-03' }] }] })).toThrow('not as expected');
  });

  it("spans the project's tasks, at most two years from the first day (the API's limit)", () => {
    expect(workloadRange([])).toBeNull();
    expect(
      workloadRange([
        { startDate: '2026-03-10', endDate: '2026-03-12' },
        { startDate: '2026-03-02', endDate: '2026-03-05' },
        { startDate: '2026-04-01', endDate: '2026-04-30' },
      ]),
    ).toEqual({ from: '2026-03-02', to: '2026-04-30' });
    expect(workloadRange([{ startDate: '2026-03-01', endDate: '2029-01-01' }])).toEqual({ from: '2026-03-01', to: '2028-02-29' });
    expect(workloadRange([{ startDate: '2028-02-29', endDate: '2031-01-01' }])).toEqual({ from: '2028-02-29', to: '2030-02-27' });
  });
});

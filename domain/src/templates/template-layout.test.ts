import { describe, expect, it } from 'vitest';
import { calendarOf } from '../scheduling/scheduling.fixtures.js';
import { cascadeSchedule } from '../scheduling/cascade.js';
import type { TemplateTask } from '../schemas/template.js';
import { BUILT_IN_TEMPLATES } from './built-in-templates.js';
import { layoutTemplate, templateFromPlan, templateProblem, type PlanTaskForTemplate } from './template-layout.js';

// 2026-11-23 is a Monday; 2026-11-28/29 a weekend.
const cal = calendarOf();

const t = (key: string, days: number | null, extra: Partial<TemplateTask> = {}): TemplateTask => ({
  key,
  name: key,
  description: null,
  kind: days === null ? 'phase' : days === 0 ? 'milestone' : 'task',
  parentKey: null,
  durationDays: days,
  priority: 'medium',
  links: [],
  ...extra,
});
const after = (dependsOn: string, type: 'FS' | 'SS' | 'FF' | 'SF' = 'FS', lagDays = 0) => ({ dependsOn, type, lagDays });

function laidOut(tasks: TemplateTask[], start: string, calendar = cal) {
  const result = layoutTemplate(tasks, start, calendar);
  if (!result.ok) throw new Error(`cycle ${result.cycle.join(' → ')}`);
  return Object.fromEntries(result.tasks.map((x) => [x.key, [x.startDate, x.endDate]]));
}

describe('layoutTemplate', () => {
  it('[template-layout] a task without links starts on the first working day on or after the start date', () => {
    expect(laidOut([t('a', 3)], '2026-11-28')).toEqual({ a: ['2026-11-30', '2026-12-02'] });
    expect(laidOut([t('a', 3)], '2026-11-26')).toEqual({ a: ['2026-11-26', '2026-11-30'] });
  });

  it('[template-layout] each link type with lags and leads, over weekends and holidays', () => {
    const calendar = calendarOf({ holidays: ['2026-12-01'] });
    const tasks = [
      t('a', 2),
      t('fs', 2, { links: [after('a')] }),
      t('fsLag', 1, { links: [after('a', 'FS', 2)] }),
      t('ss', 3, { links: [after('a', 'SS', 1)] }),
      t('ff', 4, { links: [after('fs', 'FF')] }),
      t('sf', 1, { links: [after('fs', 'SF')] }),
      t('lead', 2, { links: [after('fs', 'FS', -1)] }),
    ];
    expect(laidOut(tasks, '2026-11-26', calendar)).toEqual({
      a: ['2026-11-26', '2026-11-27'],
      fs: ['2026-11-30', '2026-12-02'], // Monday, then Tuesday is a holiday
      fsLag: ['2026-12-03', '2026-12-03'],
      ss: ['2026-11-27', '2026-12-02'],
      ff: ['2026-11-26', '2026-12-02'], // ends with fs, so starts four working days earlier
      sf: ['2026-11-27', '2026-11-27'], // finishes the working day before fs starts
      lead: ['2026-12-02', '2026-12-03'],
    });
  });

  it('[template-layout] a lead never reaches before the project start', () => {
    expect(laidOut([t('a', 1), t('b', 2, { links: [after('a', 'FS', -5)] })], '2026-11-23')).toEqual({
      a: ['2026-11-23', '2026-11-23'],
      b: ['2026-11-23', '2026-11-24'],
    });
  });

  it('[template-layout] a milestone lands on the day of what it is tied to; a task after it starts the next day', () => {
    const tasks = [t('a', 3), t('m', 0, { links: [after('a')] }), t('b', 1, { links: [after('m')] })];
    expect(laidOut(tasks, '2026-11-25')).toEqual({ a: ['2026-11-25', '2026-11-27'], m: ['2026-11-27', '2026-11-27'], b: ['2026-11-30', '2026-11-30'] });
  });

  it('[template-layout] nested phases span their subtasks; an empty phase is laid out as a one-day task', () => {
    const tasks = [
      t('p', null),
      t('q', null, { parentKey: 'p' }),
      t('a', 2, { parentKey: 'q' }),
      t('b', 3, { parentKey: 'p', links: [after('a')] }),
      t('c', 1, { parentKey: 'q', links: [after('b')] }),
      t('empty', null),
    ];
    const result = layoutTemplate(tasks, '2026-11-23', cal);
    expect(result.ok && result.tasks).toEqual([
      { key: 'p', startDate: '2026-11-23', endDate: '2026-11-30', kind: 'task', parentKey: null },
      { key: 'q', startDate: '2026-11-23', endDate: '2026-11-30', kind: 'task', parentKey: 'p' },
      { key: 'a', startDate: '2026-11-23', endDate: '2026-11-24', kind: 'task', parentKey: 'q' },
      { key: 'b', startDate: '2026-11-25', endDate: '2026-11-27', kind: 'task', parentKey: 'p' },
      { key: 'c', startDate: '2026-11-30', endDate: '2026-11-30', kind: 'task', parentKey: 'q' },
      { key: 'empty', startDate: '2026-11-23', endDate: '2026-11-23', kind: 'task', parentKey: null },
    ]);
  });

  it('[template-layout] a cycle is reported, not followed', () => {
    const result = layoutTemplate([t('a', 1, { links: [after('b')] }), t('b', 1, { links: [after('a')] })], '2026-11-23', cal);
    expect(result).toEqual({ ok: false, reason: 'cycle', cycle: expect.arrayContaining(['a', 'b']) });
  });

  it('[template-layout] the layout breaks no link: the cascade moves nothing', () => {
    for (const template of BUILT_IN_TEMPLATES) {
      const result = layoutTemplate(template.tasks, '2026-12-24', calendarOf({ holidays: ['2026-12-25', '2027-01-01'] }));
      if (!result.ok) throw new Error('cycle');
      const tasks = result.tasks.map((x) => ({ id: x.key, name: x.key, startDate: x.startDate, endDate: x.endDate, kind: x.kind, parentId: x.parentKey }));
      const links = template.tasks.flatMap((x) => x.links.map((l) => ({ taskId: x.key, dependsOnTaskId: l.dependsOn, type: l.type, lagDays: l.lagDays })));
      const cascade = cascadeSchedule(tasks, links, calendarOf({ holidays: ['2026-12-25', '2027-01-01'] }), tasks.map((x) => x.id));
      expect(cascade.ok && cascade.moves).toEqual([]);
    }
  });
});

describe('templateFromPlan', () => {
  const task = (id: string, startDate: string, endDate: string, extra: Partial<PlanTaskForTemplate> = {}): PlanTaskForTemplate => ({
    id,
    name: `Task ${id}`,
    description: null,
    startDate,
    endDate,
    kind: 'task',
    parentId: null,
    priority: 'medium',
    order: 0,
    ...extra,
  });

  it('[save-as-template] summaries become phases, durations in working days, links with type and lag, outline order', () => {
    const calendar = calendarOf({ holidays: ['2026-11-26'] });
    const plan = [
      task('x', '2026-11-30', '2026-11-30', { kind: 'milestone', order: 2, priority: 'high' }),
      task('child', '2026-11-23', '2026-11-27', { parentId: 'phase', order: 0, description: 'Do it' }),
      task('phase', '2026-11-23', '2026-11-27', { order: 1 }),
      task('first', '2026-11-20', '2026-11-20', { order: 0 }),
    ];
    const template = templateFromPlan(plan, [{ taskId: 'x', dependsOnTaskId: 'child', type: 'SS', lagDays: -2 }, { taskId: 'x', dependsOnTaskId: 'gone', type: 'FS', lagDays: 0 }], calendar);
    expect(template).toEqual([
      { key: 't1', name: 'Task first', description: null, kind: 'task', parentKey: null, durationDays: 1, priority: 'medium', links: [] },
      { key: 't2', name: 'Task phase', description: null, kind: 'phase', parentKey: null, durationDays: null, priority: 'medium', links: [] },
      { key: 't3', name: 'Task child', description: 'Do it', kind: 'task', parentKey: 't2', durationDays: 4, priority: 'medium', links: [] },
      { key: 't4', name: 'Task x', description: null, kind: 'milestone', parentKey: null, durationDays: 0, priority: 'high', links: [{ dependsOn: 't3', type: 'SS', lagDays: -2 }] },
    ]);
    expect(templateProblem(template)).toBeNull();
  });

  it('[save-as-template] laid out again on the same calendar, a tight plan comes back with the same dates', () => {
    const plan = [
      task('a', '2026-11-23', '2026-11-25', { order: 0 }),
      task('b', '2026-11-26', '2026-12-01', { order: 1 }),
      task('m', '2026-12-01', '2026-12-01', { order: 2, kind: 'milestone' }),
    ];
    const links = [
      { taskId: 'b', dependsOnTaskId: 'a', type: 'FS' as const, lagDays: 0 },
      { taskId: 'm', dependsOnTaskId: 'b', type: 'FF' as const, lagDays: 0 },
    ];
    const laid = layoutTemplate(templateFromPlan(plan, links, cal), '2026-11-23', cal);
    expect(laid.ok && laid.tasks.map((x) => [x.startDate, x.endDate])).toEqual(plan.map((p) => [p.startDate, p.endDate]));
  });
});

describe('built-in templates', () => {
  it('[built-in-templates] four realistic templates of 10 to 25 tasks, with phases, links and milestones, well formed', () => {
    expect(BUILT_IN_TEMPLATES.map((x) => x.name)).toEqual(['Software release', 'Website launch', 'Event', 'Marketing campaign']);
    for (const template of BUILT_IN_TEMPLATES) {
      expect(template.tasks.length).toBeGreaterThanOrEqual(10);
      expect(template.tasks.length).toBeLessThanOrEqual(25);
      expect(template.tasks.some((x) => x.kind === 'phase')).toBe(true);
      expect(template.tasks.some((x) => x.kind === 'milestone')).toBe(true);
      expect(template.tasks.some((x) => x.links.some((l) => l.type !== 'FS' || l.lagDays !== 0))).toBe(true);
      expect(templateProblem(template.tasks)).toBeNull();
      expect(layoutTemplate(template.tasks, '2026-11-23', cal).ok).toBe(true);
    }
    expect(new Set(BUILT_IN_TEMPLATES.map((x) => x.id)).size).toBe(4);
  });

  it('[built-in-templates] templateProblem names what is wrong', () => {
    expect(templateProblem([t('a', 1), t('a', 2)])).toBe('Two tasks share the key a');
    expect(templateProblem([t('a', 1, { parentKey: 'zz' })])).toBe('«a» belongs to a phase that is not in the template');
    expect(templateProblem([t('a', 1, { links: [after('a')] })])).toBe('«a» depends on itself');
    expect(templateProblem([t('a', null, { parentKey: 'b' }), t('b', null, { parentKey: 'a' })])).toBe('«a» is inside itself');
  });
});

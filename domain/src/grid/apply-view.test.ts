import { describe, expect, it } from 'vitest';
import { calendarOf } from '../scheduling/scheduling.fixtures.js';
import { DEFAULT_WORK_CALENDAR } from '../scheduling/work-calendar.js';
import { applyGridView, type GridContext, type GridRow, type GridTask } from './apply-view.js';
import { defaultGridView, type GridFilter, type GridView } from './view.js';

const ANNA = 'a0000000-0000-4000-8000-000000000001';
const EMILE = 'a0000000-0000-4000-8000-000000000002';
const ZOE = 'a0000000-0000-4000-8000-000000000003';
const people = new Map([
  [ANNA, 'anna Berg'],
  [EMILE, 'Émile Roux'],
  [ZOE, 'Zoë Adams'],
]);

const task = (id: string, extra: Partial<GridTask> = {}): GridTask => ({
  id,
  name: id,
  startDate: '2026-12-01',
  endDate: '2026-12-03',
  status: 'pending',
  priority: 'medium',
  progress: 0,
  assigneeId: null,
  assigneeIds: [],
  parentId: null,
  ...extra,
});

/**
 * Rows: 1 Design phase (summary), 2 Task 10, 3 Task 9, 4 Build phase (summary), 5 Walls (summary), 6 Pour,
 * 7 Éclairage, 8 Handover (top level, no phase), 9 Go-live (milestone).
 */
const plan: GridTask[] = [
  task('design', { name: 'Design phase', startDate: '2026-11-30', endDate: '2026-12-10' }),
  task('t10', { name: 'Task 10', parentId: 'design', assigneeId: ZOE, assigneeIds: [ZOE], status: 'in_progress', priority: 'high', progress: 50, startDate: '2026-11-30', endDate: '2026-12-04' }),
  task('t9', { name: 'Task 9', parentId: 'design', assigneeId: ANNA, assigneeIds: [ANNA, EMILE], priority: 'low', startDate: '2026-12-07', endDate: '2026-12-10', links: [{ dependsOnTaskId: 't10' }] }),
  task('build', { name: 'Build phase', startDate: '2026-12-11', endDate: '2026-12-22' }),
  task('walls', { name: 'Walls', parentId: 'build', startDate: '2026-12-11', endDate: '2026-12-22' }),
  task('pour', { name: 'Pour', parentId: 'walls', assigneeId: EMILE, assigneeIds: [EMILE], status: 'blocked', priority: 'critical', startDate: '2026-12-11', endDate: '2026-12-15', links: [{ dependsOnTaskId: 't9' }] }),
  task('eclairage', { name: 'Éclairage', parentId: 'build', status: 'completed', progress: 100, startDate: '2026-12-16', endDate: '2026-12-22', links: [{ dependsOnTaskId: 'pour' }, { dependsOnTaskId: 't10' }] }),
  task('handover', { name: 'Handover', assigneeId: ANNA, assigneeIds: [ANNA], priority: 'high', startDate: '2026-12-23', endDate: '2026-12-24' }),
  task('golive', { name: 'Go-live', kind: 'milestone', startDate: '2026-12-24', endDate: '2026-12-24' }),
];

const context: GridContext = {
  calendar: DEFAULT_WORK_CALENDAR,
  personName: (id) => people.get(id),
  criticalTaskIds: new Set(['t10', 't9', 'pour', 'golive']),
  baselineEnds: new Map([
    ['t10', '2026-12-04'],
    ['t9', '2026-12-08'],
    ['pour', '2026-12-16'],
    // Ended on a Friday in the baseline; now on the weekend after: later by date, not by a working day.
    ['handover', '2026-12-24'],
  ]),
  locale: 'en',
};

const view = (part: Partial<Omit<GridView, 'filter'>> & { filter?: Partial<GridFilter> } = {}): GridView => {
  const base = defaultGridView();
  return { ...base, ...part, filter: { ...base.filter, ...part.filter } };
};

/** Rows as text: "name" (indented by depth, "(name)" for a context row) or "# label (count)". */
const show = (rows: readonly GridRow[], tasks = plan) =>
  rows.map((r) => {
    if (r.type === 'group') return `# ${r.label} (${r.count})`;
    const name = tasks.find((t) => t.id === r.id)!.name;
    return `${'  '.repeat(r.depth)}${r.context ? `(${name})` : name}`;
  });
const rowsOf = (v: GridView, tasks = plan, ctx = context) => show(applyGridView(tasks, v, ctx).rows, tasks);

describe('[grid-rows] outline, no filter', () => {
  it('keeps the outline order and numbers rows by it', () => {
    const result = applyGridView(plan, view(), context);
    expect(show(result.rows)).toEqual(['Design phase', '  Task 10', '  Task 9', 'Build phase', '  Walls', '    Pour', '  Éclairage', 'Handover', 'Go-live']);
    expect([...result.rowNumbers.entries()]).toEqual(plan.map((t, i) => [t.id, i + 1]));
    expect(result.matched).toBe(9);
  });

  it('numbers rows by the outline even when tasks come in another order', () => {
    const shuffled = [plan[5]!, plan[0]!, plan[8]!, plan[2]!, plan[4]!, plan[1]!, plan[3]!, plan[6]!, plan[7]!];
    const result = applyGridView(shuffled, view(), context);
    expect(result.rowNumbers.get('design')).toBe(1);
    expect(result.rowNumbers.get('pour')).toBe(result.rowNumbers.get('walls')! + 1);
  });
});

describe('[grid-rows] filtering', () => {
  it('by status, keeping the summaries above a match as context', () => {
    expect(rowsOf(view({ filter: { status: ['blocked'] } }))).toEqual(['(Build phase)', '  (Walls)', '    Pour']);
  });

  it('by any assignee, and by nobody', () => {
    expect(rowsOf(view({ filter: { assigneeIds: [EMILE] } }))).toEqual(['(Design phase)', '  Task 9', '(Build phase)', '  (Walls)', '    Pour']);
    expect(rowsOf(view({ filter: { assigneeIds: ['none'], status: ['completed'] } }))).toEqual(['(Build phase)', '  Éclairage']);
  });

  it('by priority, the critical path and lateness against the baseline', () => {
    expect(rowsOf(view({ filter: { priority: ['high'] } }))).toEqual(['(Design phase)', '  Task 10', 'Handover']);
    expect(rowsOf(view({ filter: { critical: true } }))).toEqual(['(Design phase)', '  Task 10', '  Task 9', '(Build phase)', '  (Walls)', '    Pour', 'Go-live']);
    // Task 9 ends two working days after its baseline; Pour one earlier; Handover on the baseline's day.
    expect(rowsOf(view({ filter: { lateAgainstBaseline: true } }))).toEqual(['(Design phase)', '  Task 9']);
    expect(rowsOf(view({ filter: { lateAgainstBaseline: true } }), plan, { ...context, baselineEnds: undefined })).toEqual([]);
    expect(rowsOf(view({ filter: { critical: true } }), plan, { ...context, criticalTaskIds: undefined })).toEqual([]);
  });

  it('by a date range, keeping tasks that overlap it (both ends included)', () => {
    expect(rowsOf(view({ filter: { from: '2026-12-22', to: '2026-12-23' } }))).toEqual(['Build phase', '  Walls', '  Éclairage', 'Handover']);
    expect(rowsOf(view({ filter: { from: '2026-12-24' } }))).toEqual(['Handover', 'Go-live']);
    expect(rowsOf(view({ filter: { to: '2026-11-30' } }))).toEqual(['Design phase', '  Task 10']);
  });

  it('by text in the name or an assignee’s name, without case or accents, every word', () => {
    expect(rowsOf(view({ filter: { text: 'ECLAIR' } }))).toEqual(['(Build phase)', '  Éclairage']);
    expect(rowsOf(view({ filter: { text: 'emile' } }))).toEqual(['(Design phase)', '  Task 9', '(Build phase)', '  (Walls)', '    Pour']);
    expect(rowsOf(view({ filter: { text: 'task  zoë' } }))).toEqual(['(Design phase)', '  Task 10']);
    expect(rowsOf(view({ filter: { text: 'nothing like it' } }))).toEqual([]);
  });

  it('by custom field values, equal (text without case or accents); tasks without the value are left out', () => {
    const RISK = 'f0000000-0000-4000-8000-000000000002';
    const SIZE = 'f0000000-0000-4000-8000-000000000001';
    const values: Record<string, Record<string, string | number | boolean>> = { t10: { [RISK]: 'Élevé', [SIZE]: 3 }, pour: { [RISK]: 'élevé', [SIZE]: 5 }, handover: { [RISK]: 'Low' } };
    const tasks = plan.map((t) => ({ ...t, custom: values[t.id] }));
    expect(rowsOf(view({ filter: { custom: { [RISK]: 'ELEVE' } } }), tasks)).toEqual(['(Design phase)', '  Task 10', '(Build phase)', '  (Walls)', '    Pour']);
    expect(rowsOf(view({ filter: { custom: { [RISK]: 'eleve', [SIZE]: 5 } } }), tasks)).toEqual(['(Build phase)', '  (Walls)', '    Pour']);
    expect(rowsOf(view({ filter: { custom: { [SIZE]: '5' } } }), tasks)).toEqual([]);
  });

  it('combines filters: every one must hold', () => {
    expect(rowsOf(view({ filter: { critical: true, priority: ['low', 'critical'], text: 'pour' } }))).toEqual(['(Build phase)', '  (Walls)', '    Pour']);
  });
});

describe('[grid-rows] sorting', () => {
  it('sorts siblings under their summary when not grouping, names naturally and by locale', () => {
    expect(rowsOf(view({ sort: [{ column: 'name', direction: 'asc' }] }))).toEqual([
      'Build phase',
      '  Éclairage',
      '  Walls',
      '    Pour',
      'Design phase',
      '  Task 9',
      '  Task 10',
      'Go-live',
      'Handover',
    ]);
  });

  it('puts empty values last in either direction', () => {
    const leaves = plan.filter((t) => ['t10', 't9', 'pour', 'eclairage', 'handover', 'golive'].includes(t.id)).map((t) => ({ ...t, parentId: null }));
    const byAssignee = (direction: 'asc' | 'desc') => rowsOf(view({ sort: [{ column: 'assignee', direction }] }), leaves);
    // Primary assignees: anna (Task 9, Handover), Émile (Pour), Zoë (Task 10); nobody for Éclairage and Go-live.
    expect(byAssignee('asc')).toEqual(['Task 9', 'Handover', 'Pour', 'Task 10', 'Éclairage', 'Go-live']);
    expect(byAssignee('desc')).toEqual(['Task 10', 'Pour', 'Task 9', 'Handover', 'Éclairage', 'Go-live']);
    const byPredecessor = rowsOf(view({ sort: [{ column: 'predecessors', direction: 'desc' }] }), leaves);
    // By the first predecessor's row: Pour 3 (Task 9); Task 9 and Éclairage 2 (Task 10), tied in outline order.
    expect(byPredecessor).toEqual(['Pour', 'Task 9', 'Éclairage', 'Task 10', 'Handover', 'Go-live']);
  });

  it('sorts by every column, with later levels breaking ties, stable on the rest', () => {
    const leaves = plan.filter((t) => !['design', 'build', 'walls'].includes(t.id)).map((t) => ({ ...t, parentId: null }));
    const by = (column: GridView['sort'][number]['column'], direction: 'asc' | 'desc' = 'asc') => rowsOf(view({ sort: [{ column, direction }] }), leaves);
    expect(by('start')).toEqual(['Task 10', 'Task 9', 'Pour', 'Éclairage', 'Handover', 'Go-live']);
    expect(by('finish', 'desc')).toEqual(['Handover', 'Go-live', 'Éclairage', 'Pour', 'Task 9', 'Task 10']);
    // Working days: Task 10 5, Task 9 4, Pour 3, Éclairage 5, Handover 2, Go-live 0.
    expect(by('duration')).toEqual(['Go-live', 'Handover', 'Pour', 'Task 9', 'Task 10', 'Éclairage']);
    expect(by('status')).toEqual(['Task 9', 'Handover', 'Go-live', 'Task 10', 'Éclairage', 'Pour']);
    expect(by('priority', 'desc')).toEqual(['Pour', 'Task 10', 'Handover', 'Éclairage', 'Go-live', 'Task 9']);
    expect(by('progress', 'desc')).toEqual(['Éclairage', 'Task 10', 'Task 9', 'Pour', 'Handover', 'Go-live']);
    const twoLevels = rowsOf(view({ sort: [{ column: 'priority', direction: 'desc' }, { column: 'name', direction: 'desc' }] }), leaves);
    expect(twoLevels).toEqual(['Pour', 'Task 10', 'Handover', 'Go-live', 'Éclairage', 'Task 9']);
  });
});

describe('[grid-rows] sorting by WBS, slack, variance and custom fields', () => {
  const leaves = plan.filter((t) => !['design', 'build', 'walls'].includes(t.id)).map((t) => ({ ...t, parentId: null }));
  const by = (column: GridView['sort'][number]['column'], direction: 'asc' | 'desc' = 'asc', tasks: GridTask[] = leaves, ctx: GridContext = context) =>
    rowsOf(view({ sort: [{ column, direction }] }), tasks, ctx);

  it('by WBS: the outline order, reversed among siblings when descending', () => {
    expect(by('wbs', 'asc', plan)).toEqual(rowsOf(view()));
    expect(by('wbs', 'desc', plan)).toEqual(['Go-live', 'Handover', 'Build phase', '  Éclairage', '  Walls', '    Pour', 'Design phase', '  Task 9', '  Task 10']);
  });

  it('by total slack from the critical path computation, tasks without slack last', () => {
    const slackDays = new Map([
      ['t10', 0],
      ['t9', 2],
      ['pour', 0],
      ['eclairage', 5],
      ['handover', 1],
    ]);
    expect(by('slack', 'asc', leaves, { ...context, slackDays })).toEqual(['Task 10', 'Pour', 'Handover', 'Task 9', 'Éclairage', 'Go-live']);
    expect(by('slack', 'desc', leaves, { ...context, slackDays })).toEqual(['Éclairage', 'Task 9', 'Handover', 'Task 10', 'Pour', 'Go-live']);
    expect(by('slack', 'asc', leaves)).toEqual(rowsOf(view(), leaves));
  });

  it('by variance against the baseline compared with: earliest first, tasks the baseline lacks last', () => {
    // Working days late: Pour -1, Task 10 0, Handover 0, Task 9 +2; Éclairage and Go-live are not in the baseline.
    expect(by('variance')).toEqual(['Pour', 'Task 10', 'Handover', 'Task 9', 'Éclairage', 'Go-live']);
    expect(by('variance', 'desc')).toEqual(['Task 9', 'Task 10', 'Handover', 'Pour', 'Éclairage', 'Go-live']);
  });

  it('by a custom field, as its type orders values; a value of another type or a field that is gone is empty', () => {
    const NUM = 'f0000000-0000-4000-8000-000000000001';
    const RISK = 'f0000000-0000-4000-8000-000000000002';
    const NOTE = 'f0000000-0000-4000-8000-000000000003';
    const DONE = 'f0000000-0000-4000-8000-000000000004';
    const DUE = 'f0000000-0000-4000-8000-000000000005';
    const fields = [
      { id: NUM, type: 'number' as const, options: [] },
      { id: RISK, type: 'choice' as const, options: ['Low', 'High'] },
      { id: NOTE, type: 'text' as const, options: [] },
      { id: DONE, type: 'checkbox' as const, options: [] },
      { id: DUE, type: 'date' as const, options: [] },
    ];
    const values: Record<string, Record<string, string | number | boolean>> = {
      t10: { [NUM]: 10, [RISK]: 'High', [NOTE]: 'item 10', [DONE]: true, [DUE]: '2026-12-20' },
      t9: { [NUM]: 9, [RISK]: 'Low', [NOTE]: 'Item 9', [DONE]: false, [DUE]: '2026-12-02' },
      pour: { [NUM]: -2.5, [RISK]: 'Gone option', [NOTE]: 'éclat', [DONE]: true },
      handover: { [NUM]: 'not a number', [NOTE]: '' },
    };
    const tasks = leaves.map((t) => ({ ...t, custom: values[t.id] }));
    const ctx = { ...context, fields };
    expect(by(`cf:${NUM}`, 'asc', tasks, ctx)).toEqual(['Pour', 'Task 9', 'Task 10', 'Éclairage', 'Handover', 'Go-live']);
    // Options in their order; a value no longer among them after the listed ones.
    expect(by(`cf:${RISK}`, 'asc', tasks, ctx)).toEqual(['Task 9', 'Task 10', 'Pour', 'Éclairage', 'Handover', 'Go-live']);
    // Text by the collator (numbers naturally, no case or accents); an empty text is empty.
    expect(by(`cf:${NOTE}`, 'asc', tasks, ctx)).toEqual(['Pour', 'Task 9', 'Task 10', 'Éclairage', 'Handover', 'Go-live']);
    expect(by(`cf:${DONE}`, 'desc', tasks, ctx)).toEqual(['Task 10', 'Pour', 'Task 9', 'Éclairage', 'Handover', 'Go-live']);
    expect(by(`cf:${DUE}`, 'desc', tasks, ctx)).toEqual(['Task 10', 'Task 9', 'Pour', 'Éclairage', 'Handover', 'Go-live']);
    expect(by(`cf:${NUM}`, 'desc', tasks, { ...context, fields: [] })).toEqual(rowsOf(view(), tasks));
  });
});

describe('[grid-rows] grouping', () => {
  it('by assignee: tasks without subtasks under their primary assignee, by name, nobody last', () => {
    expect(rowsOf(view({ groupBy: 'assignee' }))).toEqual([
      '# anna Berg (2)',
      'Task 9',
      'Handover',
      '# Émile Roux (1)',
      'Pour',
      '# Zoë Adams (1)',
      'Task 10',
      '# Unassigned (2)',
      'Éclairage',
      'Go-live',
    ]);
  });

  it('by status in the domain’s order, by priority most urgent first, omitting empty groups', () => {
    expect(rowsOf(view({ groupBy: 'status' }))).toEqual([
      '# Pending (3)',
      'Task 9',
      'Handover',
      'Go-live',
      '# In progress (1)',
      'Task 10',
      '# Completed (1)',
      'Éclairage',
      '# Blocked (1)',
      'Pour',
    ]);
    expect(rowsOf(view({ groupBy: 'priority', filter: { priority: ['critical', 'low'] } }))).toEqual(['# Critical (1)', 'Pour', '# Low (1)', 'Task 9']);
  });

  it('by phase: the top-level summary, in outline order, tasks outside any phase last', () => {
    expect(rowsOf(view({ groupBy: 'phase' }))).toEqual([
      '# Design phase (2)',
      'Task 10',
      'Task 9',
      '# Build phase (2)',
      'Pour',
      'Éclairage',
      '# No phase (2)',
      'Handover',
      'Go-live',
    ]);
  });

  it('sorts within each group and applies the filter first', () => {
    const result = applyGridView(plan, view({ groupBy: 'phase', sort: [{ column: 'name', direction: 'desc' }], filter: { text: 'a' } }), context);
    // Pour (Émile Roux) and Go-live have no "a"; summaries are not listed when grouping.
    expect(show(result.rows)).toEqual(['# Design phase (2)', 'Task 10', 'Task 9', '# Build phase (1)', 'Éclairage', '# No phase (1)', 'Handover']);
    expect(result.matched).toBe(4);
  });
});

it('[grid-rows] counts working days on the project calendar when sorting by duration', () => {
  // With Wed 2 Dec a holiday, Task 10 (Mon-Fri) lasts 4 working days, as long as Task 9.
  const holiday = calendarOf({ holidays: ['2026-12-02'] });
  const two = [plan[1]!, plan[2]!].map((t) => ({ ...t, parentId: null }));
  expect(rowsOf(view({ sort: [{ column: 'duration', direction: 'asc' }] }), two, { ...context, calendar: holiday })).toEqual(['Task 10', 'Task 9']);
  expect(rowsOf(view({ sort: [{ column: 'duration', direction: 'desc' }] }), two, { ...context, calendar: holiday })).toEqual(['Task 10', 'Task 9']);
  expect(rowsOf(view({ sort: [{ column: 'duration', direction: 'desc' }] }), two)).toEqual(['Task 10', 'Task 9']);
  expect(rowsOf(view({ sort: [{ column: 'duration', direction: 'asc' }] }), two)).toEqual(['Task 9', 'Task 10']);
});

it('[grid-rows] sorts a list renamed in place by the new names (the ranking of names kept per list is refreshed)', () => {
  const tasks = [task('x', { name: 'Bravo' }), task('y', { name: 'Alpha' }), task('z', { name: 'Charlie' })];
  const byName = view({ sort: [{ column: 'name', direction: 'asc' }] });
  expect(rowsOf(byName, tasks)).toEqual(['Alpha', 'Bravo', 'Charlie']);
  tasks[2]!.name = 'Aardvark';
  expect(rowsOf(byName, tasks)).toEqual(['Aardvark', 'Alpha', 'Bravo']);
  // Names known later than ids: the assignee sort follows the names.
  const assigned = [task('p', { assigneeId: ZOE, assigneeIds: [ZOE] }), task('q', { assigneeId: ANNA, assigneeIds: [ANNA] })];
  const byAssignee = view({ sort: [{ column: 'assignee', direction: 'asc' }] });
  expect(rowsOf(byAssignee, assigned, { ...context, personName: () => undefined })).toEqual(['q', 'p']);
  expect(rowsOf(byAssignee, assigned, { ...context, personName: (id) => (id === ZOE ? 'Aaron' : 'Zed') })).toEqual(['p', 'q']);
});

it('[grid-rows] lays out a list changed in place again (the outline kept per list is checked)', () => {
  const tasks = [task('p', { name: 'Phase' }), task('c', { name: 'Child', parentId: 'p' }), task('o', { name: 'Other' })];
  expect(rowsOf(view(), tasks)).toEqual(['Phase', '  Child', 'Other']);
  tasks[1]!.parentId = 'o';
  expect(rowsOf(view(), tasks)).toEqual(['Phase', 'Other', '  Child']);
  tasks.push(task('n', { name: 'New', parentId: 'p' }));
  expect(rowsOf(view(), tasks)).toEqual(['Phase', '  New', 'Other', '  Child']);
});

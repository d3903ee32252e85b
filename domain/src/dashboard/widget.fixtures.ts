import type { TeamMember } from '../schemas/membership.js';
import type { WeeklyReport } from '../schemas/report.js';
import type { Task } from '../schemas/task.js';

/** Objects shaped like the API's answers, for the widget rule tests. */

let sequence = 0;
const uuid = () => crypto.randomUUID();

export function makeTask(values: Partial<Task> = {}): Task {
  const n = ++sequence;
  return {
    id: uuid(),
    projectId: uuid(),
    name: `Task ${n}`,
    description: null,
    startDate: '2026-03-02',
    endDate: '2026-03-06',
    status: 'pending',
    priority: 'medium',
    progress: 0,
    color: '#3b82f6',
    assigneeId: null,
    assignee: null,
    assignedTo: null,
    assigneeIds: [],
    allocations: {},
    custom: {},
    order: n,
    kind: 'task',
    parentId: null,
    dependencies: [],
    links: [],
    createdAt: '2026-03-01T09:00:00.000Z',
    updatedAt: '2026-03-01T09:00:00.000Z',
    ...values,
  };
}

export const makeTasks = (count: number, values: (i: number) => Partial<Task> = () => ({})) =>
  Array.from({ length: count }, (_, i) => makeTask(values(i)));

export function makeMember(values: Partial<TeamMember> = {}): TeamMember {
  const n = ++sequence;
  const user = { id: uuid(), firstName: `Ada${n}`, lastName: `Lovelace${n}`, email: `ada${n}@example.test`, profileImageUrl: null };
  return { id: uuid(), teamId: uuid(), userId: user.id, role: 'member', createdAt: '2026-01-01T00:00:00.000Z', user, ...values };
}

export function makeReport(values: Partial<WeeklyReport> = {}): WeeklyReport {
  return {
    id: uuid(),
    projectId: uuid(),
    weekEndingDate: '2026-03-01',
    summary: null,
    ganttScreenshot: null,
    tasksCompleted: 0,
    tasksTotal: 0,
    progressPercentage: 0,
    createdAt: '2026-03-01T18:00:00.000Z',
    ...values,
  };
}

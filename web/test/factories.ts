import type { TimelineTask } from '../src/features/gantt/model/timeline-task';
import type { JoinRequest, MemberUser, Project, Task, TeamMember, TeamSummary, WeeklyReport } from '@planline/domain';

/** Plain objects shaped like the API's answers, for the web's unit tests; every call makes fresh ids. */

let sequence = 0;
const uuid = () => crypto.randomUUID();

export function makeUser(values: Partial<MemberUser> = {}): MemberUser {
  const n = ++sequence;
  return { id: uuid(), firstName: `First${n}`, lastName: `Last${n}`, email: `user${n}@example.test`, profileImageUrl: null, ...values };
}

export function makeTeam(values: Partial<TeamSummary> = {}): TeamSummary {
  const n = ++sequence;
  return {
    id: uuid(),
    name: `Team ${n}`,
    teamCode: 'ABCD2345',
    subscriptionStatus: 'active',
    trialEndsAt: null,
    ownerId: uuid(),
    subscriptionPlan: 'free',
    effectivePlan: 'free',
    role: 'owner',
    ...values,
  };
}

export function makeProject(values: Partial<Project> = {}): Project {
  const n = ++sequence;
  return {
    id: uuid(),
    name: `Project ${n}`,
    description: null,
    teamId: uuid(),
    projectCode: `PRJ-${String(1000 + n)}`,
    status: 'active',
    startDate: null,
    endDate: null,
    autoSchedule: true,
    workingWeekdays: [1, 2, 3, 4, 5],
    holidays: [],
    holidayNames: {},
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    access: 'team',
    ...values,
  };
}

export function makeMember(values: Partial<TeamMember> = {}): TeamMember {
  const user = values.user ?? makeUser(values.userId ? { id: values.userId } : {});
  return { id: uuid(), teamId: uuid(), userId: user.id, role: 'member', createdAt: '2025-01-01T00:00:00.000Z', user, ...values };
}

export function makeJoinRequest(values: Partial<JoinRequest> = {}): JoinRequest {
  return { id: uuid(), teamId: uuid(), status: 'pending', requestedAt: '2025-01-01T00:00:00.000Z', user: makeUser(), ...values };
}

export function makeTask(values: Partial<Task> = {}): Task {
  const n = ++sequence;
  return {
    id: uuid(),
    projectId: uuid(),
    name: `Task ${n}`,
    description: null,
    startDate: '2025-01-06',
    endDate: '2025-01-10',
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
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...values,
  };
}

export function makeWeeklyReport(values: Partial<WeeklyReport> = {}): WeeklyReport {
  return {
    id: uuid(),
    projectId: uuid(),
    weekEndingDate: '2025-01-05',
    summary: null,
    ganttScreenshot: null,
    tasksCompleted: 0,
    tasksTotal: 0,
    progressPercentage: 0,
    createdAt: '2025-01-05T18:00:00.000Z',
    ...values,
  };
}

/** A task as the chart's store holds it (timeline-task.ts). */
export function makeTimelineTask(values: Partial<TimelineTask> = {}): TimelineTask {
  const n = ++sequence;
  return {
    id: uuid(),
    name: `Task ${n}`,
    description: null,
    startDate: '2025-01-06',
    endDate: '2025-01-10',
    status: 'pending',
    priority: 'medium',
    progress: 0,
    color: '#3b82f6',
    assigneeId: null,
    assigneeIds: [],
    allocations: {},
    custom: {},
    order: n,
    kind: 'task',
    parentId: null,
    subtasks: 0,
    ...values,
  };
}

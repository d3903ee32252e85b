import { task } from '../scheduling/scheduling.fixtures.js';
import type { WorkCalendar } from '../scheduling/work-calendar.js';
import { DEFAULT_WORK_CALENDAR } from '../scheduling/work-calendar.js';
import type { TaskPriority } from '../schemas/enums.js';
import { HOURS_PER_DAY_DEFAULT, type Assignment, type PersonCapacity } from '../schemas/workload.js';
import type { LevelTask } from './leveling.js';
import type { LoadTask, WorkloadInput } from './load.js';

/** `person('ana', { hoursPerDay: 6 })`: a capacity with the defaults (8 hours, the project calendar's week, no days off). */
export const person = (userId: string, extra: Partial<Omit<PersonCapacity, 'userId'>> = {}): PersonCapacity => ({
  userId,
  hoursPerDay: HOURS_PER_DAY_DEFAULT,
  workingDays: null,
  daysOff: [],
  ...extra,
});

/** `assigned(['ana', 50], 'ben')`: ben at 100%. */
export const assigned = (...people: (string | [string, number])[]): Assignment[] =>
  people.map((p) => (typeof p === 'string' ? { userId: p, allocation: 100 } : { userId: p[0], allocation: p[1] }));

export const loadTask = (id: string, startDate: string, endDate: string, assignments: Assignment[], extra: Partial<LoadTask> = {}): LoadTask => ({
  id,
  projectId: 'p1',
  startDate,
  endDate,
  kind: 'task',
  assignments,
  ...extra,
});

export function workloadInput(people: PersonCapacity[], tasks: LoadTask[], calendars: Record<string, WorkCalendar> = {}): WorkloadInput {
  return { people, tasks, calendars: new Map(Object.entries({ p1: DEFAULT_WORK_CALENDAR, ...calendars })) };
}

/** A task of the project being levelled, named by its id in capitals (scheduling's `task`), with its people. */
export const levelTask = (id: string, startDate: string, endDate: string, assignments: Assignment[], priority: TaskPriority = 'medium'): LevelTask => ({
  ...task(id, startDate, endDate),
  priority,
  assignments,
});

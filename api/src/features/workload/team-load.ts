import { createWorkCalendar, type PersonCapacity, type WorkCalendar } from '@planline/domain';
import type { Sql } from '../access/access.queries.js';
import { teamCapacities } from './capacity.queries.js';
import { teamPeople, workloadProjects, workloadTasks, type TeamPersonRow, type WorkloadProjectRow, type WorkloadTask } from './workload.queries.js';

export interface TeamLoad {
  people: TeamPersonRow[];
  capacities: PersonCapacity[];
  /** Tasks over the range that load the team's members; another team's task keeps only this team's assignees. */
  tasks: WorkloadTask[];
  projects: Map<string, WorkloadProjectRow>;
  calendars: Map<string, WorkCalendar>;
}

/**
 * What loads a team over `from..to`, read in one snapshot (call it inside a REPEATABLE READ transaction): its
 * members and their capacity, the tasks that load them (the team's projects, and the other projects their tasks are
 * in: a person has one working day, whichever team asks), and each project's calendar and whether `viewerId` may
 * open it. The workload view and leveling read the same thing.
 */
export async function readTeamLoad(sql: Sql, teamId: string, viewerId: string, from: string, to: string): Promise<TeamLoad> {
  const people = await teamPeople(sql, teamId);
  const capacities = await teamCapacities(sql, teamId);
  const found = await workloadTasks(sql, teamId, from, to);
  const projects = new Map((await workloadProjects(sql, [...new Set(found.map((t) => t.projectId))], viewerId)).map((p) => [p.id, p]));
  const members = new Set(people.map((p) => p.user_id));
  const tasks = found.map((t) => {
    // Only the days in the range count: a task of decades (another team's, even) costs no more than the range.
    const clipped = t.startDate < from || t.endDate > to ? { ...t, startDate: t.startDate < from ? from : t.startDate, endDate: t.endDate > to ? to : t.endDate } : t;
    return projects.get(t.projectId)?.team_id === teamId ? clipped : { ...clipped, assignments: t.assignments.filter((a) => members.has(a.userId)) };
  });
  const calendars = new Map<string, WorkCalendar>();
  for (const p of projects.values()) {
    const calendar = createWorkCalendar({ workingWeekdays: p.working_weekdays, holidays: p.holidays });
    if (calendar.ok) calendars.set(p.id, calendar.calendar);
  }
  return { people, capacities, tasks, projects, calendars };
}

import { displayName } from '@planline/domain';
import type { Person } from '../components/timeline-context';
import { allocationOf, type TimelineTask } from './timeline-task';

export function assigneeName(assigneeId: string | null, people: ReadonlyMap<string, Person>): string {
  if (!assigneeId) return 'Unassigned';
  const person = people.get(assigneeId);
  return person ? displayName(person) : 'Former member';
}

/**
 * [allocation] The assignee beside a task's name, with their share of the working day when it is not the whole
 * day ("Ana Silva · 50%"); the row has no edit menu for it: the task form changes it.
 */
export function assigneeLabel(task: Pick<TimelineTask, 'assigneeId' | 'allocations'>, people: ReadonlyMap<string, Person>): { text: string; title: string } {
  const name = assigneeName(task.assigneeId, people);
  if (!task.assigneeId) return { text: name, title: name };
  const percent = allocationOf(task, task.assigneeId);
  return percent === 100 ? { text: name, title: `${name}, full working day` } : { text: `${name} · ${percent}%`, title: `${name}, ${percent}% of a working day` };
}

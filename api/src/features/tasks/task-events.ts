import { rooms, TASK_EVENTS_BULK_LIMIT } from '@planline/domain';
import type { PersistedChanges, RealtimeBus } from '@planline/realtime';
import type { DataSource } from 'typeorm';
import { findTasks } from './tasks.read.js';

/** A project's persisted changes whose tasks are still to be read for their events, merged. */
interface Unread {
  created: Set<string>;
  fields: Map<string, Set<string>>;
  /** Tasks touched by changes too large to announce task by task: one `tasks:reloaded` for them (0: none). */
  reloaded: number;
}

/**
 * Turns persisted document changes into `task:*` events for the project room (dashboards and other views),
 * sent only once the change is in the database.
 *
 * Back-pressure (issue 34): each change's tasks are read back for their events. A read per change, started at
 * once, let a flood of edits queue hundreds of reads on the embedded database (which runs one query at a time),
 * in front of every other project's queries and the health check. A project has at most one read in flight;
 * what is persisted meanwhile is merged and read once after it, so the reads keep pace with the writes.
 *
 * A change touching more than TASK_EVENTS_BULK_LIMIT tasks (an import of 10,000, a restore) is not read back: it is
 * announced as one `tasks:reloaded` and the views read the project's tasks again (issue 37: 10,000 `task:created`
 * read back from the database held a few hundred MB and as many socket messages). It takes its turn with the reads,
 * so no event read before it arrives after it.
 */
export function publishTaskEvents(dataSource: DataSource, bus: RealtimeBus, logger: { error(o: object, m?: string): void }) {
  const unread = new Map<string, Unread>();
  const reading = new Set<string>();

  const readNext = (projectId: string): void => {
    const batch = unread.get(projectId);
    if (!batch) {
      reading.delete(projectId);
      return;
    }
    unread.delete(projectId);
    reading.add(projectId);
    const room = rooms.project(projectId);
    if (batch.reloaded) bus.emit(room, 'tasks:reloaded', { projectId, tasks: batch.reloaded });
    const ids = [...new Set([...batch.created, ...batch.fields.keys()])];
    (ids.length ? findTasks(dataSource, ids) : Promise.resolve([]))
      .then((tasks) => {
        for (const task of tasks) {
          if (batch.created.has(task.id)) bus.emit(room, 'task:created', { projectId, task });
          else bus.emit(room, 'task:updated', { projectId, task, fields: [...(batch.fields.get(task.id) ?? [])] });
        }
      })
      .catch((err: unknown) => logger.error({ err, projectId }, 'task events failed'))
      .finally(() => readNext(projectId));
  };

  return (changes: PersistedChanges) => {
    const { projectId } = changes;
    let batch = unread.get(projectId);
    if (!batch) unread.set(projectId, (batch = { created: new Set(), fields: new Map(), reloaded: 0 }));
    const touched = new Set([...changes.created, ...changes.deleted, ...changes.dependenciesChanged]);
    for (const { taskId } of changes.updated) touched.add(taskId);
    if (touched.size > TASK_EVENTS_BULK_LIMIT) {
      // The reload covers what was waiting to be read too.
      batch.reloaded += touched.size;
      batch.created.clear();
      batch.fields.clear();
      if (!reading.has(projectId)) readNext(projectId);
      return;
    }
    for (const taskId of changes.deleted) bus.emit(rooms.project(projectId), 'task:deleted', { projectId, taskId });
    const fieldsOf = (taskId: string) => {
      let fields = batch.fields.get(taskId);
      if (!fields) batch.fields.set(taskId, (fields = new Set()));
      return fields;
    };
    for (const taskId of changes.created) batch.created.add(taskId);
    for (const { taskId, fields } of changes.updated) fields.forEach((f) => fieldsOf(taskId).add(f));
    // A set: an import changes the links of thousands of tasks at once (a scan of `updated` each was quadratic).
    const updated = new Set(changes.updated.map((u) => u.taskId));
    for (const taskId of changes.dependenciesChanged) if (!updated.has(taskId)) fieldsOf(taskId).add('dependencies');
    for (const taskId of changes.deleted) {
      batch.created.delete(taskId);
      batch.fields.delete(taskId);
    }
    if (!batch.created.size && !batch.fields.size && !batch.reloaded) unread.delete(projectId);
    if (!reading.has(projectId)) readNext(projectId);
  };
}

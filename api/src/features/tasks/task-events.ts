import { rooms } from '@planline/domain';
import type { PersistedChanges, RealtimeBus } from '@planline/realtime';
import type { DataSource } from 'typeorm';
import { findTasks } from './tasks.read.js';

/**
 * Turns persisted document changes into `task:*` events for the project room (dashboards and other views),
 * sent only once the change is in the database.
 */
export function publishTaskEvents(dataSource: DataSource, bus: RealtimeBus, logger: { error(o: object, m?: string): void }) {
  return (changes: PersistedChanges) => {
    const room = rooms.project(changes.projectId);
    const updatedFields = new Map(changes.updated.map((u) => [u.taskId, u.fields as string[]]));
    for (const id of changes.dependenciesChanged) if (!updatedFields.has(id)) updatedFields.set(id, ['dependencies']);
    for (const taskId of changes.deleted) bus.emit(room, 'task:deleted', { projectId: changes.projectId, taskId });
    findTasks(dataSource, [...changes.created, ...updatedFields.keys()])
      .then((tasks) => {
        for (const task of tasks) {
          if (changes.created.includes(task.id)) bus.emit(room, 'task:created', { projectId: changes.projectId, task });
          else bus.emit(room, 'task:updated', { projectId: changes.projectId, task, fields: updatedFields.get(task.id) ?? [] });
        }
      })
      .catch((err: unknown) => logger.error({ err, projectId: changes.projectId }, 'task events failed'));
  };
}

import { dragTaskOnCalendar } from '@planline/domain';
import { useEffect } from 'react';
import { hasEarlyDrops, onEarlyDrop, takeEarlyDrops } from '../../../lib/early-drop';
import { firstScreenDone } from '../../../lib/first-screen';
import type { ProjectConnection } from '../connection/project-connection';
import { useWorkCalendar } from '../model/work-calendar';
import { changedFields, saveBarFields } from './task-bar-drag';

/**
 * [early-drag] Writes the drags made on the first screen's picture before the chart was live (lib/early-drag.ts),
 * as the bar's own drop would (task-bar.tsx): the move by as many calendar days, landed on the calendar's working
 * days, through the connection's outbox, which keeps it until the document is in. Each is taken once the chart
 * has its task (the picture may come before the chart's first tasks); a chart that may not edit drops them, and
 * the picture goes at once rather than wait for a move that will not come.
 */
export function useEarlyDrops(connection: ProjectConnection, readOnly: boolean): void {
  const calendar = useWorkCalendar();
  useEffect(() => {
    const { projectId, tasks } = connection;
    const apply = () => {
      const drops = takeEarlyDrops(projectId, (id) => tasks.getState().tasks.has(id));
      if (drops.length > 0 && readOnly) return firstScreenDone();
      for (const { taskId, days } of drops) {
        // Read again for each: the outbox shows the drop before it at once.
        const task = tasks.getState().tasks.get(taskId)!;
        const next = { ...dragTaskOnCalendar(task, days, calendar), progress: task.progress };
        saveBarFields(connection, task, changedFields(task, next), calendar);
      }
    };
    apply();
    const stopListening = onEarlyDrop(apply);
    // A drop whose task the chart does not have yet is taken when it comes (not from inside the store's own update).
    const stopWatching = tasks.subscribe(() => {
      if (hasEarlyDrops(projectId)) queueMicrotask(apply);
    });
    return () => {
      stopListening();
      stopWatching();
    };
  }, [connection, readOnly, calendar]);
}

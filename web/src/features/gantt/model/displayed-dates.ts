import type { RemoteActivity } from './presence';
import type { DragState } from './drag.store';
import type { TimelineTask } from './timeline-task';
import { isCalendarDate } from '@planline/domain';

export interface DisplayedDates {
  startDate: string;
  endDate: string;
  progress: number;
}

/**
 * What a bar shows: this browser's drag preview (and where it would push the bar's successors), else the preview of whoever else holds it (their bar follows
 * their pointer), else the document. A teammate's preview is only trusted when it is made of real dates.
 */
export function displayedDates(task: TimelineTask, drag: DragState | null, remote: RemoteActivity | undefined): DisplayedDates {
  if (drag && drag.taskId === task.id) return drag.preview;
  const pushed = drag?.pushed?.get(task.id);
  if (pushed) return { ...pushed, progress: task.progress };
  const preview = remote?.preview;
  if (preview) {
    const startDate = isCalendarDate(preview.startDate) ? preview.startDate : task.startDate;
    const endDate = isCalendarDate(preview.endDate) && preview.endDate >= startDate ? preview.endDate : task.endDate;
    const progress = typeof preview.progress === 'number' ? Math.min(100, Math.max(0, Math.round(preview.progress))) : task.progress;
    return { startDate, endDate: endDate >= startDate ? endDate : startDate, progress };
  }
  return task;
}

import { upcomingTasks, type Urgency } from '@planline/domain';
import { CalendarClock } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { assigneeName, PriorityBadge, WidgetMessage, WidgetQuery } from '../components/widget-parts';
import type { WidgetProps } from './widget-props';

/** PRODUCT-SPEC §4: urgent red, high orange, normal blue. */
const URGENCY_CLASSES: Record<Urgency, { border: string; text: string }> = {
  urgent: { border: 'border-l-red-500 bg-red-50/60', text: 'text-red-700' },
  high: { border: 'border-l-orange-500 bg-orange-50/60', text: 'text-orange-700' },
  normal: { border: 'border-l-blue-500 bg-blue-50/40', text: 'text-blue-700' },
};

export function UpcomingTasksWidget({ size, data }: WidgetProps) {
  return (
    <div>
      <h4 className="mb-3 flex items-center gap-1.5 text-sm font-medium text-slate-600">
        <CalendarClock aria-hidden="true" className="h-4 w-4" />
        Tasks Due This Week
      </h4>
      {data.project ? (
        <WidgetQuery query={data.tasks} label="tasks">
          {(tasks) => {
            const upcoming = upcomingTasks(tasks, data.today, size);
            if (upcoming.shown.length === 0) return <WidgetMessage>No upcoming tasks in the next 7 days</WidgetMessage>;
            return (
              <>
                <ul className="space-y-2">
                  {upcoming.shown.map(({ task, dueText, urgency }) => (
                    <li key={task.id} className={cn('rounded-md border-l-4 px-3 py-2', URGENCY_CLASSES[urgency].border)}>
                      <div className="flex items-center gap-2">
                        <span className="min-w-0 flex-1 truncate text-sm font-medium text-slate-900" title={task.name}>
                          {task.name}
                        </span>
                        <PriorityBadge priority={task.priority} />
                      </div>
                      <div className="mt-0.5 flex flex-wrap gap-x-3 text-xs">
                        <span className={cn('font-medium', URGENCY_CLASSES[urgency].text)}>{dueText}</span>
                        {upcoming.showAssignee ? <span className="text-slate-500">{assigneeName(task) ?? 'Unassigned'}</span> : null}
                        {upcoming.showProgress ? <span className="text-slate-500">{task.progress}% done</span> : null}
                      </div>
                    </li>
                  ))}
                </ul>
                {upcoming.total > upcoming.shown.length ? (
                  <p className="mt-2 text-xs text-slate-500">and {upcoming.total - upcoming.shown.length} more due this week</p>
                ) : null}
              </>
            );
          }}
        </WidgetQuery>
      ) : (
        <WidgetMessage>Select a project to view upcoming tasks</WidgetMessage>
      )}
    </div>
  );
}

import { recentTasks } from '@planline/domain';
import { ArrowRight, ListTodo } from 'lucide-react';
import { ProgressBar } from '../../../components/ui/progress-bar';
import {
  assigneeName,
  formatDay,
  PriorityBadge,
  StatusBadge,
  StatusIcon,
  WidgetLink,
  WidgetMessage,
  WidgetQuery,
} from '../components/widget-parts';
import type { WidgetProps } from './widget-props';

export function RecentTasksWidget({ size, data }: WidgetProps) {
  if (!data.project) return <WidgetMessage icon={ListTodo}>Select a project to view tasks</WidgetMessage>;
  return (
    <WidgetQuery query={data.tasks} label="tasks">
      {(tasks) => {
        if (tasks.length === 0) return <WidgetMessage icon={ListTodo}>No tasks in this project yet</WidgetMessage>;
        const recent = recentTasks(tasks, size);
        return (
          <div>
            <ul className="divide-y divide-slate-100">
              {recent.shown.map((task) => (
                <li key={task.id} className="py-2.5 first:pt-0 last:pb-0">
                  <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                    <StatusIcon status={task.status} />
                    <span className="min-w-0 flex-1 basis-32 truncate text-sm font-medium text-slate-900" title={task.name}>
                      {task.name}
                    </span>
                    <StatusBadge status={task.status} />
                    {recent.showDetails ? <PriorityBadge priority={task.priority} /> : null}
                  </div>
                  {recent.showDetails ? (
                    <div className="mt-1 flex flex-wrap gap-x-4 gap-y-0.5 pl-6 text-xs text-slate-500">
                      {assigneeName(task) ? (
                        <span>
                          Assigned to <span className="text-slate-700">{assigneeName(task)}</span>
                        </span>
                      ) : (
                        <span>Unassigned</span>
                      )}
                      {recent.showDueAndProgress ? (
                        <span>
                          Due: <span className="text-slate-700">{formatDay(task.endDate)}</span>
                        </span>
                      ) : null}
                    </div>
                  ) : null}
                  {recent.showDueAndProgress ? (
                    <div className="mt-1.5 flex items-center gap-2 pl-6">
                      <span className="shrink-0 text-xs text-slate-500">Progress: {task.progress}%</span>
                      <ProgressBar value={task.progress} label={`Progress of ${task.name}`} className="h-1.5 max-w-64" />
                    </div>
                  ) : null}
                </li>
              ))}
            </ul>
            {recent.hasMore ? (
              <WidgetLink onClick={data.openGantt}>
                View All Tasks
                <ArrowRight aria-hidden="true" className="h-4 w-4" />
              </WidgetLink>
            ) : null}
          </div>
        );
      }}
    </WidgetQuery>
  );
}

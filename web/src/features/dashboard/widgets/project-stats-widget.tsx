import { isTaskCompleted, projectStatistics, type Task } from '@planline/domain';
import { BarChart3, CalendarDays } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { formatDay, WidgetMessage, WidgetQuery } from '../components/widget-parts';
import type { WidgetProps } from './widget-props';

const TILES = [
  { key: 'total', label: 'Total Tasks', className: 'bg-slate-50 text-slate-900' },
  { key: 'completed', label: 'Completed', className: 'bg-green-50 text-green-800' },
  { key: 'inProgress', label: 'In Progress', className: 'bg-blue-50 text-blue-800' },
  { key: 'overdue', label: 'Overdue', className: 'bg-red-50 text-red-800' },
] as const;

export function ProjectStatsWidget({ size, data }: WidgetProps) {
  if (!data.project) return <WidgetMessage icon={BarChart3}>Select a project to view statistics</WidgetMessage>;
  return (
    <WidgetQuery query={data.tasks} label="tasks">
      {(tasks) => <Stats tasks={tasks} size={size} data={data} />}
    </WidgetQuery>
  );
}

function Stats({ tasks, size, data }: { tasks: Task[] } & WidgetProps) {
  const stats = projectStatistics(tasks, data.project, data.today, size);
  return (
    <div className="space-y-4">
      <div>
        <div className="flex items-baseline justify-between gap-2">
          <span className="text-sm font-medium text-slate-600">Completion rate</span>
          <span className="text-3xl font-bold text-slate-900 tabular-nums">{stats.completionRate}%</span>
        </div>
        <ProgressBar value={stats.completionRate} label="Completion rate" className="mt-2 h-2.5" barClassName="bg-green-600" />
        {size === 'small' ? (
          <p className="mt-2 text-xs text-slate-500">
            {tasks.length === 0 ? 'No tasks yet' : `${tasks.filter((t) => isTaskCompleted(t.status)).length} of ${tasks.length} tasks completed`}
          </p>
        ) : null}
      </div>
      {stats.counts ? (
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {TILES.map((tile) => (
            <div key={tile.key} className={cn('rounded-lg px-3 py-2.5', tile.className)}>
              <dt className="text-xs font-medium">{tile.label}</dt>
              <dd className="mt-0.5 text-2xl font-semibold tabular-nums">{stats.counts![tile.key]}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {stats.dates ? (
        <dl className="flex flex-wrap gap-x-6 gap-y-1 border-t border-slate-100 pt-3 text-sm">
          <div className="flex items-center gap-1.5">
            <CalendarDays aria-hidden="true" className="h-4 w-4 text-slate-400" />
            <dt className="text-slate-500">Start date</dt>
            <dd className="font-medium text-slate-900">{formatDay(stats.dates.startDate)}</dd>
          </div>
          <div className="flex items-center gap-1.5">
            <CalendarDays aria-hidden="true" className="h-4 w-4 text-slate-400" />
            <dt className="text-slate-500">End date</dt>
            <dd className="font-medium text-slate-900">{formatDay(stats.dates.endDate)}</dd>
          </div>
        </dl>
      ) : null}
    </div>
  );
}

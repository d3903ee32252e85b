import { ganttPreview, TASK_STATUS_COLORS, UNKNOWN_STATUS_COLOR, type PreviewBarTone, type Task } from '@planline/domain';
import { ArrowRight, ChartGantt } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { formatDay, formatShortDay, statusLabel, WidgetLink, WidgetMessage, WidgetQuery } from '../components/widget-parts';
import type { WidgetProps } from './widget-props';

const TONE_COLORS: Record<PreviewBarTone, string> = {
  completed: TASK_STATUS_COLORS.completed,
  'in-progress': TASK_STATUS_COLORS.in_progress,
  blocked: TASK_STATUS_COLORS.blocked,
  pending: TASK_STATUS_COLORS.pending,
  default: UNKNOWN_STATUS_COLOR,
};

const LEGEND: { tone: PreviewBarTone; label: string }[] = [
  { tone: 'completed', label: 'Completed' },
  { tone: 'in-progress', label: 'In Progress' },
  { tone: 'blocked', label: 'Blocked' },
  { tone: 'pending', label: 'Pending' },
];

export function GanttPreviewWidget({ size, data }: WidgetProps) {
  if (!data.project) return <WidgetMessage icon={ChartGantt}>Select a project to preview Gantt chart</WidgetMessage>;
  return (
    <WidgetQuery query={data.tasks} label="tasks">
      {(tasks) => <Preview tasks={tasks} size={size} data={data} />}
    </WidgetQuery>
  );
}

function Preview({ tasks, size, data }: { tasks: Task[] } & WidgetProps) {
  const preview = ganttPreview(tasks, data.project, data.today, size);
  if (preview.bars.length === 0) return <WidgetMessage icon={ChartGantt}>No tasks with dates to display</WidgetMessage>;
  // Small widgets (and every widget on a narrow screen) put the name above its bar.
  const stacked = size === 'small';
  return (
    <div>
      <div className={cn('mb-2 flex justify-between text-xs text-slate-500', !stacked && (size === 'large' ? 'sm:pl-48' : 'sm:pl-36'))}>
        <span>{formatShortDay(preview.span.startDate)}</span>
        <span>{formatShortDay(preview.span.endDate)}</span>
      </div>
      <ul aria-label={`Tasks from ${formatDay(preview.span.startDate)} to ${formatDay(preview.span.endDate)}`} className="space-y-2">
        {preview.bars.map((bar) => {
          const { task } = bar;
          const milestone = task.kind === 'milestone';
          const description = milestone
            ? `${task.name}: milestone on ${formatDay(task.startDate)}, ${statusLabel(task.status)}`
            : `${task.name}: ${formatDay(task.startDate)} to ${formatDay(task.endDate)}, ${statusLabel(task.status)}, ${bar.progress}% done`;
          return (
            <li key={task.id} className={cn('space-y-1', !stacked && 'sm:flex sm:items-center sm:gap-3 sm:space-y-0')}>
              <span
                className={cn(
                  'block truncate text-xs font-medium text-slate-700',
                  !stacked && (size === 'large' ? 'sm:w-45 sm:shrink-0' : 'sm:w-33 sm:shrink-0'),
                )}
                title={task.name}
              >
                {task.name}
              </span>
              <div className="relative h-5 min-w-0 rounded bg-slate-100 sm:flex-1" title={description}>
                <span className="sr-only">{description}</span>
                {preview.todayPct !== null ? (
                  <span aria-hidden="true" className="absolute -inset-y-1 z-10 w-px bg-red-400" style={{ left: `${preview.todayPct}%` }} />
                ) : null}
                {bar.outside ? (
                  // A bar for a task outside the span would be a sliver at its edge: say when it lies instead.
                  <span
                    aria-hidden="true"
                    data-outside={bar.outside}
                    className={cn('absolute inset-y-0 flex items-center px-1.5 text-[10px] text-slate-600', bar.outside === 'before' ? 'left-0' : 'right-0')}
                  >
                    {bar.outside === 'before' ? `← Ended ${formatShortDay(task.endDate)}` : `Starts ${formatShortDay(task.startDate)} →`}
                  </span>
                ) : milestone ? (
                  // A diamond in the middle of its day: a milestone has no length to draw.
                  <span
                    aria-hidden="true"
                    data-milestone
                    className="absolute top-1/2 h-3 w-3 -translate-x-1/2 -translate-y-1/2 rotate-45 rounded-[1px]"
                    style={{ left: `${bar.leftPct + bar.widthPct / 2}%`, backgroundColor: TONE_COLORS[bar.tone] }}
                  />
                ) : (
                  <div
                    aria-hidden="true"
                    className={cn(
                      'absolute inset-y-0 overflow-hidden',
                      bar.cutStart ? 'rounded-l-none' : 'rounded-l',
                      bar.cutEnd ? 'rounded-r-none' : 'rounded-r',
                    )}
                    // A task shorter than a pixel or two would vanish: keep every bar visible.
                    style={{
                      left: `min(${bar.leftPct}%, calc(100% - 4px))`,
                      width: `max(${bar.widthPct}%, 4px)`,
                      backgroundColor: TONE_COLORS[bar.tone],
                    }}
                  >
                    {preview.showProgress && bar.progress > 0 ? (
                      <div className="h-full bg-black/25" style={{ width: `${bar.progress}%` }} />
                    ) : null}
                  </div>
                )}
                {preview.showProgress && !bar.outside && !milestone ? (
                  <span aria-hidden="true" className="absolute inset-y-0 right-1.5 flex items-center text-[10px] font-semibold text-slate-600">
                    {bar.progress}%
                  </span>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
        <ul aria-label="Legend" className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-600">
          {LEGEND.map((item) => (
            <li key={item.tone} className="flex items-center gap-1.5">
              <span aria-hidden="true" className="h-2.5 w-2.5 rounded-sm" style={{ backgroundColor: TONE_COLORS[item.tone] }} />
              {item.label}
            </li>
          ))}
          {preview.todayPct !== null ? (
            <li className="flex items-center gap-1.5">
              <span aria-hidden="true" className="h-3 w-px bg-red-400" />
              Today
            </li>
          ) : null}
        </ul>
        {preview.hasMore ? (
          <WidgetLink onClick={data.openGantt}>
            View Full Gantt Chart
            <ArrowRight aria-hidden="true" className="h-4 w-4" />
          </WidgetLink>
        ) : null}
      </div>
    </div>
  );
}

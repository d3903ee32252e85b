import { AVERAGE_PROGRESS_LABEL, COMPLETION_RATE_LABEL, progressChart, reportCompletionRate, reportFiguresText } from '@planline/domain';
import { format, parseISO } from 'date-fns';
import { Minus, TrendingDown, TrendingUp, TrendingUpDown } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { formatDay, formatShortDay, WidgetMessage, WidgetQuery } from '../components/widget-parts';
import type { WidgetProps } from './widget-props';

export function ProgressChartWidget({ size, data }: WidgetProps) {
  if (!data.project) return <WidgetMessage icon={TrendingUpDown}>No progress data available yet</WidgetMessage>;
  return (
    <WidgetQuery query={data.reports} label="weekly reports">
      {(reports) => {
        const chart = progressChart(reports, size);
        if (chart.current === null) return <WidgetMessage icon={TrendingUpDown}>No progress data available yet</WidgetMessage>;
        const newest = chart.latest[0]!;
        return (
          <div>
            <div className="flex flex-wrap items-end justify-between gap-2">
              <div>
                <p className="text-sm font-medium text-slate-600">{AVERAGE_PROGRESS_LABEL}</p>
                <p className="text-3xl font-bold text-slate-900 tabular-nums">{chart.current}%</p>
              </div>
              <Change change={chart.change} />
            </div>
            {chart.showTaskCounts ? (
              <p className="mt-1 text-sm text-slate-600">
                {COMPLETION_RATE_LABEL} {reportCompletionRate(newest)}% ({newest.tasksCompleted} of {newest.tasksTotal} tasks
                completed)
                <span className="text-slate-500"> · week ending {formatDay(newest.weekEndingDate)}</span>
              </p>
            ) : null}
            <ol aria-label="Progress by week" className="mt-4 flex h-36 items-end gap-1 sm:gap-2">
              {chart.bars.map((report) => (
                <li key={report.id} className="flex h-full min-w-0 flex-1 flex-col items-center justify-end gap-1">
                  <span className="sr-only">
                    Week ending {formatDay(report.weekEndingDate)}:{' '}
                    {chart.showTaskCounts ? reportFiguresText(report) : `${AVERAGE_PROGRESS_LABEL} ${report.progressPercentage}%`}
                  </span>
                  <span aria-hidden="true" className="text-[11px] font-semibold text-slate-700 tabular-nums">
                    {report.progressPercentage}%
                  </span>
                  <div aria-hidden="true" className="flex w-full max-w-12 flex-1 items-end rounded-t bg-slate-100">
                    <div
                      className={cn('w-full rounded-t', report === newest ? 'bg-blue-600' : 'bg-blue-300')}
                      style={{ height: `${Math.max(report.progressPercentage, 2)}%` }}
                    />
                  </div>
                  <span aria-hidden="true" className="w-full truncate text-center text-[11px] text-slate-500">
                    <span className="hidden sm:inline">{formatShortDay(report.weekEndingDate)}</span>
                    <span className="sm:hidden">{format(parseISO(report.weekEndingDate), 'M/d')}</span>
                  </span>
                  {chart.showTaskCounts ? (
                    <span aria-hidden="true" className="text-[11px] text-slate-500 tabular-nums">
                      {report.tasksCompleted}/{report.tasksTotal}
                    </span>
                  ) : null}
                </li>
              ))}
            </ol>
          </div>
        );
      }}
    </WidgetQuery>
  );
}

function Change({ change }: { change: number | null }) {
  if (change === null) return <p className="text-xs text-slate-500">First weekly report</p>;
  if (change === 0) {
    return (
      <p className="flex items-center gap-1 text-sm font-medium text-slate-600">
        <Minus aria-hidden="true" className="h-4 w-4" />
        No change from last week
      </p>
    );
  }
  const up = change > 0;
  const Icon = up ? TrendingUp : TrendingDown;
  return (
    <p className={cn('flex items-center gap-1 text-sm font-medium', up ? 'text-green-700' : 'text-red-700')}>
      <Icon aria-hidden="true" className="h-4 w-4" />
      {up ? '+' : '−'}
      {Math.abs(change)}% from last week
    </p>
  );
}

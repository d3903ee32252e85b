import {
  AVERAGE_PROGRESS_LABEL,
  COMPLETION_RATE_LABEL,
  reportCompletionRate,
  reportFiguresText,
  sortReportsNewestFirst,
  type WeeklyReport,
} from '@planline/domain';
import { format, parseISO } from 'date-fns';
import { ProgressBar } from '../../../components/ui/progress-bar';

export function weekEndingLabel(date: string): string {
  return format(parseISO(date), 'EEEE, MMMM d, yyyy');
}

/** The newest report, prominently: week, average progress, completion rate with the counts, summary. */
export function LatestReport({ report }: { report: WeeklyReport }) {
  return (
    <section aria-labelledby="latest-report-title" className="rounded-xl border border-blue-200 bg-blue-50/50 p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id="latest-report-title" className="text-xs font-semibold tracking-wide text-blue-800 uppercase">
            Latest report
          </h3>
          <p className="mt-1 text-base font-semibold text-slate-900">Week ending {weekEndingLabel(report.weekEndingDate)}</p>
        </div>
        <p className="text-right">
          <span className="block text-3xl font-bold text-slate-900 tabular-nums">{report.progressPercentage}%</span>
          <span className="text-xs text-slate-600">{AVERAGE_PROGRESS_LABEL.toLowerCase()}</span>
        </p>
      </div>
      <ProgressBar value={report.progressPercentage} label={AVERAGE_PROGRESS_LABEL} className="mt-3 h-2.5 bg-white" />
      <p className="mt-2 text-sm text-slate-700">
        {COMPLETION_RATE_LABEL} {reportCompletionRate(report)}% ({report.tasksCompleted} of {report.tasksTotal} tasks completed)
      </p>
      <p className="mt-3 text-sm whitespace-pre-line text-slate-800">
        {report.summary?.trim() ? report.summary : <span className="text-slate-500">No summary</span>}
      </p>
    </section>
  );
}

export function EarlierReports({ reports }: { reports: readonly WeeklyReport[] }) {
  if (reports.length === 0) return null;
  return (
    <section aria-labelledby="earlier-reports-title">
      <h3 id="earlier-reports-title" className="mb-2 text-sm font-semibold text-slate-900">
        Earlier reports
      </h3>
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
        {sortReportsNewestFirst(reports).map((report) => (
          <li key={report.id} className="px-4 py-3">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <span className="text-sm font-medium text-slate-900">Week ending {format(parseISO(report.weekEndingDate), 'MMM d, yyyy')}</span>
              <span className="text-sm text-slate-700 tabular-nums">
                {reportFiguresText(report)}
              </span>
            </div>
            {report.summary?.trim() ? <p className="mt-1 line-clamp-2 text-sm text-slate-600">{report.summary}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

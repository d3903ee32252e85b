import { weekEndingFor, type Project } from '@planline/domain';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state';
import { serverMessage } from '../../../lib/api-error';
import { useToday } from '../../../lib/use-today';
import { useWeeklyReports } from '../reports.queries';
import { ReportForm } from './report-form';
import { EarlierReports, LatestReport } from './report-cards';

interface WeeklyReportsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  project: Project | null;
}

/**
 * Weekly Progress Reports (top navigation 'Reports'): the selected project's latest report, the earlier ones, and
 * the report of the current week to write or update. Reports also appear by themselves each week.
 */
export function WeeklyReportsDialog({ open, onOpenChange, project }: WeeklyReportsDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Weekly Progress Reports"
        description={project ? `Progress of ${project.name}, week by week.` : undefined}
        className="sm:max-w-2xl"
      >
        {project ? <ReportsBody project={project} open={open} /> : (
          <p className="text-sm text-slate-600">Select a project to see and write its weekly reports.</p>
        )}
      </DialogContent>
    </Dialog>
  );
}

function ReportsBody({ project, open }: { project: Project; open: boolean }) {
  const reports = useWeeklyReports(project.id, open);
  const today = useToday();
  const weekEndingDate = weekEndingFor(today);
  const existing = reports.data?.find((r) => r.weekEndingDate === weekEndingDate) ?? null;

  let list;
  if (reports.isPending) list = <LoadingBlock label="Loading reports" />;
  else if (reports.isError) {
    list = (
      <ErrorBlock
        message={serverMessage(reports.error) ?? "We couldn't load the weekly reports."}
        onRetry={() => void reports.refetch()}
        retrying={reports.isFetching}
      />
    );
  } else if (reports.data.length === 0) {
    list = (
      <div className="rounded-lg border border-dashed border-slate-300 p-6 text-center">
        <p className="text-sm font-medium text-slate-900">No reports yet</p>
        <p className="mt-1 text-sm text-slate-600">A report is made each week; you can also write this week's below.</p>
      </div>
    );
  } else {
    const [latest, ...earlier] = reports.data;
    list = (
      <div className="space-y-5">
        <LatestReport report={latest!} />
        <EarlierReports reports={earlier} />
      </div>
    );
  }

  return (
    <div className="space-y-6">
      {list}
      <ReportForm
        key={`${weekEndingDate}:${existing?.id ?? ''}`}
        projectId={project.id}
        weekEndingDate={weekEndingDate}
        existing={existing}
      />
    </div>
  );
}

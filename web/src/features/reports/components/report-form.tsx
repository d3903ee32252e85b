import { createWeeklyReportInputSchema, REPORT_SUMMARY_MAX_LENGTH, type WeeklyReport } from '@planline/domain';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Textarea } from '../../../components/ui/textarea';
import { isUnauthorizedError, serverMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast.store';
import { handleUnauthorized } from '../../auth';
import { useSaveWeeklyReport } from '../reports.api';
import { weekEndingLabel } from './report-cards';

interface ReportFormProps {
  projectId: string;
  /** The week ending date of the current week: weekEndingFor(today). */
  weekEndingDate: string;
  /** This week's report when there is one: saving updates it, and its summary is where editing starts. */
  existing: WeeklyReport | null;
}

/**
 * The report of the current week: a summary; the server computes the figures. Give it a key of the week and the
 * existing report, so that a new week or a newly read report starts the form afresh.
 */
export function ReportForm({ projectId, weekEndingDate, existing }: ReportFormProps) {
  const [summary, setSummary] = useState(existing?.summary ?? '');
  const [error, setError] = useState<string | undefined>();
  const save = useSaveWeeklyReport(projectId);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = createWeeklyReportInputSchema.safeParse({ weekEndingDate, summary, ganttScreenshot: null });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    try {
      const report = await save.mutateAsync({ ...parsed.data, summary: parsed.data.summary || null });
      toast({ title: 'Report saved', description: `Week ending ${weekEndingLabel(report.weekEndingDate)}.` });
    } catch (err) {
      if (isUnauthorizedError(err)) {
        handleUnauthorized();
        return;
      }
      toast({ title: 'Error', description: serverMessage(err) ?? 'Failed to save report', variant: 'destructive' });
    }
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby="report-form-title" className="space-y-3 border-t border-slate-200 pt-5">
      <div>
        <h3 id="report-form-title" className="text-sm font-semibold text-slate-900">
          {existing ? "Update this week's report" : "This week's report"}
        </h3>
        <p className="text-sm text-slate-600">
          Week ending {weekEndingLabel(weekEndingDate)}. Progress and task counts are taken from the project's tasks when you save.
        </p>
      </div>
      <FormField
        id="report-summary"
        label="Summary"
        error={error}
        hint={`${summary.length} / ${REPORT_SUMMARY_MAX_LENGTH} characters`}
      >
        {(control) => (
          <Textarea
            {...control}
            rows={4}
            value={summary}
            maxLength={REPORT_SUMMARY_MAX_LENGTH}
            placeholder="What moved forward this week, what is blocked, what comes next"
            onChange={(e) => setSummary(e.target.value)}
          />
        )}
      </FormField>
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : existing ? 'Update Report' : 'Create Report'}
        </Button>
      </div>
    </form>
  );
}

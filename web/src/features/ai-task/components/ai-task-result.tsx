import {
  formatCalendarDate,
  TASK_PRIORITY_LABELS,
  TASK_STATUS_LABELS,
  type AiCreateTaskResult,
} from '@planline/domain';
import { CircleCheck, TriangleAlert } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { unmatchedAssignee } from '../ai-parsing';

interface AiTaskResultProps {
  result: AiCreateTaskResult;
  onCreateAnother: () => void;
  onDone: () => void;
}

/** What the creator understood from the prompt, shown once the task exists. */
export function AiTaskResult({ result, onCreateAnother, onDone }: AiTaskResultProps) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const { parsedDetails: details, assigneeFound } = result.aiParsing;
  const missing = unmatchedAssignee(result.aiParsing);

  // The form that had the focus is gone; the summary takes it so keyboard and screen reader users land on it.
  useEffect(() => heading.current?.focus(), []);

  const rows: { label: string; value: string }[] = [
    { label: 'Name', value: details.name },
    { label: 'Start date', value: readableDate(details.startDate) },
    { label: 'End date', value: readableDate(details.endDate) },
    { label: 'Priority', value: TASK_PRIORITY_LABELS[details.priority] },
    { label: 'Status', value: TASK_STATUS_LABELS[details.status] },
    { label: 'Assignee', value: assigneeFound && details.assignedTo ? details.assignedTo : 'Unassigned' },
  ];
  if (details.description) rows.push({ label: 'Description', value: details.description });

  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-4">
      <h3
        id={`${id}-heading`}
        ref={heading}
        tabIndex={-1}
        className="flex items-center gap-2 text-sm font-semibold text-slate-900 focus:outline-none"
      >
        <CircleCheck aria-hidden="true" className="h-5 w-5 text-green-600" />
        Task created. Here is what we understood:
      </h3>

      <dl className="divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm">
        {rows.map(({ label, value }) => (
          <div key={label} className="grid grid-cols-[7rem_1fr] gap-3 px-3 py-2">
            <dt className="text-slate-500">{label}</dt>
            <dd className="min-w-0 break-words text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>

      {missing ? (
        <div role="alert" className="flex gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <TriangleAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          <p>
            '{missing}' is not a member of this team, so the task was left unassigned. You can assign it from the task
            details.
          </p>
        </div>
      ) : null}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCreateAnother}>
          Create Another
        </Button>
        <Button onClick={onDone}>Done</Button>
      </div>
    </section>
  );
}

/** The server checks its dates; a malformed one is still shown as sent rather than breaking the summary. */
function readableDate(date: string): string {
  try {
    return formatCalendarDate(date);
  } catch {
    return date;
  }
}

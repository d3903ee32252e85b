import { History } from 'lucide-react';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state';
import { serverMessage } from '../../../lib/api-error';
import { changeCount, historyLines, type CustomFieldNames, type HistoryLine, type TaskNames } from '../model/history-format';
import type { TimelineTask } from '../model/timeline-task';
import { useTaskHistory } from '../tasks.queries';
import type { Person } from './timeline-context';

interface TaskHistoryProps {
  task: TimelineTask;
  people: ReadonlyMap<string, Person>;
  /** Names of the project's tasks, for a parent recorded by id. */
  taskName?: TaskNames;
  /** The project's custom fields, to name a custom value's line by its field (issue 39). */
  customFields?: CustomFieldNames;
}

/** The words for what a line did, when "changed <field>" would not say it. */
const ACTIONS: Partial<Record<HistoryLine['kind'], string>> = {
  created: 'created the task',
  deleted: 'deleted the task',
  'link-added': 'added a dependency',
  'link-removed': 'removed a dependency',
  'link-changed': 'changed a dependency',
};

/** Change History: how many changes, then who changed what from what to what, when and why. */
export function TaskHistory({ task, people, taskName, customFields }: TaskHistoryProps) {
  // Kept current by the 'task:updated' event (features/realtime), sent once a change and its history are stored.
  const history = useTaskHistory(task.id, true);
  const lines = history.data ? historyLines(history.data, people, new Date(), taskName, customFields) : [];

  if (history.isPending) return <LoadingBlock label="Loading change history" />;
  if (history.isError) {
    return (
      <ErrorBlock
        message={serverMessage(history.error) ?? "We couldn't load this task's history."}
        onRetry={() => void history.refetch()}
        retrying={history.isFetching}
      />
    );
  }

  return (
    <div className="space-y-3">
      <p className="flex items-center gap-2 text-sm font-medium text-slate-700">
        <History aria-hidden="true" className="h-4 w-4 text-slate-500" />
        <span data-history-count>{changeCount(lines.length)}</span>
      </p>
      {/* Focusable, so the list scrolls by keyboard too (its items hold nothing else to focus). */}
      <div
        role="region"
        aria-label="Recorded changes"
        tabIndex={0}
        className="h-72 overflow-y-auto rounded-md border border-slate-200 bg-slate-50 p-2 focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none"
      >
        <ol aria-label="Change history" className="space-y-2">
          {lines.length === 0 ? <li className="p-3 text-sm text-slate-500">No changes recorded yet.</li> : null}
          {lines.map((line) => (
            <li key={line.id} className="rounded-md border border-slate-200 bg-white p-3 text-sm">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="text-slate-900">
                  <span className="font-semibold">{line.who}</span> {ACTIONS[line.kind] ?? <>changed <span className="font-medium">{line.field}</span></>}
                </p>
                <time dateTime={line.at} title={new Date(line.at).toLocaleString()} className="text-xs text-slate-500">
                  {line.when}
                </time>
              </div>
              {line.kind === 'created' || line.kind === 'link-added' ? (
                <p className="mt-1 text-slate-700">{line.to}</p>
              ) : line.kind === 'link-removed' || line.kind === 'deleted' ? (
                <p className="mt-1 break-words text-slate-500 line-through decoration-slate-300">{line.from}</p>
              ) : (
                <p className="mt-1 break-words text-slate-700">
                  <span className="text-slate-500 line-through decoration-slate-300">{line.from}</span>
                  <span aria-hidden="true" className="mx-1.5 text-slate-400">→</span>
                  <span className="sr-only"> to </span>
                  <span className="font-medium text-slate-900">{line.to}</span>
                </p>
              )}
              {line.reason ? (
                <p className="mt-1.5 border-l-2 border-blue-200 pl-2 text-slate-600 italic">
                  <span className="sr-only">Reason: </span>“{line.reason}”
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      </div>
    </div>
  );
}

import { WORKLOAD_SCALES, type WorkloadScale } from '@planline/domain';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { ChevronDown, ChevronLeft, ChevronRight, Clock, TriangleAlert } from 'lucide-react';
import { Fragment, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ErrorBlock } from '../../../components/ui/query-state';
import { Spinner } from '../../../components/ui/spinner';
import { paymentRequired, serverMessage } from '../../../lib/api-error';
import { cn } from '../../../lib/cn';
import { SKIP_TARGET_IDS } from '../../../lib/skip-targets';
import { useWorkspaceUi } from '../../../app/workspace-ui.store';
import { showTaskInChart } from '../../gantt';
import { CapacityDialog, ProFeatureUpgrade } from '../../teams';
import { createReassigner, isUndoKey, type ReassignRequest, type RowPerson } from '../reassign';
import {
  cellFigure,
  cellLabel,
  columnTitle,
  formatHours,
  hasNoWork,
  isPreviewCell,
  LEVEL_CLASSES,
  loadLevel,
  localToday,
  rangeFor,
  rangeTitle,
  rowTasks,
  shiftAnchor,
  withPreviews,
  workloadKey,
  workloadRows,
  type TeamWorkload,
  type WorkloadPerson,
} from '../workload-view-model';
import { DraggableTask, DropRow, ReassignDnd, ReassignMenu } from './reassign-controls';
import { useWorkloadPreviews } from '../workload-live';

const SCALE_LABELS: Record<WorkloadScale, string> = { day: 'Day', week: 'Week', month: 'Month' };
export const EMPTY_WORKLOAD = 'No one on this team has work in this range';

/** /workload?teamId=: one row per person and "Unassigned", a cell per day, week or month (issue 36). */
export function WorkloadView({ teamId, teamName, userId }: { teamId: string; teamName: string | null; userId: string }) {
  const [scale, setScale] = useState<WorkloadScale>('week');
  const [anchor, setAnchor] = useState(() => localToday());
  const range = rangeFor(scale, anchor);
  const workload = useQuery<TeamWorkload>({ queryKey: workloadKey(teamId, scale, range), placeholderData: keepPreviousData });
  const payment = paymentRequired(workload.error);
  const queryClient = useQueryClient();
  // [workload-reassign] This view's reassigns: Ctrl+Z while it is open undoes the last one.
  const reassigner = useMemo(() => createReassigner(queryClient, teamId), [queryClient, teamId]);
  const reassign = (request: ReassignRequest) => void reassigner.reassign(request);
  // On the document, not the view's element: a reassign from the menu takes the task's row (and the focus) away.
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      const target = event.target instanceof HTMLElement ? event.target : null;
      if (event.defaultPrevented || !isUndoKey(event) || (target && isTextEntry(target)) || !reassigner.last()) return;
      event.preventDefault();
      void reassigner.undo();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [reassigner]);
  // [workload-preview] Teammates' bars being dragged, over the stored figures.
  const previews = useWorkloadPreviews(teamId);
  const shown = workload.data ? withPreviews(workload.data, previews, workload.dataUpdatedAt) : undefined;

  return (
    <main id={SKIP_TARGET_IDS.main} className="flex min-w-0 flex-1 flex-col gap-4 p-4 sm:p-6">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="mr-auto text-xl font-semibold text-slate-900">
          Workload{teamName ? <span className="font-normal text-slate-600"> · {teamName}</span> : null}
        </h1>
        <div role="group" aria-label="Scale" className="inline-flex rounded-md border border-slate-300 bg-white p-0.5">
          {WORKLOAD_SCALES.map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={scale === option}
              onClick={() => setScale(option)}
              className={cn(
                'rounded px-3 py-1.5 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600',
                scale === option ? 'bg-blue-600 text-white' : 'text-slate-700 hover:bg-slate-100',
              )}
            >
              {SCALE_LABELS[option]}
            </button>
          ))}
        </div>
        <div className="flex items-center gap-1">
          <Button variant="outline" size="icon" aria-label="Previous range" onClick={() => setAnchor(shiftAnchor(scale, anchor, -1))}>
            <ChevronLeft aria-hidden="true" className="h-4 w-4" />
          </Button>
          <Button variant="outline" size="sm" onClick={() => setAnchor(localToday())}>
            Today
          </Button>
          <Button variant="outline" size="icon" aria-label="Next range" onClick={() => setAnchor(shiftAnchor(scale, anchor, 1))}>
            <ChevronRight aria-hidden="true" className="h-4 w-4" />
          </Button>
        </div>
        <p className="w-full text-sm text-slate-600" aria-live="polite">
          {rangeTitle(range)}
        </p>
      </header>

      {payment ? (
        <ProFeatureUpgrade payment={payment} userId={userId} teamId={teamId} titleId="workload-upgrade-title" heading="h2" className="mx-auto max-w-md rounded-lg border border-slate-200 bg-white p-6" />
      ) : workload.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner label="Loading workload" />
        </div>
      ) : workload.isError && !workload.data ? (
        <ErrorBlock
          message={serverMessage(workload.error) ?? 'The workload could not be loaded.'}
          onRetry={() => void workload.refetch()}
          retrying={workload.isFetching}
        />
      ) : shown ? (
        hasNoWork(shown) ? (
          <p className="rounded-md border border-slate-200 bg-white p-6 text-center text-sm text-slate-600">{EMPTY_WORKLOAD}</p>
        ) : (
          <ReassignDnd onReassign={reassign}>
            <WorkloadGrid workload={shown} teamId={teamId} userId={userId} onReassign={reassign} />
          </ReassignDnd>
        )
      ) : null}
    </main>
  );
}

/** A field that takes Ctrl+Z for its own text (the capacity dialog's), or anything in a dialog. */
function isTextEntry(el: HTMLElement): boolean {
  return el.isContentEditable || el.closest('input, textarea, select, [role="dialog"], [role="alertdialog"]') !== null;
}

interface WorkloadGridProps {
  workload: TeamWorkload;
  teamId: string;
  userId: string;
  onReassign: (request: ReassignRequest) => void;
}

function WorkloadGrid({ workload, teamId, userId, onReassign }: WorkloadGridProps) {
  const [editingCapacity, setEditingCapacity] = useState(false);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const rows = workloadRows(workload);
  const columns = workload.unassigned.buckets.map((b) => columnTitle(workload.scale, b.start));
  const people: RowPerson[] = rows.map(({ userId: id, name }) => ({ userId: id, name }));
  const toggle = (key: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  return (
    // The region scrolls sideways on a phone; the name column stays in view.
    <div role="region" aria-label="Workload by person" tabIndex={0} className="overflow-x-auto rounded-md border border-slate-200 bg-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600">
      <table className="w-full border-collapse text-sm">
        <thead>
          <tr>
            <th scope="col" className="sticky left-0 z-10 min-w-40 border-b border-slate-200 bg-white px-3 py-2 text-left font-medium text-slate-700">
              Person
            </th>
            {columns.map((title) => (
              <th key={title} scope="col" className="min-w-24 border-b border-slate-200 px-2 py-2 text-left font-medium whitespace-nowrap text-slate-700">
                {title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((person) => {
            const key = person.userId ?? 'unassigned';
            return (
              <PersonRows
                key={key}
                person={person}
                columns={columns}
                projects={workload.projects}
                people={people}
                onReassign={onReassign}
                open={expanded.has(key)}
                onToggle={() => toggle(key)}
                onEditCapacity={person.userId === userId ? () => setEditingCapacity(true) : undefined}
              />
            );
          })}
        </tbody>
      </table>
      {/* [capacity-dialog] Each person edits their own capacity from their row (issue 36). */}
      <CapacityDialog teamId={teamId} userId={userId} name={null} open={editingCapacity} onOpenChange={setEditingCapacity} />
    </div>
  );
}

interface PersonRowsProps {
  person: WorkloadPerson;
  columns: string[];
  projects: TeamWorkload['projects'];
  /** Every row of the view: where a task may be reassigned to. */
  people: readonly RowPerson[];
  onReassign: (request: ReassignRequest) => void;
  open: boolean;
  onToggle: () => void;
  /** Set on the viewer's own row: opens their Capacity dialog. */
  onEditCapacity?: (() => void) | undefined;
}

export function PersonRows({ person, columns, projects, people, onReassign, open, onToggle, onEditCapacity }: PersonRowsProps) {
  const tasks = open ? rowTasks(person, projects) : [];
  const from: RowPerson = { userId: person.userId, name: person.name };
  return (
    <Fragment>
      <DropRow person={from}>
        <th scope="row" className="sticky left-0 z-10 bg-white px-1 py-1 text-left font-normal">
          <div className="flex items-center gap-1">
            <button
              type="button"
              aria-expanded={open}
              onClick={onToggle}
              className="flex w-full items-center gap-1 rounded px-2 py-1.5 text-left font-medium text-slate-900 hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
            >
              {open ? <ChevronDown aria-hidden="true" className="h-4 w-4 shrink-0" /> : <ChevronRight aria-hidden="true" className="h-4 w-4 shrink-0" />}
              <span className="truncate">{person.name}</span>
            </button>
            {onEditCapacity ? (
              <Button variant="ghost" size="icon" aria-label="Your capacity" title="Your capacity" onClick={onEditCapacity} className="h-8 w-8 shrink-0">
                <Clock aria-hidden="true" className="h-4 w-4" />
              </Button>
            ) : null}
          </div>
        </th>
        {person.buckets.map((bucket, i) => {
          const level = loadLevel(bucket.allocatedHours, bucket.capacityHours);
          return (
            <td key={bucket.start} className="px-1 py-1">
              <span
                aria-label={cellLabel(person.name, columns[i] ?? bucket.start, bucket)}
                role="img"
                data-level={level}
                data-preview={isPreviewCell(bucket) || undefined}
                className={cn('flex items-center gap-1 rounded px-2 py-1.5 whitespace-nowrap tabular-nums', LEVEL_CLASSES[level], isPreviewCell(bucket) && 'outline-2 outline-offset-[-2px] outline-blue-500 outline-dashed')}
              >
                {level === 'over' ? <TriangleAlert aria-hidden="true" className="h-3.5 w-3.5 shrink-0" /> : null}
                {cellFigure(bucket)}
              </span>
            </td>
          );
        })}
      </DropRow>
      {tasks.map((task) => (
        <tr key={task.key} className="border-b border-slate-100 bg-slate-50/60">
          <th scope="row" className="sticky left-0 z-10 bg-slate-50 py-1 pr-2 pl-8 text-left font-normal">
            {task.taskId && task.projectId ? (
              // A task of a project the viewer can open, which they may edit (every member and guest does).
              <div className="flex items-center gap-1">
                <DraggableTask taskId={task.taskId} taskName={task.name} from={from}>
                  <OpenTaskLink projectId={task.projectId} taskId={task.taskId} name={task.name} projectName={task.projectName} />
                </DraggableTask>
                <ReassignMenu taskId={task.taskId} taskName={task.name} from={from} people={people} onReassign={onReassign} />
              </div>
            ) : (
              <span className="text-slate-600">{task.name}</span>
            )}
          </th>
          {task.hours.map((hours, i) => (
            <td key={i} className="px-3 py-1 text-slate-700 tabular-nums">
              {hours > 0 ? formatHours(hours) : <span className="sr-only">none</span>}
            </td>
          ))}
        </tr>
      ))}
      {open && tasks.length === 0 ? (
        <tr className="border-b border-slate-100 bg-slate-50/60">
          <td colSpan={columns.length + 1} className="py-2 pl-8 text-slate-600">
            No tasks in this range
          </td>
        </tr>
      ) : null}
    </Fragment>
  );
}

/** Opens the task's project in the chart, as the project list does, with the task selected and scrolled to. */
function OpenTaskLink({ projectId, taskId, name, projectName }: { projectId: string; taskId: string; name: string; projectName: string | null }) {
  const navigate = useNavigate();
  const selectProject = useWorkspaceUi((state) => state.selectProject);
  const setView = useWorkspaceUi((state) => state.setView);
  return (
    <button
      type="button"
      onClick={() => {
        selectProject(projectId);
        setView('gantt');
        showTaskInChart(taskId);
        void navigate('/');
      }}
      className="max-w-64 truncate rounded text-left text-blue-700 underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
    >
      {name}
      {projectName ? <span className="text-slate-600"> · {projectName}</span> : null}
    </button>
  );
}


import { addDays, daysBetween, formatDrift, PROJECT_STATUSES, type PortfolioProject, type ProjectStatus } from '@planline/domain';
import { ChevronDown, ChevronRight, Diamond } from 'lucide-react';
import { useMemo, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { ErrorBlock, LoadingBlock } from '../../components/ui/query-state';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { errorStatus, serverMessage } from '../../lib/api-error';
import { cn } from '../../lib/cn';
import { toast } from '../../lib/toast.store';
import { usePortfolio, useShiftProject } from './portfolio.queries';
import { useSummaryRows } from './summary-rows';

type SortKey = 'start' | 'finish' | 'health';
type StatusFilter = ProjectStatus | 'all';

const STATUS_LABEL: Record<ProjectStatus, string> = { active: 'Active', 'on-hold': 'On hold', completed: 'Completed' };
const SORTS: { value: SortKey; label: string }[] = [
  { value: 'start', label: 'Start' },
  { value: 'finish', label: 'Finish' },
  { value: 'health', label: 'Health (latest first)' },
];
/** The timeline's width per day: as wide as the screen allows, never narrower than this. */
const MIN_DAY_PX = 2;
const TRACK_PX = 900;

/** Health against the latest baseline, in words and colour: late, early or on plan, or no baseline to say. */
function health(project: PortfolioProject): { text: string; tone: 'late' | 'ok' | 'none'; title: string } {
  const drift = project.baselineDriftDays;
  if (drift === null) return { text: 'No baseline', tone: 'none', title: 'Save a baseline in the project to see how its finish moves' };
  const against = `against «${project.baselineName ?? 'the latest baseline'}»`;
  if (drift > 0) return { text: `${formatDrift(drift)} late`, tone: 'late', title: `The finish is ${drift} working days later than ${against}` };
  if (drift < 0) return { text: `${formatDrift(drift)} early`, tone: 'ok', title: `The finish is ${-drift} working days earlier than ${against}` };
  return { text: 'On plan', tone: 'ok', title: `The finish is where it was ${against}` };
}

function sorted(projects: readonly PortfolioProject[], by: SortKey): PortfolioProject[] {
  const last = '9999-12-31';
  const key = (p: PortfolioProject): [number | string, string] =>
    by === 'start' ? [p.start ?? last, p.name] : by === 'finish' ? [p.end ?? last, p.name] : [-(p.baselineDriftDays ?? -Infinity), p.name];
  return [...projects].sort((a, b) => {
    const [x, xn] = key(a);
    const [y, yn] = key(b);
    return x < y ? -1 : x > y ? 1 : xn.localeCompare(yn);
  });
}

/**
 * /portfolio?teamId= (issue 40): every project of the team the person can see on one timeline: its span, progress,
 * milestones and health against its latest baseline. A row opens to its summary tasks; dragging a project's bar (or
 * its arrow keys, then Enter) moves all its tasks by the same working days, one edit with Undo. Live: any change in
 * one of the projects moves its row within a second (portfolio.queries.ts notePortfolioChange).
 */
export function PortfolioView({ teamId, teamName }: { teamId: string; teamName: string }) {
  const portfolio = usePortfolio(teamId);
  const [status, setStatus] = useState<StatusFilter>('all');
  const [sort, setSort] = useState<SortKey>('start');
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());

  const rows = useMemo(() => {
    const projects = portfolio.data?.projects ?? [];
    return sorted(status === 'all' ? projects : projects.filter((p) => p.status === status), sort);
  }, [portfolio.data, status, sort]);
  const span = useMemo(() => {
    const dated = (portfolio.data?.projects ?? []).filter((p) => p.start && p.end);
    if (!dated.length) return null;
    const from = addDays(dated.reduce((min, p) => (p.start! < min ? p.start! : min), dated[0]!.start!), -7);
    const to = addDays(dated.reduce((max, p) => (p.end! > max ? p.end! : max), dated[0]!.end!), 7);
    const days = daysBetween(from, to) + 1;
    return { from, days, dayPx: Math.max(MIN_DAY_PX, TRACK_PX / days) };
  }, [portfolio.data]);

  const heading = (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Portfolio</h1>
        <p className="text-sm text-slate-600">Every project of {teamName} on one timeline</p>
      </div>
      <div className="flex flex-wrap gap-3">
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <span>Status</span>
          <Select value={status} onValueChange={(v) => setStatus(v as StatusFilter)}>
            <SelectTrigger className="w-36" aria-label="Show projects of status">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="all">All statuses</SelectItem>
              {PROJECT_STATUSES.map((s) => (
                <SelectItem key={s} value={s}>
                  {STATUS_LABEL[s]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <span>Sort by</span>
          <Select value={sort} onValueChange={(v) => setSort(v as SortKey)}>
            <SelectTrigger className="w-44" aria-label="Sort projects by">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {SORTS.map((s) => (
                <SelectItem key={s.value} value={s.value}>
                  {s.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </label>
      </div>
    </div>
  );

  if (portfolio.isPending) return <Frame heading={heading}><LoadingBlock label="Loading the portfolio" /></Frame>;
  if (portfolio.isError) {
    if (errorStatus(portfolio.error) === 402) {
      return (
        <Frame heading={heading}>
          <section aria-labelledby="portfolio-upgrade" className="rounded-lg border border-blue-200 bg-blue-50 p-6">
            <h2 id="portfolio-upgrade" className="text-lg font-semibold text-slate-900">
              See all your projects on one timeline
            </h2>
            <p className="mt-1 text-sm text-slate-700">{serverMessage(portfolio.error)}</p>
            <Link to="/upgrade?plan=enterprise" className={cn(buttonClasses('primary', 'md'), 'mt-4')}>
              Upgrade to Enterprise
            </Link>
          </section>
        </Frame>
      );
    }
    return (
      <Frame heading={heading}>
        <ErrorBlock message="The portfolio could not be loaded." onRetry={() => void portfolio.refetch()} retrying={portfolio.isFetching} />
      </Frame>
    );
  }
  if (!portfolio.data.projects.length) {
    return (
      <Frame heading={heading}>
        <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600">This team has no projects yet.</p>
      </Frame>
    );
  }
  return (
    <Frame heading={heading}>
      {rows.length === 0 ? (
        <p className="p-6 text-center text-slate-600">No project is {STATUS_LABEL[status as ProjectStatus].toLowerCase()}.</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <ul aria-label="Projects" className="min-w-max divide-y divide-slate-100">
            {rows.map((project) => (
              <PortfolioRow
                key={project.id}
                teamId={teamId}
                project={project}
                span={span}
                expanded={open.has(project.id)}
                onToggle={() =>
                  setOpen((was) => {
                    const next = new Set(was);
                    if (!next.delete(project.id)) next.add(project.id);
                    return next;
                  })
                }
              />
            ))}
          </ul>
        </div>
      )}
    </Frame>
  );
}

function Frame({ heading, children }: { heading: ReactNode; children: ReactNode }) {
  return (
    <main className="mx-auto max-w-[1400px] space-y-4 px-4 py-6 sm:px-6">
      {heading}
      {children}
    </main>
  );
}

interface Span {
  from: string;
  days: number;
  dayPx: number;
}

const leftOf = (span: Span, date: string) => daysBetween(span.from, date) * span.dayPx;

function PortfolioRow({ teamId, project, span, expanded, onToggle }: { teamId: string; project: PortfolioProject; span: Span | null; expanded: boolean; onToggle: () => void }) {
  const h = health(project);
  const summaries = useSummaryRows(project.id, expanded);
  return (
    <li className="text-sm">
      <div className="flex items-center">
        <div className="sticky left-0 z-10 flex w-44 shrink-0 items-center gap-1 bg-white px-2 py-2 sm:w-72">
          <button
            type="button"
            onClick={onToggle}
            aria-expanded={expanded}
            aria-label={`Summary tasks of ${project.name}`}
            className="flex h-6 w-6 shrink-0 items-center justify-center rounded text-slate-600 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none"
          >
            {expanded ? <ChevronDown aria-hidden="true" className="h-4 w-4" /> : <ChevronRight aria-hidden="true" className="h-4 w-4" />}
          </button>
          <div className="min-w-0 flex-1">
            <Link to={`/?project=${encodeURIComponent(project.id)}`} className="block truncate font-medium text-slate-900 hover:underline">
              {project.name}
            </Link>
            <span className="flex flex-wrap gap-x-2 text-xs text-slate-600">
              <span>{STATUS_LABEL[project.status]}</span>
              <span>{project.progress}% done</span>
              <span
                title={h.title}
                className={cn(h.tone === 'late' ? 'font-semibold text-red-700' : h.tone === 'ok' ? 'text-green-800' : 'text-slate-600')}
              >
                {h.text}
              </span>
            </span>
          </div>
        </div>
        <div className="relative h-10 shrink-0" style={{ width: span ? span.days * span.dayPx : TRACK_PX }}>
          {span && project.start && project.end ? <ProjectBar teamId={teamId} project={project} span={span} /> : <span className="absolute top-3 left-2 text-xs text-slate-500">No tasks yet</span>}
        </div>
      </div>
      {expanded ? (
        <ul aria-label={`Summary tasks of ${project.name}`} className="border-t border-slate-100 bg-slate-50">
          {summaries.isPending ? (
            <li className="px-10 py-2 text-xs text-slate-600">Loading summary tasks…</li>
          ) : summaries.isError ? (
            <li className="px-10 py-2 text-xs text-red-700">The summary tasks could not be loaded.</li>
          ) : summaries.rows.length === 0 ? (
            <li className="px-10 py-2 text-xs text-slate-600">This project has no summary tasks.</li>
          ) : (
            summaries.rows.map((s) => (
              <li key={s.id} className="flex items-center">
                <span className="sticky left-0 z-10 w-44 shrink-0 truncate bg-slate-50 py-1.5 pr-2 pl-10 text-xs text-slate-700 sm:w-72">{s.name}</span>
                <span className="relative h-7 shrink-0" style={{ width: span ? span.days * span.dayPx : TRACK_PX }}>
                  {span ? (
                    <span
                      aria-hidden="true"
                      className="absolute top-2 h-3 rounded-sm bg-slate-500"
                      style={{ left: leftOf(span, s.startDate), width: Math.max(span.dayPx, (daysBetween(s.startDate, s.endDate) + 1) * span.dayPx) }}
                    />
                  ) : null}
                </span>
              </li>
            ))
          )}
        </ul>
      ) : null}
    </li>
  );
}

/**
 * A project's bar. Dragged (pointer) or moved with the arrow keys (a day each; Shift: a week), it shows where the
 * project would start; let go (or Enter) moves every task there by the same working days, Escape puts it back.
 */
function ProjectBar({ teamId, project, span }: { teamId: string; project: PortfolioProject; span: Span }) {
  const shift = useShiftProject(teamId);
  const [offsetDays, setOffsetDays] = useState(0);
  const drag = useRef<{ x: number; pointerId: number } | null>(null);
  const start = project.start!;
  const end = project.end!;
  const width = Math.max(span.dayPx * 2, (daysBetween(start, end) + 1) * span.dayPx);

  const commit = (days: number) => {
    setOffsetDays(0);
    if (days === 0) return;
    const from = start;
    shift.mutate(
      { projectId: project.id, startDate: addDays(from, days) },
      {
        onSuccess: (answer) => {
          if (answer.workingDays === 0) return;
          toast({
            title: `«${project.name}» shifted ${formatDrift(answer.workingDays)}`,
            description: `${answer.tasks} tasks moved by the same working days.`,
            action: { label: 'Undo', altText: `Undo the shift of ${project.name}`, onSelect: () => shift.mutate({ projectId: project.id, startDate: from }) },
          });
        },
        onError: (err) => toast({ title: `Could not shift «${project.name}»`, description: serverMessage(err) ?? 'Please try again.', variant: 'destructive' }),
      },
    );
  };

  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    if (event.button !== 0 || shift.isPending) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x: event.clientX, pointerId: event.pointerId };
  };
  const onPointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    if (drag.current?.pointerId !== event.pointerId) return;
    setOffsetDays(Math.round((event.clientX - drag.current.x) / span.dayPx));
  };
  const onPointerUp = (event: PointerEvent<HTMLButtonElement>) => {
    if (drag.current?.pointerId !== event.pointerId) return;
    drag.current = null;
    commit(Math.round(offsetDays));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = event.shiftKey ? 7 : 1;
    if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      event.preventDefault();
      setOffsetDays((d) => d + (event.key === 'ArrowRight' ? step : -step));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      commit(offsetDays);
    } else if (event.key === 'Escape') {
      setOffsetDays(0);
    }
  };

  const moving = offsetDays !== 0;
  return (
    <>
      <button
        type="button"
        data-portfolio-bar={project.id}
        aria-label={`${project.name}: ${start} to ${end}, ${project.progress}% done${moving ? `; moving to start ${addDays(start, offsetDays)}, Enter to move, Escape to cancel` : '. Arrow keys move it, Enter drops it'}`}
        title="Drag to move the whole project; its tasks keep their working days"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          drag.current = null;
          setOffsetDays(0);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => !drag.current && setOffsetDays(0)}
        disabled={shift.isPending}
        className={cn(
          'absolute top-2 h-6 cursor-grab touch-none overflow-hidden rounded bg-blue-200 focus-visible:ring-2 focus-visible:ring-blue-700 focus-visible:outline-none',
          moving && 'cursor-grabbing opacity-80 ring-2 ring-blue-500',
        )}
        style={{ left: leftOf(span, start) + offsetDays * span.dayPx, width }}
      >
        <span aria-hidden="true" className="block h-full bg-blue-600" style={{ width: `${project.progress}%` }} />
      </button>
      {project.milestones.map((m) => (
        <span
          key={m.id}
          title={`${m.name}: ${m.date}`}
          className="pointer-events-none absolute top-7 -ml-1.5 text-amber-700"
          style={{ left: leftOf(span, m.date) + span.dayPx / 2 + offsetDays * span.dayPx }}
        >
          <Diamond aria-hidden="true" className="h-3 w-3 fill-current" />
          <span className="sr-only">
            Milestone {m.name} on {m.date}
          </span>
        </span>
      ))}
    </>
  );
}

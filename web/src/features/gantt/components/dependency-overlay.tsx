import { CRITICAL_PATH_COLOR, taskGeometry } from '@planline/domain';
import { memo, useId, useMemo, type KeyboardEvent } from 'react';
import { useStore } from 'zustand';
import { displayedDates } from '../model/displayed-dates';
import { dragStore } from '../model/drag.store';
import { linkPath, linkSides, type BarBox } from '../model/link-route';
import { draftPointerAt } from '../model/link-draft';
import { linkStore } from '../model/link.store';
import { linkKey, linkLabel, violatedLinksSince, violationText, type DependencyEdge } from '../model/links';
import { usePlanSchedule } from '../model/schedule';
import type { RemoteLinkDraft } from '../model/presence';
import type { TimelineTask } from '../model/timeline-task';
import { useTimelineView } from '../model/timeline-view.store';
import { useWorkCalendar } from '../model/work-calendar';
import { useAfterPaint } from '../../../lib/use-after-paint';
import { ROW_HEIGHT_PX } from './layout';
import { LinkPopover } from './link-popover';
import { useTimeline } from './timeline-context';

const NO_PLAN: { tasks: ReadonlyMap<string, TimelineTask>; edges: readonly DependencyEdge[]; edgesByTask: ReadonlyMap<string, readonly DependencyEdge[]> } = {
  tasks: new Map(),
  edges: [],
  edgesByTask: new Map(),
};

/** Arrow heads keep one size whatever the line's width (a selected or critical arrow is thicker). */
const ARROW_HEAD_PX = 12;

interface DrawnLink {
  key: string;
  edge: DependencyEdge;
  d: string;
  label: string;
  /** Why the link is broken, when it is. */
  problem: string | null;
  /** Between two critical tasks, while the critical path is shown. */
  critical: boolean;
  /** Where its popover opens: the successor's end of the arrow. */
  anchor: { x: number; y: number };
}

type BoxOf = (taskId: string) => { bar: BarBox; cutStart: boolean; cutEnd: boolean } | null;

/** A link being drawn: from its bar's end (when on screen) to `end`. */
function draftLine(fromTaskId: string, side: 'start' | 'end', box: BoxOf, end: () => { x: number; y: number }) {
  const from = box(fromTaskId);
  if (!from || (side === 'end' ? from.cutEnd : from.cutStart)) return null;
  const to = end();
  return { x1: side === 'end' ? from.bar.right : from.bar.left, y1: from.bar.y, x2: to.x, y2: to.y };
}

/** Who is drawing a teammate's line: their name in their colour at its end, as on a bar they hold. */
function LinkDraftTag({ remote, x, y }: { remote: RemoteLinkDraft; x: number; y: number }) {
  return (
    <span
      aria-hidden="true"
      data-link-draft-holder={remote.user.id}
      className="pointer-events-none absolute z-[4] translate-x-2 -translate-y-full rounded px-1.5 py-0.5 text-[11px] leading-4 font-semibold whitespace-nowrap text-white"
      style={{ left: x, top: y, backgroundColor: remote.user.color }}
    >
      {remote.user.name} <span className="font-normal opacity-90">linking</span>
    </span>
  );
}

/**
 * Dependency arrows, routed by link type (SVG over the grid, under the bars; link-route.ts). Only the arrows
 * touching rows `firstRow` to `lastRow` (the blocks of rows on screen) are drawn, so the work does not grow with
 * the plan; it re-renders when its stores change or the rows cross into another block, not on every scrolled frame. A broken link is red and says by
 * how much; an arrow can be focused, clicked to edit it in a popover, and deleted with Delete. Links being drawn
 * show here too: this browser's, and teammates' in their colours (presence).
 */
export const DependencyOverlay = memo(function DependencyOverlay({ firstRow, lastRow, height }: { firstRow: number; lastRow: number; height: number }) {
  const { connection, range, zoom, timelineWidth, nameColumnPx, readOnly } = useTimeline();
  const markerId = `dep-arrow-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const { rows, rowIndex, tasks, edges, edgesByTask } = useStore(connection.tasks);
  const drag = useStore(dragStore, (s) => s.drag);
  const activities = useStore(connection.presence, (s) => s.activities);
  const { selected, draft } = useStore(linkStore);
  const remoteDrafts = useStore(connection.presence, (s) => s.linkDrafts);
  const calendar = useWorkCalendar();
  // Judging the links waits for a render of its own after a frame is painted: the bars and arrows paint first,
  // and a broken link turns red a moment later. Every link is judged once (20,000 in a 100,000-task plan: ~0.2 s,
  // ~0.9 s on a slow machine); after a change, only the links at the tasks it changed.
  const plan = useMemo(() => ({ tasks, edges, edgesByTask }), [tasks, edges, edgesByTask]);
  const judged = useAfterPaint(plan, NO_PLAN);
  const violations = useMemo(() => violatedLinksSince(judged.tasks, judged.edges, judged.edgesByTask, calendar), [judged, calendar]);
  const showCritical = useTimelineView((s) => s.showCriticalPath);
  const criticalLinks = usePlanSchedule(connection.tasks, (s) => s.criticalLinkKeys, showCritical);

  const shownEdges = new Set<DependencyEdge>();
  for (let i = Math.max(0, firstRow); i <= Math.min(lastRow, rows.length - 1); i += 1) {
    for (const edge of edgesByTask.get(rows[i]!) ?? []) shownEdges.add(edge);
  }

  const box = (taskId: string) => {
    const task = tasks.get(taskId);
    const index = rowIndex.get(taskId);
    if (!task || index === undefined) return null;
    const geometry = taskGeometry({ ...displayedDates(task, drag, activities.get(taskId)), kind: task.kind }, range, zoom);
    if (!geometry) return null;
    // [bar-true-span] Arrows join the task's own days, not the 80 px a short bar takes for its name.
    const bar: BarBox = { left: geometry.left, right: geometry.left + geometry.spanWidth, y: index * ROW_HEIGHT_PX + ROW_HEIGHT_PX / 2 };
    return { bar, cutStart: geometry.cutStart, cutEnd: geometry.cutEnd };
  };

  const drawn: DrawnLink[] = [];
  for (const edge of shownEdges) {
    const from = box(edge.dependsOnTaskId);
    const to = box(edge.taskId);
    if (!from || !to) continue;
    // An end outside the range has no point to leave from or arrive at on screen.
    const { leavesRight: leavesEnd, arrivesFromLeft: arrivesStart } = linkSides(edge.type);
    if ((leavesEnd ? from.cutEnd : from.cutStart) || (arrivesStart ? to.cutStart : to.cutEnd)) continue;
    const key = linkKey(edge);
    const predecessor = tasks.get(edge.dependsOnTaskId)!.name;
    const violation = violations.get(key);
    drawn.push({
      key,
      edge,
      d: linkPath(edge.type, from.bar, to.bar, ROW_HEIGHT_PX),
      label: linkLabel(predecessor, tasks.get(edge.taskId)!.name, edge),
      problem: violation ? violationText(violation, predecessor) : null,
      critical: criticalLinks?.has(key) ?? false,
      anchor: { x: arrivesStart ? to.bar.left : to.bar.right, y: to.bar.y },
    });
  }

  // A line ending on a bar ends at its start, where the drop's link (FS or SS) would arrive.
  const lineTo = (targetTaskId: string | null, pointer: { x: number; y: number }) => {
    const target = targetTaskId ? box(targetTaskId) : null;
    return target ? { x: target.bar.left, y: target.bar.y } : pointer;
  };
  const ownLine = draft ? draftLine(draft.fromTaskId, draft.side, box, () => lineTo(draft.targetTaskId, draft)) : null;
  const remoteLines = remoteDrafts.flatMap((remote) => {
    const row = rowIndex.get(remote.fromTaskId);
    const task = tasks.get(remote.fromTaskId);
    if (row === undefined || !task) return [];
    const from = { startDate: task.startDate, endDate: task.endDate, side: remote.pointer.side, row };
    const line = draftLine(remote.fromTaskId, remote.pointer.side, box, () =>
      lineTo(remote.pointer.targetTaskId, draftPointerAt(remote.pointer, from, { range, zoom, rowHeight: ROW_HEIGHT_PX })),
    );
    return line ? [{ ...line, remote }] : [];
  });
  const open = drawn.find((link) => link.key === selected);
  if (drawn.length === 0 && !ownLine && remoteLines.length === 0) return null;

  const onKeyDown = (event: KeyboardEvent<SVGPathElement>, link: DrawnLink) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      linkStore.setState({ selected: link.key });
    } else if ((event.key === 'Delete' || event.key === 'Backspace') && !readOnly) {
      event.preventDefault();
      connection.removeLink(link.edge.taskId, link.edge.dependsOnTaskId);
      linkStore.setState({ selected: null });
    } else if (event.key === 'Escape' && selected) {
      linkStore.setState({ selected: null });
    }
  };

  return (
    <>
      <svg
        role="group"
        aria-label="Dependencies"
        data-dependencies
        className="pointer-events-none absolute top-0 overflow-visible"
        style={{ left: nameColumnPx, width: timelineWidth, height }}
      >
        <defs>
          <marker id={markerId} viewBox="0 0 8 8" refX="7" refY="4" markerUnits="userSpaceOnUse" markerWidth={ARROW_HEAD_PX} markerHeight={ARROW_HEAD_PX} orient="auto-start-reverse">
            <path d="M 0 0 L 8 4 L 0 8 z" className="fill-slate-500" />
          </marker>
          <marker id={`${markerId}-red`} viewBox="0 0 8 8" refX="7" refY="4" markerUnits="userSpaceOnUse" markerWidth={ARROW_HEAD_PX} markerHeight={ARROW_HEAD_PX} orient="auto-start-reverse">
            <path d="M 0 0 L 8 4 L 0 8 z" className="fill-red-600" />
          </marker>
          <marker id={`${markerId}-critical`} viewBox="0 0 8 8" refX="7" refY="4" markerUnits="userSpaceOnUse" markerWidth={ARROW_HEAD_PX} markerHeight={ARROW_HEAD_PX} orient="auto-start-reverse">
            <path d="M 0 0 L 8 4 L 0 8 z" fill={CRITICAL_PATH_COLOR} />
          </marker>
        </defs>
        {drawn.map((link) => (
          <g key={link.key}>
            <path
              data-dependency={link.key}
              data-violated={link.problem ? true : undefined}
              data-critical={link.critical || undefined}
              d={link.d}
              fill="none"
              // A broken link is red first: that needs fixing, whatever else is true of it. A critical one is a
              // thicker line, so it reads without its colour.
              className={link.problem ? 'stroke-red-600' : link.key === selected ? 'stroke-blue-600' : link.critical ? undefined : 'stroke-slate-400'}
              stroke={!link.problem && link.key !== selected && link.critical ? CRITICAL_PATH_COLOR : undefined}
              strokeWidth={link.critical ? 3 : link.key === selected ? 2.5 : 1.5}
              markerEnd={`url(#${markerId}${link.problem ? '-red' : link.critical ? '-critical' : ''})`}
            />
            {/* The drawn line is thin: a wider invisible twin takes the pointer and the keyboard. */}
            <path
              role="button"
              tabIndex={0}
              aria-label={[link.label, link.critical ? 'On the critical path' : null, link.problem].filter(Boolean).join('. ')}
              aria-expanded={link.key === selected}
              data-link-hit={link.key}
              d={link.d}
              fill="none"
              stroke="transparent"
              strokeWidth={12}
              className="cursor-pointer outline-none focus-visible:stroke-blue-600/30"
              style={{ pointerEvents: 'stroke' }}
              onClick={(event) => {
                event.currentTarget.focus();
                linkStore.setState({ selected: link.key });
              }}
              onKeyDown={(event) => onKeyDown(event, link)}
            >
              <title>{link.problem ?? link.label}</title>
            </path>
          </g>
        ))}
        {ownLine ? <line data-link-draft {...ownLine} className="stroke-blue-600" strokeWidth={2} strokeDasharray="4 3" /> : null}
        {remoteLines.map(({ remote, ...line }) => (
          <g key={remote.clientId} data-remote-link-draft={remote.user.id} data-link-target={remote.pointer.targetTaskId ?? undefined}>
            <line {...line} stroke={remote.user.color} strokeWidth={2} strokeDasharray="4 3" />
            <circle cx={line.x2} cy={line.y2} r={4} fill={remote.user.color} />
          </g>
        ))}
      </svg>
      {remoteLines.map(({ remote, x2, y2 }) => (
        <LinkDraftTag key={remote.clientId} remote={remote} x={nameColumnPx + x2} y={y2} />
      ))}
      {open ? <LinkPopover key={open.key} edge={open.edge} label={open.label} problem={open.problem} anchor={open.anchor} /> : null}
    </>
  );
});

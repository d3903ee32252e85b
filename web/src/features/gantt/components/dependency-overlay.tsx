import { taskGeometry } from '@planline/domain';
import { useId, useMemo, type KeyboardEvent } from 'react';
import { useStore } from 'zustand';
import { displayedDates } from '../model/displayed-dates';
import { dragStore } from '../model/drag.store';
import { linkPath, linkSides, type BarBox } from '../model/link-route';
import { linkStore } from '../model/link.store';
import { linkKey, linkLabel, violatedLinks, violationText, type DependencyEdge } from '../model/links';
import { ROW_HEIGHT_PX } from './layout';
import { LinkPopover } from './link-popover';
import { useTimeline } from './timeline-context';

interface DrawnLink {
  key: string;
  edge: DependencyEdge;
  d: string;
  label: string;
  /** Why the link is broken, when it is. */
  problem: string | null;
  /** Where its popover opens: the successor's end of the arrow. */
  anchor: { x: number; y: number };
}

/**
 * Dependency arrows, routed by link type (SVG over the grid, under the bars; link-route.ts). Only the arrows
 * touching rows on screen are drawn, so the work does not grow with the plan. A broken link is red and says by
 * how much; an arrow can be focused, clicked to edit it in a popover, and deleted with Delete.
 */
export function DependencyOverlay({ firstRow, lastRow, height }: { firstRow: number; lastRow: number; height: number }) {
  const { connection, range, zoom, timelineWidth, nameColumnPx, readOnly } = useTimeline();
  const markerId = `dep-arrow-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const { rows, rowIndex, tasks, edges, edgesByTask } = useStore(connection.tasks);
  const drag = useStore(dragStore, (s) => s.drag);
  const activities = useStore(connection.presence, (s) => s.activities);
  const { selected, draft } = useStore(linkStore);
  const violations = useMemo(() => violatedLinks(tasks, edges), [tasks, edges]);

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
    const bar: BarBox = { left: geometry.left, right: geometry.left + geometry.width, y: index * ROW_HEIGHT_PX + ROW_HEIGHT_PX / 2 };
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
      anchor: { x: arrivesStart ? to.bar.left : to.bar.right, y: to.bar.y },
    });
  }

  const draftFrom = draft ? box(draft.fromTaskId) : null;
  const open = drawn.find((link) => link.key === selected);
  if (drawn.length === 0 && !draftFrom) return null;

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
          <marker id={markerId} viewBox="0 0 8 8" refX="7" refY="4" markerWidth="8" markerHeight="8" orient="auto-start-reverse">
            <path d="M 0 0 L 8 4 L 0 8 z" className="fill-slate-500" />
          </marker>
          <marker id={`${markerId}-red`} viewBox="0 0 8 8" refX="7" refY="4" markerWidth="8" markerHeight="8" orient="auto-start-reverse">
            <path d="M 0 0 L 8 4 L 0 8 z" className="fill-red-600" />
          </marker>
        </defs>
        {drawn.map((link) => (
          <g key={link.key}>
            <path
              data-dependency={link.key}
              data-violated={link.problem ? true : undefined}
              d={link.d}
              fill="none"
              className={link.problem ? 'stroke-red-600' : link.key === selected ? 'stroke-blue-600' : 'stroke-slate-400'}
              strokeWidth={link.key === selected ? 2.5 : 1.5}
              markerEnd={`url(#${markerId}${link.problem ? '-red' : ''})`}
            />
            {/* The drawn line is thin: a wider invisible twin takes the pointer and the keyboard. */}
            <path
              role="button"
              tabIndex={0}
              aria-label={link.problem ? `${link.label}. ${link.problem}` : link.label}
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
        {draft && draftFrom ? (
          <line
            data-link-draft
            x1={draft.side === 'end' ? draftFrom.bar.right : draftFrom.bar.left}
            y1={draftFrom.bar.y}
            x2={draft.x}
            y2={draft.y}
            className="stroke-blue-600"
            strokeWidth={2}
            strokeDasharray="4 3"
          />
        ) : null}
      </svg>
      {open ? <LinkPopover key={open.key} edge={open.edge} label={open.label} problem={open.problem} anchor={open.anchor} /> : null}
    </>
  );
}

import { barGeometry, NAME_COLUMN_PX } from '@planline/domain';
import { useId } from 'react';
import { useStore } from 'zustand';
import { displayedDates } from '../model/displayed-dates';
import { dragStore } from '../model/drag.store';
import type { DependencyEdge } from '../model/tasks-store';
import { ROW_HEIGHT_PX } from './layout';
import { useTimeline } from './timeline-context';

const ELBOW_PX = 8;

/**
 * Dependency arrows from the end of the predecessor's bar to the start of the dependent's (SVG over the grid,
 * under the bars). Only the arrows touching rows on screen are drawn, so the work does not grow with the plan.
 */
export function DependencyOverlay({ firstRow, lastRow, height }: { firstRow: number; lastRow: number; height: number }) {
  const { connection, range, zoom, timelineWidth } = useTimeline();
  const markerId = `dep-arrow-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const { rows, rowIndex, tasks, edgesByTask } = useStore(connection.tasks);
  const drag = useStore(dragStore, (s) => s.drag);
  const activities = useStore(connection.presence, (s) => s.activities);

  const edges = new Set<DependencyEdge>();
  for (let i = Math.max(0, firstRow); i <= Math.min(lastRow, rows.length - 1); i += 1) {
    for (const edge of edgesByTask.get(rows[i]!) ?? []) edges.add(edge);
  }
  if (edges.size === 0) return null;

  const end = (taskId: string) => {
    const task = tasks.get(taskId);
    const index = rowIndex.get(taskId);
    if (!task || index === undefined) return null;
    const geometry = barGeometry(displayedDates(task, drag, activities.get(taskId)), range, zoom);
    return geometry ? { geometry, y: index * ROW_HEIGHT_PX + ROW_HEIGHT_PX / 2 } : null;
  };

  const paths: { key: string; d: string }[] = [];
  for (const edge of edges) {
    const from = end(edge.dependsOnTaskId);
    const to = end(edge.taskId);
    // An end outside the range has no point to leave from or arrive at on screen.
    if (!from || !to || from.geometry.cutEnd || to.geometry.cutStart) continue;
    const x1 = from.geometry.left + from.geometry.width;
    const x2 = to.geometry.left;
    const { y: y1 } = from;
    const { y: y2 } = to;
    const d =
      x2 - x1 >= ELBOW_PX * 2
        ? `M ${x1} ${y1} H ${x1 + ELBOW_PX} V ${y2} H ${x2}`
        : `M ${x1} ${y1} H ${x1 + ELBOW_PX} V ${y1 + Math.sign(y2 - y1 || 1) * (ROW_HEIGHT_PX / 2)} H ${x2 - ELBOW_PX} V ${y2} H ${x2}`;
    paths.push({ key: `${edge.taskId}->${edge.dependsOnTaskId}`, d });
  }

  return (
    <svg
      aria-hidden="true"
      data-dependencies
      className="pointer-events-none absolute top-0 overflow-visible"
      style={{ left: NAME_COLUMN_PX, width: timelineWidth, height }}
    >
      <defs>
        <marker id={markerId} viewBox="0 0 8 8" refX="7" refY="4" markerWidth="8" markerHeight="8" orient="auto-start-reverse">
          <path d="M 0 0 L 8 4 L 0 8 z" className="fill-slate-500" />
        </marker>
      </defs>
      {paths.map((p) => (
        <path key={p.key} data-dependency={p.key} d={p.d} fill="none" className="stroke-slate-400" strokeWidth={1.5} markerEnd={`url(#${markerId})`} />
      ))}
    </svg>
  );
}

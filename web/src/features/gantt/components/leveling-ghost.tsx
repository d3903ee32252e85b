import { barGeometry } from '@planline/domain';
import { createContext, useContext } from 'react';
import { NO_LEVEL_GHOSTS, type LevelGhosts } from '../model/leveling';
import { BAR_HEIGHT_PX, ROW_HEIGHT_PX } from './layout';
import { useTimeline } from './timeline-context';

/** [leveling-dialog] The moves of the leveling preview on screen: task id → its dates after leveling. */
export const LevelGhostsContext = createContext<LevelGhosts>(NO_LEVEL_GHOSTS);

/**
 * [leveling-dialog] While "Resolve over-allocation" shows its preview, a translucent dashed bar where the task
 * would go. Decoration only: the dialog's list says the same in words.
 */
export function LevelingGhostBar({ taskId }: { taskId: string }) {
  const ghosts = useContext(LevelGhostsContext);
  const { range, zoom } = useTimeline();
  const ghost = ghosts.get(taskId);
  const bar = ghost ? barGeometry(ghost, range, zoom) : null;
  if (!bar) return null;
  return (
    <div
      aria-hidden="true"
      data-leveling-ghost={taskId}
      className="pointer-events-none absolute rounded-md border-2 border-dashed border-blue-600 bg-blue-400/30"
      style={{ left: bar.left, width: bar.width, top: (ROW_HEIGHT_PX - BAR_HEIGHT_PX) / 2, height: BAR_HEIGHT_PX }}
    />
  );
}

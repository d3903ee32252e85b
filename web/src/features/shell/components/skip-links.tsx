import type { MouseEvent } from 'react';
import { useLocation } from 'react-router';
import { useWorkspaceUi } from '../../../app/workspace-ui.store';
import { SKIP_TARGET_IDS } from '../../../lib/skip-targets';

// not-sr-only resets padding: the focused link's own comes after it.
const LINK =
  'sr-only rounded-md bg-white text-sm font-medium text-blue-700 shadow-lg ring-2 ring-blue-600 ' +
  'focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[80] focus:px-3 focus:py-2 focus:outline-none';

/** Moves focus to the element with `id` (made focusable for it when it is not), without touching the URL. */
function jumpTo(event: MouseEvent<HTMLAnchorElement>, id: string): void {
  const target = document.getElementById(id);
  if (!target) return;
  event.preventDefault();
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
  target.scrollIntoView({ block: 'nearest' });
}

/**
 * The first stops of the workspace's Tab order, shown when focused: to the main area, to the chart's task list
 * (in the Gantt view), and to Add Task (what the sidebar's Add Task does: the Gantt view, the quick add form's
 * name). Only on the workspace, whose main area and chart set the targets.
 */
export function SkipLinks() {
  const { pathname } = useLocation();
  const hasProject = useWorkspaceUi((s) => s.selectedProjectId !== null);
  const ganttView = useWorkspaceUi((s) => s.view === 'gantt');
  const startAddTask = useWorkspaceUi((s) => s.startAddTask);
  if (pathname !== '/') return null;
  return (
    <div className="contents">
      <a href={`#${SKIP_TARGET_IDS.main}`} onClick={(e) => jumpTo(e, SKIP_TARGET_IDS.main)} className={LINK}>
        Skip to main content
      </a>
      {hasProject && ganttView ? (
        <a href={`#${SKIP_TARGET_IDS.taskList}`} onClick={(e) => jumpTo(e, SKIP_TARGET_IDS.taskList)} className={LINK}>
          Skip to task list
        </a>
      ) : null}
      {hasProject ? (
        <a
          href={`#${SKIP_TARGET_IDS.main}`}
          onClick={(event) => {
            event.preventDefault();
            startAddTask();
          }}
          className={LINK}
        >
          Skip to Add Task
        </a>
      ) : null}
    </div>
  );
}

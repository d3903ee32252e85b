import type { PlaceholderRow, TimelineRange } from '@planline/domain';
import { createContext, useContext } from 'react';
import type { ProjectConnection } from '../connection/project-connection';

export interface Person {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}

/** What every row and bar of one chart shares; changes only with the view, not on drag frames. */
export interface TimelineContextValue {
  connection: ProjectConnection;
  range: TimelineRange;
  /** The zoom the chart is drawn at (displayZoom). */
  zoom: number;
  timelineWidth: number;
  /** The name column's width: 320 px, narrower on phones (nameColumnWidth). */
  nameColumnPx: number;
  readOnly: boolean;
  people: ReadonlyMap<string, Person>;
  openDetails: (taskId: string) => void;
  askDelete: (taskId: string) => void;
  createFromPlaceholder: (row: PlaceholderRow) => void;
  /** Id of the element that explains the bars' keys, for aria-describedby. */
  barHelpId: string;
  /** Id of the element that explains the rows' outline keys (Alt+Shift+Right and Left). */
  rowHelpId: string;
  /** Why rows cannot be dragged to another place now (the grid view sorts or groups them), or null/absent. */
  rowOrderLocked?: string | null;
}

export const TimelineContext = createContext<TimelineContextValue | null>(null);

export function useTimeline(): TimelineContextValue {
  const value = useContext(TimelineContext);
  if (!value) throw new Error('useTimeline outside a timeline chart');
  return value;
}

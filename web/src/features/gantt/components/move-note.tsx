import { barGeometry, NAME_COLUMN_COMPACT_PX } from '@planline/domain';
import { History } from 'lucide-react';
import { createContext, useContext } from 'react';
import { cn } from '../../../lib/cn';
import { useShownBaseline } from '../model/baseline';
import type { DisplayedDates } from '../model/displayed-dates';
import type { MoveNote } from '../model/past-moves';
import { useTimeline } from './timeline-context';

export interface MoveNotes {
  notes: ReadonlyMap<string, MoveNote>;
  /** Comparing with now: the past dates are drawn as the baseline bar, with its drift label on the right. */
  compare: boolean;
  /** Opens the task as it was (its note in full, and Restore this task). */
  open: (taskId: string) => void;
}

/** The notes of the past view, for the rows; null while the chart shows the plan now. */
export const MoveNotesContext = createContext<MoveNotes | null>(null);

/** Room kept from the bars, and the most a note needs beside them (a full one; on phones only its icon). */
const NOTE_GAP_PX = 8;
const NOTE_MAX_PX = 260;
const NOTE_ICON_PX = 26;
/** Where the baseline's drift label sits right of the bars (baseline-bar.tsx), which a note must clear. */
const DRIFT_LABEL_PX = 22 + 180;

/**
 * [time-travel-moves] Beside a bar that moved after the instant shown: who moved it, how far and why
 * ("Moved by Ana Silva · +3d · Survey was late"), left of the bar when there is room, else right of it. A button:
 * keyboard and screen readers reach the whole text (its name), and it opens the task as it was, with Restore. On
 * a phone's narrow chart only its icon shows, so the bars stay readable.
 */
export function MoveNoteChip({ taskId, shown }: { taskId: string; shown: DisplayedDates }) {
  const moves = useContext(MoveNotesContext);
  const baseline = useShownBaseline();
  const { range, zoom, timelineWidth, nameColumnPx } = useTimeline();
  const note = moves?.notes.get(taskId);
  if (!moves || !note) return null;
  const compact = nameColumnPx < NAME_COLUMN_COMPACT_PX;
  const then = moves.compare ? baseline?.tasks.get(taskId) : undefined;
  const spans = [barGeometry(shown, range, zoom), then ? barGeometry(then, range, zoom) : null].filter((g) => g !== null);
  const room = compact ? NOTE_ICON_PX : NOTE_MAX_PX;
  let place: { left: number } | { right: number };
  if (!spans.length) {
    // Both outside the range: on the side away from the bar's hint (task-bar-parts.tsx OutsideHint).
    place = shown.endDate < range.start ? { right: NOTE_GAP_PX } : { left: NOTE_GAP_PX };
  } else {
    const left = Math.min(...spans.map((g) => g.left));
    const right = Math.max(...spans.map((g) => g.left + g.width)) + (moves.compare ? DRIFT_LABEL_PX : 0);
    place = left >= room + NOTE_GAP_PX ? { right: timelineWidth - left + NOTE_GAP_PX } : { left: right + NOTE_GAP_PX };
  }

  return (
    <button
      type="button"
      data-move-note={taskId}
      onClick={() => moves.open(taskId)}
      aria-label={`${note.description} Open the task as it was.`}
      title={note.description}
      className={cn(
        'pointer-events-auto absolute top-1/2 z-[2] inline-flex -translate-y-1/2 items-center gap-1 rounded-full border border-amber-300 bg-amber-50 text-[11px] font-medium text-amber-900',
        'hover:bg-amber-100 focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none',
        compact ? 'h-6 w-6 justify-center' : 'h-6 px-2',
      )}
      style={{ ...place, maxWidth: room }}
    >
      <History aria-hidden="true" className="h-3.5 w-3.5 shrink-0" />
      {compact ? null : <span className="truncate">{note.label}</span>}
    </button>
  );
}

import type { WidgetSize } from '../schemas/enums.js';
import { isInProgress, normaliseTaskStatus } from '../schemas/task.js';
import { dayNumberOrNull, fromDayNumber, todayDayNumber } from '../timeline/calendar-date.js';
import { GANTT_PREVIEW_DEFAULT_SPAN_DAYS, GANTT_PREVIEW_MIN_SPAN_DAYS, GANTT_PREVIEW_TASKS_SHOWN } from './widget-limits.js';

export interface PreviewTask {
  status: string;
  startDate?: string | null;
  endDate?: string | null;
  progress: number;
}

/**
 * [gantt-preview-colours] Completed green, In Progress blue, Blocked red (the legend), Pending in its own colour as
 * on the chart (palette.ts); a status this product does not know, default.
 */
export type PreviewBarTone = 'completed' | 'in-progress' | 'blocked' | 'pending' | 'default';

export function previewBarTone(status: string): PreviewBarTone {
  const normalised = normaliseTaskStatus(status);
  if (normalised === 'completed') return 'completed';
  if (isInProgress(status)) return 'in-progress';
  if (normalised === 'blocked') return 'blocked';
  return normalised === 'pending' ? 'pending' : 'default';
}

/** The days the preview covers, first and last included. */
export interface PreviewSpan {
  startDate: string;
  endDate: string;
  days: number;
}

/**
 * [gantt-preview-span] Project start to project end; a missing start is today, a missing end 30 days after
 * today. Both ends are whole days, and the span is at least 1 day (an end before the start covers the start).
 */
export function ganttPreviewSpan(project: { startDate: string | null; endDate: string | null } | null, today: string): PreviewSpan {
  const now = todayDayNumber(today);
  const start = dayNumberOrNull(project?.startDate) ?? now;
  const end = Math.max(dayNumberOrNull(project?.endDate) ?? now + GANTT_PREVIEW_DEFAULT_SPAN_DAYS, start);
  return { startDate: fromDayNumber(start), endDate: fromDayNumber(end), days: Math.max(GANTT_PREVIEW_MIN_SPAN_DAYS, end - start + 1) };
}

export interface PreviewBar<T> {
  task: T;
  /** Percent of the span's width, from its left edge; both clamped to the span. */
  leftPct: number;
  widthPct: number;
  /** The task starts before, or ends after, the span: the bar is cut there. */
  cutStart: boolean;
  cutEnd: boolean;
  /**
   * The task lies wholly before or after the span: no bar is drawn (it would be a sliver at the edge), the
   * widget says when it ended or starts instead.
   */
  outside: 'before' | 'after' | null;
  tone: PreviewBarTone;
  progress: number;
}

/** [gantt-preview-bars] A task's bar, in percent of the span; a task covers its start and end days. */
export function previewBar<T extends PreviewTask>(task: T, span: PreviewSpan): PreviewBar<T> {
  const origin = dayNumberOrNull(span.startDate)!;
  const start = dayNumberOrNull(task.startDate)! - origin;
  const end = Math.max(dayNumberOrNull(task.endDate)!, dayNumberOrNull(task.startDate)!) - origin + 1;
  const clamp = (n: number) => Math.min(Math.max(n, 0), span.days);
  const left = clamp(start);
  const right = clamp(end);
  return {
    task,
    leftPct: (left / span.days) * 100,
    widthPct: ((right - left) / span.days) * 100,
    cutStart: start < 0,
    cutEnd: end > span.days,
    outside: end <= 0 ? 'before' : start >= span.days ? 'after' : null,
    tone: previewBarTone(task.status),
    progress: Math.min(Math.max(Math.round(task.progress), 0), 100),
  };
}

export interface GanttPreview<T> {
  span: PreviewSpan;
  bars: PreviewBar<T>[];
  /** Tasks with both dates; the others never appear in the preview. */
  datedCount: number;
  /** 'View Full Gantt Chart' shows when more dated tasks exist than are shown. */
  hasMore: boolean;
  /** The progress overlay shows unless the widget is small. */
  showProgress: boolean;
  /** Where today's marker goes (the middle of today), in percent of the span; null when today is outside it. */
  todayPct: number | null;
}

/** [gantt-preview] The first 3/6/10 tasks that have both dates, in the list's order, as bars over the span. */
export function ganttPreview<T extends PreviewTask>(
  tasks: readonly T[],
  project: { startDate: string | null; endDate: string | null } | null,
  today: string,
  size: WidgetSize,
): GanttPreview<T> {
  const span = ganttPreviewSpan(project, today);
  const dated = tasks.filter((t) => dayNumberOrNull(t.startDate) !== null && dayNumberOrNull(t.endDate) !== null);
  const limit = GANTT_PREVIEW_TASKS_SHOWN[size];
  const sinceStart = todayDayNumber(today) - dayNumberOrNull(span.startDate)!;
  return {
    span,
    bars: dated.slice(0, limit).map((t) => previewBar(t, span)),
    datedCount: dated.length,
    hasMore: dated.length > limit,
    showProgress: size !== 'small',
    todayPct: sinceStart >= 0 && sinceStart < span.days ? ((sinceStart + 0.5) / span.days) * 100 : null,
  };
}

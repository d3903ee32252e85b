import { TASK_STATUS_COLORS, TASK_STATUSES, TASK_STATUS_LABELS, type LinkType } from '@planline/domain';
import { addDays, daysBetween, exportCounts, PRIORITY_COLORS, timelineRange, timelineScale, type ExportData, type ExportTask } from './export-data.js';
import { INK, MUTED, outlineIndent, PAGE, RULE, tint, type Pages, type PdfCursor } from './pdf-layout.js';
import type { TextStyle } from './pdf-text.js';

/** [export-pdf-chart] Horizontal bars of tasks by status and by priority, side by side. */
export function* drawStatusChart(pdf: PdfCursor, data: ExportData): Pages {
  const counts = exportCounts(data);
  const rowHeight = 17;
  const block = (title: string, x: number, entries: { label: string; count: number; color: string }[]) => {
    const labelWidth = 80;
    const barMax = pdf.contentWidth / 2 - labelWidth - 60;
    const max = Math.max(1, ...entries.map((e) => e.count));
    let y = pdf.y;
    pdf.write(title, x, y + 10, { size: 10, bold: true });
    y += 18;
    for (const entry of entries) {
      pdf.write(entry.label, x, y + 10, { size: 9 });
      const width = entry.count ? Math.max(2, (entry.count / max) * barMax) : 0;
      pdf.fill(RULE, x + labelWidth, y + 2, barMax, 10);
      if (width) pdf.fill(entry.color, x + labelWidth, y + 2, width, 10);
      const share = counts.total ? Math.round((entry.count / counts.total) * 100) : 0;
      pdf.write(`${entry.count} (${share}%)`, x + labelWidth + barMax + 6, y + 10, { size: 9, color: MUTED });
      y += rowHeight;
    }
    return y;
  };
  yield* pdf.ensure(18 + 4 * rowHeight + 10);
  const left = block('Tasks by status', PAGE.margin, counts.byStatus.map((s) => ({ label: s.label, count: s.count, color: TASK_STATUS_COLORS[s.status] })));
  const right = block(
    'Tasks by priority',
    PAGE.margin + pdf.contentWidth / 2,
    counts.byPriority.map((p) => ({ label: p.label, count: p.count, color: PRIORITY_COLORS[p.priority] })),
  );
  pdf.y = Math.max(left, right) + 12;
}

const BASELINE_GREY = '#94a3b8';
const LINK_INK = '#475569';
const TODAY_RED = '#dc2626';
/** A row with a one-line name; each further line of a wrapped name adds NAME_LINE. */
const ROW = 14;
const NAME_LINE = 8.5;
const MAX_NAME_LINES = 3;
const SCALE_HEIGHT = 30;
/** Room between the names and the first day, and after the last: an arrow's elbow and a milestone's point fit there. */
const GUTTER = 10;
const NAME: TextStyle = { size: 7.5 };
const PHASE_NAME: TextStyle = { ...NAME, bold: true };
const nameStyle = (task: ExportTask): TextStyle => (task.summary ? PHASE_NAME : NAME);

/** Where a task is drawn across: its bar's ends (a milestone's: its diamond's points). */
interface Span {
  from: number;
  to: number;
}

/**
 * [export-pdf-links] The path of a link's arrow: out of the predecessor's finish (FS, FF) to the right or its start
 * (SS, SF) to the left, into the successor's start (FS, SS) from the left or its finish (FF, SF) from the right,
 * with an elbow at each end; one that would run backwards goes round along the edge below (or above) the
 * predecessor's row. The last point is the arrowhead's tip; `into` says which way it points.
 */
export function linkPath(type: LinkType, from: Span & { y: number; half: number }, to: Span & { y: number }): { points: [number, number][]; into: 1 | -1 } {
  const out = type === 'FS' || type === 'FF' ? 1 : -1;
  const into = type === 'FS' || type === 'SS' ? 1 : -1;
  const start: [number, number] = [out === 1 ? from.to : from.from, from.y];
  const tip: [number, number] = [into === 1 ? to.from : to.to, to.y];
  const elbow = start[0] + out * (GUTTER / 2);
  const approach = tip[0] - into * (GUTTER / 2);
  if ((into === 1 && elbow <= approach) || (into === -1 && elbow >= approach)) {
    return { points: [start, [elbow, start[1]], [elbow, tip[1]], tip], into };
  }
  const edge = from.y + Math.sign(to.y - from.y || 1) * from.half;
  return { points: [start, [elbow, start[1]], [elbow, edge], [approach, edge], [approach, tip[1]], tip], into };
}

/**
 * [export-pdf-gantt] The timeline on landscape pages: a row per task, phases (summary tasks) as brackets,
 * milestones as diamonds, links as arrows, the baseline under the bars; as many pages as the rows need, the date
 * scale repeated on each, an arrow to a row on another page running off the edge of this one.
 */
export function* drawGantt(pdf: PdfCursor, data: ExportData): Pages {
  yield* pdf.newPage('landscape');
  yield* pdf.heading('Timeline');
  const range = timelineRange(data);
  if (!range) {
    pdf.write('No tasks to draw yet.', PAGE.margin, pdf.y + 10, { size: 10, color: MUTED });
    pdf.y += 20;
    return;
  }
  const scale = timelineScale(range);
  const unit = { day: 'one column per day', week: 'one column per week', month: 'one column per month' }[scale.granularity];
  pdf.write(`${scale.start} – ${scale.end}, ${unit}`, PAGE.margin + pdf.contentWidth, pdf.y - 10, { size: 8, color: MUTED, align: 'right' });

  // The names take what the longest needs, from 120 pt to 30% of the page; longer ones wrap.
  const nameWidth = (task: ExportTask) => pdf.width(task.name, nameStyle(task)) + outlineIndent(task) + 8;
  const nameColumn = Math.min(pdf.contentWidth * 0.3, Math.max(120, ...data.tasks.map(nameWidth)));
  const chartX = PAGE.margin + nameColumn + GUTTER;
  const chartWidth = pdf.contentWidth - nameColumn - 2 * GUTTER;
  const totalDays = daysBetween(scale.start, scale.end) + 1;
  const xOf = (date: string) => chartX + (daysBetween(scale.start, date) / totalDays) * chartWidth;
  const bucketWidth = chartWidth / scale.buckets.length;
  const labelEvery = Math.max(1, Math.ceil(16 / bucketWidth));
  const diamond = ROW / 2 - 3;
  const spanOf = (task: ExportTask): Span => {
    if (!task.summary && task.kind === 'milestone') {
      const centre = (xOf(task.startDate) + xOf(addDays(task.startDate, 1))) / 2;
      return { from: centre - diamond, to: centre + diamond };
    }
    const from = xOf(task.startDate);
    return { from, to: Math.max(from + (task.summary ? 4 : 2), xOf(addDays(task.endDate, 1))) };
  };

  const rows = data.tasks.map((task) => {
    const lines = pdf.wrap(task.name, nameColumn - 8 - outlineIndent(task), nameStyle(task), MAX_NAME_LINES);
    return { task, lines, height: ROW + (lines.length - 1) * NAME_LINE, span: spanOf(task) };
  });
  const rowOf = new Map(data.tasks.map((task, i) => [task.id, i]));
  // Each row's top as if the timeline were one long page.
  const tops: number[] = [];
  rows.reduce((top, row) => (tops.push(top), top + row.height), 0);

  const legend = () => {
    let x = PAGE.margin;
    const y = pdf.y;
    const item = (label: string, mark: (x: number) => void, markWidth = 8) => {
      mark(x);
      x += markWidth + 4 + pdf.write(label, x + markWidth + 4, y + 7.5, { size: 8, color: MUTED, maxWidth: 200 }) + 14;
    };
    for (const status of TASK_STATUSES) item(TASK_STATUS_LABELS[status], (x) => pdf.fill(TASK_STATUS_COLORS[status], x, y, 8, 8));
    item('Phase', (x) => drawPhase(pdf, x, x + 14, y), 14);
    item('Milestone', (x) => pdf.diamond(INK, x + 4, y + 4, 4));
    item('Link', (x) => drawArrow(pdf, [[x, y + 4], [x + 14, y + 4]], 1), 14);
    item('Today', (x) => pdf.line(TODAY_RED, x + 4, y - 1, x + 4, y + 9, 0.8, 2));
    if (data.baseline) item(`Baseline: ${data.baseline.name}`, (x) => pdf.fill(BASELINE_GREY, x, y + 3, 8, 2));
    pdf.y += 16;
  };

  const drawScale = () => {
    const top = pdf.y;
    pdf.fill('#f1f5f9', PAGE.margin, top, pdf.contentWidth, SCALE_HEIGHT);
    pdf.write('Task', PAGE.margin + 4, top + 20, { size: 8, bold: true });
    // Labels count from the first column of each month (or year), and stop short of the next one, so they never collide.
    const groupStarts = scale.buckets.flatMap((b, i) => (i === 0 || scale.buckets[i - 1]!.group !== b.group ? [i] : []));
    groupStarts.forEach((first, g) => {
      const x = chartX + first * bucketWidth;
      const next = groupStarts[g + 1] ?? scale.buckets.length;
      pdf.line(MUTED, x, top, x, top + SCALE_HEIGHT);
      pdf.write(scale.buckets[first]!.group, x + 2, top + 10, { size: 7.5, bold: true, maxWidth: Math.max(12, (next - first) * bucketWidth - 4) });
      for (let i = first; i < next; i += labelEvery) {
        if (i > first && next - i < labelEvery && next < scale.buckets.length) break;
        pdf.write(scale.buckets[i]!.label, chartX + (i + 0.5) * bucketWidth, top + 24, { size: 6.5, color: MUTED, align: 'center' });
      }
    });
    pdf.y = top + SCALE_HEIGHT;
  };

  /** The rows from `first` up to (not including) `end`, on this page from its `pdf.y`. */
  const drawRows = (first: number, end: number) => {
    const top = pdf.y;
    const yOf = (i: number) => top + tops[i]! - tops[first]!;
    const bottom = yOf(end - 1) + rows[end - 1]!.height;
    // Month lines and names first, then the arrows, then the bars over the arrows' ends.
    for (let i = first; i < end; i++) {
      const { task, lines, height } = rows[i]!;
      if (i % 2 === 1) pdf.fill('#f8fafc', PAGE.margin, yOf(i), pdf.contentWidth, height);
      lines.forEach((line, l) => pdf.write(line, PAGE.margin + 4 + outlineIndent(task), yOf(i) + 10 + l * NAME_LINE, { ...nameStyle(task), maxWidth: nameColumn - 8 - outlineIndent(task) }));
    }
    const middle = (i: number) => yOf(i) + rows[i]!.height / 2;
    pdf.clipped(chartX - GUTTER, top, chartWidth + 2 * GUTTER, bottom - top, () => {
      for (const [j, row] of rows.entries()) {
        for (const link of row.task.links) {
          const i = rowOf.get(link.dependsOnId);
          // Links to a task on no page of this export, or with both ends before or after this page, draw nothing here.
          if (i === undefined || Math.max(i, j) < first || Math.min(i, j) >= end) continue;
          const { points, into } = linkPath(link.type, { ...rows[i]!.span, y: middle(i), half: rows[i]!.height / 2 }, { ...row.span, y: middle(j) });
          drawArrow(pdf, points, into);
        }
      }
    });
    for (let i = first; i < end; i++) drawBar(pdf, rows[i]!.task, rows[i]!.span, middle(i), data.baseline ? xOf : null);
    pdf.line(RULE, PAGE.margin, bottom, PAGE.margin + pdf.contentWidth, bottom);
    if (data.today >= scale.start && data.today <= scale.end) pdf.line(TODAY_RED, xOf(data.today), top, xOf(data.today), bottom, 0.8, 2);
    pdf.y = bottom;
  };

  legend();
  // Rows per page evened out over the pages they need, so the last is not a page with a row or two on it.
  const total = tops.at(-1)! + rows.at(-1)!.height;
  const firstPage = pdf.bottom - pdf.y - SCALE_HEIGHT;
  const fullPage = pdf.bottom - PAGE.margin - SCALE_HEIGHT;
  const pages = 1 + Math.max(0, Math.ceil((total - firstPage) / fullPage));
  let first = 0;
  for (let page = 0; first < rows.length; page++) {
    if (page > 0) yield* pdf.newPage('landscape');
    drawScale();
    const target = (total - tops[first]!) / Math.max(1, pages - page);
    let end = first + 1;
    const height = (upTo: number) => tops[upTo - 1]! + rows[upTo - 1]!.height - tops[first]!;
    while (end < rows.length && pdf.y + height(end + 1) <= pdf.bottom && height(end + 1) - rows[end]!.height / 2 <= target) end++;
    drawRows(first, end);
    first = end;
  }
}

/** A phase: a band with a foot at each end, over its subtasks. */
function drawPhase(pdf: PdfCursor, x1: number, x2: number, top: number): void {
  pdf.fill(INK, x1, top + 1, x2 - x1, 4);
  pdf.polygon(INK, [x1, top + 5], [x1 + 4, top + 5], [x1, top + 9]);
  pdf.polygon(INK, [x2, top + 5], [x2 - 4, top + 5], [x2, top + 9]);
}

/** An arrow along `points`, its head at the last one pointing right (`into` 1) or left (-1). */
function drawArrow(pdf: PdfCursor, points: [number, number][], into: 1 | -1): void {
  const [tipX, tipY] = points.at(-1)!;
  const head = 3.5;
  pdf.polyline(LINK_INK, [...points.slice(0, -1), [tipX - into * head, tipY]], 0.6);
  pdf.polygon(LINK_INK, [tipX, tipY], [tipX - into * head, tipY - 2.2], [tipX - into * head, tipY + 2.2]);
}

/** A task's bar (a phase's bracket, a milestone's diamond) centred on `middle`, and its baseline under it. */
function drawBar(pdf: PdfCursor, task: ExportTask, span: Span, middle: number, baselineX: ((date: string) => number) | null): void {
  const color = TASK_STATUS_COLORS[task.status];
  if (task.summary) return drawPhase(pdf, span.from, span.to, middle - 5);
  if (task.kind === 'milestone') return pdf.diamond(color, (span.from + span.to) / 2, middle, (span.to - span.from) / 2);
  const width = span.to - span.from;
  const top = middle - (ROW - 6) / 2;
  pdf.fill(tint(color, 0.6), span.from, top, width, ROW - 6);
  if (task.progress > 0) pdf.fill(color, span.from, top, (width * task.progress) / 100, ROW - 6);
  pdf.frame(color, span.from, top, width, ROW - 6);
  if (task.baseline && baselineX) {
    // [export-baseline] The baseline's dates as a thin grey bar under the task's, as the chart draws them.
    const bx = baselineX(task.baseline.startDate);
    pdf.fill(BASELINE_GREY, bx, top + ROW - 5.5, Math.max(2, baselineX(addDays(task.baseline.endDate, 1)) - bx), 2);
  }
}

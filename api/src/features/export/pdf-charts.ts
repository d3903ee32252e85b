import { TASK_STATUS_COLORS, TASK_STATUSES, TASK_STATUS_LABELS } from '@planline/domain';
import { addDays, daysBetween, exportCounts, PRIORITY_COLORS, timelineRange, timelineScale, type ExportData } from './export-data.js';
import { CONTENT_BOTTOM, CONTENT_WIDTH, INK, MUTED, outlineIndent, PAGE, RULE, tint, type Pages, type PdfCursor } from './pdf-layout.js';

/** [export-pdf-chart] Horizontal bars of tasks by status and by priority, side by side. */
export function* drawStatusChart(pdf: PdfCursor, data: ExportData): Pages {
  const counts = exportCounts(data);
  const rowHeight = 17;
  const block = (title: string, x: number, entries: { label: string; count: number; color: string }[]) => {
    const labelWidth = 80;
    const barMax = CONTENT_WIDTH / 2 - labelWidth - 60;
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
    PAGE.margin + CONTENT_WIDTH / 2,
    counts.byPriority.map((p) => ({ label: p.label, count: p.count, color: PRIORITY_COLORS[p.priority] })),
  );
  pdf.y = Math.max(left, right) + 12;
}

const NAME_COLUMN = 190;
const BASELINE_GREY = '#94a3b8';
const ROW = 14;
const SCALE_HEIGHT = 30;

/** [export-pdf-gantt] The timeline across as many pages as the tasks need, its date scale repeated on each. */
export function* drawGantt(pdf: PdfCursor, data: ExportData): Pages {
  yield* pdf.newPage();
  yield* pdf.heading('Timeline');
  const range = timelineRange(data);
  if (!range) {
    pdf.write('No tasks to draw yet.', PAGE.margin, pdf.y + 10, { size: 10, color: MUTED });
    pdf.y += 20;
    return;
  }
  const scale = timelineScale(range);
  const chartX = PAGE.margin + NAME_COLUMN;
  const chartWidth = CONTENT_WIDTH - NAME_COLUMN;
  const totalDays = daysBetween(scale.start, scale.end) + 1;
  const xOf = (date: string) => chartX + (daysBetween(scale.start, date) / totalDays) * chartWidth;
  const bucketWidth = chartWidth / scale.buckets.length;
  const labelEvery = Math.max(1, Math.ceil(16 / bucketWidth));

  let legendX = PAGE.margin;
  for (const status of TASK_STATUSES) {
    pdf.fill(TASK_STATUS_COLORS[status], legendX, pdf.y, 8, 8);
    legendX += 12 + pdf.write(TASK_STATUS_LABELS[status], legendX + 12, pdf.y + 7.5, { size: 8, color: MUTED }) + 14;
  }
  if (data.baseline) {
    pdf.fill(BASELINE_GREY, legendX, pdf.y + 3, 8, 2);
    pdf.write(`Baseline: ${data.baseline.name}`, legendX + 12, pdf.y + 7.5, { size: 8, color: MUTED, maxWidth: 200 });
  }
  const unit = { day: 'one column per day', week: 'one column per week', month: 'one column per month' }[scale.granularity];
  pdf.write(`${scale.start} – ${scale.end}, ${unit}`, PAGE.margin + CONTENT_WIDTH, pdf.y + 7.5, { size: 8, color: MUTED, align: 'right' });
  pdf.y += 16;

  const drawScale = () => {
    const top = pdf.y;
    pdf.fill('#f1f5f9', PAGE.margin, top, CONTENT_WIDTH, SCALE_HEIGHT);
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
  const drawToday = (top: number) => {
    if (data.today < scale.start || data.today > scale.end) return;
    const x = xOf(data.today);
    pdf.line('#dc2626', x, top, x, pdf.y, 0.8, 2);
  };

  drawScale();
  let pageTop = pdf.y;
  for (const [i, task] of data.tasks.entries()) {
    if (pdf.y + ROW > CONTENT_BOTTOM) {
      drawToday(pageTop);
      yield* pdf.newPage();
      drawScale();
      pageTop = pdf.y;
    }
    const y = pdf.y;
    if (i % 2 === 1) pdf.fill('#f8fafc', PAGE.margin, y, CONTENT_WIDTH, ROW);
    const indent = outlineIndent(task);
    pdf.write(task.name, PAGE.margin + 4 + indent, y + 10, { size: 7.5, bold: task.summary, maxWidth: NAME_COLUMN - 8 - indent });
    const color = TASK_STATUS_COLORS[task.status];
    if (task.summary) {
      // A bracket over its subtasks: a band with a foot at each end.
      const x1 = xOf(task.startDate);
      const x2 = Math.max(x1 + 4, xOf(addDays(task.endDate, 1)));
      pdf.fill(INK, x1, y + 4, x2 - x1, 4);
      pdf.fill(INK, x1, y + 4, 2, ROW - 7);
      pdf.fill(INK, x2 - 2, y + 4, 2, ROW - 7);
      pdf.y += ROW;
      continue;
    }
    if (task.kind === 'milestone') {
      pdf.diamond(color, (xOf(task.startDate) + xOf(addDays(task.startDate, 1))) / 2, y + ROW / 2, ROW / 2 - 3);
      pdf.y += ROW;
      continue;
    }
    const x1 = xOf(task.startDate);
    const width = Math.max(2, xOf(addDays(task.endDate, 1)) - x1);
    pdf.fill(tint(color, 0.6), x1, y + 3, width, ROW - 6);
    if (task.progress > 0) pdf.fill(color, x1, y + 3, (width * task.progress) / 100, ROW - 6);
    pdf.frame(color, x1, y + 3, width, ROW - 6);
    if (task.baseline) {
      // [export-baseline] The baseline's dates as a thin grey bar under the task's, as the chart draws them.
      const bx = xOf(task.baseline.startDate);
      pdf.fill(BASELINE_GREY, bx, y + ROW - 2.5, Math.max(2, xOf(addDays(task.baseline.endDate, 1)) - bx), 2);
    }
    pdf.y += ROW;
  }
  pdf.line(RULE, PAGE.margin, pdf.y, PAGE.margin + CONTENT_WIDTH, pdf.y);
  drawToday(pageTop);
}

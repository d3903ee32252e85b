import { PassThrough } from 'node:stream';
import { type CustomValue, TASK_KIND_LABELS, TASK_PRIORITY_LABELS, TASK_STATUS_COLORS, TASK_STATUSES, TASK_STATUS_LABELS } from '@planline/domain';
import ExcelJS from 'exceljs';
import {
  exportCounts,
  overlaps,
  PRIORITY_COLORS,
  PROJECT_STATUS_LABELS,
  timelineRange,
  timelineScale,
  utcDate,
  type ExportCustomField,
  type ExportData,
  type ExportSheets,
  type ExportWorkload,
} from './export-data.js';

/**
 * [export-formula] Text people typed reaches a cell only through here, and only ever as a plain string value:
 * never `{ formula }`, so exceljs writes a shared-string cell (t="s") that Excel, LibreOffice and Google
 * Sheets display as text and never evaluate, '=1+1' and '@cmd' included. We do not prepend an apostrophe or an
 * invisible character: in a .xlsx an apostrophe is not Excel's hidden "quote prefix" (a style flag exceljs
 * cannot write) but a visible character, and either would change the text people see, copy, sort and filter by.
 * Characters XML cannot carry as they are are escaped the OOXML way (_xHHHH_), so '\r=x' comes back as
 * '\r=x' (a raw CR would be read back as LF) and a literal '_x000D_' stays literal. DEL (U+007F) is escaped
 * too: XML could carry it, but exceljs drops it silently on write.
 */
export function cellText(value: string): string {
  return value
    .replace(/_(x[0-9A-Fa-f]{4}_)/g, '_x005F_$1')
    .replace(/[\u0000-\u0008\u000B-\u001F\u007F\uFFFE\uFFFF]/g, (c) => `_x${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`);
}

const argb = (hex: string) => `FF${hex.replace('#', '').toUpperCase()}`;
const solid = (hex: string): ExcelJS.Fill => ({ type: 'pattern', pattern: 'solid', fgColor: { argb: argb(hex) } });
const HEADER_FILL = solid('#1e293b');
const HEADER_FONT: Partial<ExcelJS.Font> = { bold: true, color: { argb: 'FFFFFFFF' } };
const DATE_FORMAT = 'yyyy-mm-dd';
/** A milestone in the Timeline sheet: a black diamond (U+25C6), in every spreadsheet font. */
const MILESTONE_MARK = '\u25C6';
/** [export-baseline] "+4", "-2", "0": the sign says later or earlier than the baseline. */
const DRIFT_FORMAT = '+0;-0;0';
const thin: Partial<ExcelJS.Borders> = { right: { style: 'hair', color: { argb: 'FFE2E8F0' } } };

function styleHeader(row: ExcelJS.Row): void {
  row.font = HEADER_FONT;
  row.fill = HEADER_FILL;
  row.alignment = { vertical: 'middle' };
  row.height = 20;
}

function tasksSheet(wb: ExcelJS.Workbook, data: ExportData, options: ExportSheets): void {
  const ws = wb.addWorksheet('Tasks', { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = [
    { header: 'Name', key: 'name', width: 40 },
    { header: 'Description', key: 'description', width: 50 },
    { header: 'Status', key: 'status', width: 13 },
    { header: 'Priority', key: 'priority', width: 10 },
    { header: 'Start', key: 'start', width: 12, style: { numFmt: DATE_FORMAT } },
    { header: 'End', key: 'end', width: 12, style: { numFmt: DATE_FORMAT } },
    ...(data.baseline
      ? [
          { header: 'Baseline start', key: 'baselineStart', width: 14, style: { numFmt: DATE_FORMAT } },
          { header: 'Baseline end', key: 'baselineEnd', width: 14, style: { numFmt: DATE_FORMAT } },
          { header: 'Drift (working days)', key: 'drift', width: 12, style: { numFmt: DRIFT_FORMAT } },
        ]
      : []),
    { header: 'Progress', key: 'progress', width: 10, style: { numFmt: '0%' } },
    { header: 'Colour', key: 'color', width: 10 },
    { header: 'Order', key: 'order', width: 8 },
    { header: 'Type', key: 'kind', width: 11 },
    { header: 'Parent', key: 'parent', width: 30 },
    { header: 'Depends on', key: 'dependsOn', width: 40 },
    ...(options.includeAssignments
      ? [
          { header: 'Assignee', key: 'assignee', width: 24 },
          { header: 'Assignees', key: 'assignees', width: 40 },
        ]
      : []),
    // Issue 39: a column per custom field, after the built-in ones, in the project's order.
    ...(data.customFields ?? []).map((f) => ({
      header: cellText(f.name),
      key: customKey(f.id),
      width: Math.min(40, Math.max(12, f.name.length + 2)),
      ...(f.type === 'date' ? { style: { numFmt: DATE_FORMAT } } : {}),
    })),
  ];
  styleHeader(ws.getRow(1));
  for (const task of data.tasks) {
    const row = ws.addRow({
      name: cellText(task.name),
      description: task.description === null ? null : cellText(task.description),
      status: TASK_STATUS_LABELS[task.status],
      priority: TASK_PRIORITY_LABELS[task.priority],
      start: utcDate(task.startDate),
      end: utcDate(task.endDate),
      ...(data.baseline
        ? {
            baselineStart: task.baseline ? utcDate(task.baseline.startDate) : null,
            baselineEnd: task.baseline ? utcDate(task.baseline.endDate) : null,
            drift: task.baseline ? task.baseline.driftDays : null,
          }
        : {}),
      progress: task.progress / 100,
      color: task.color,
      order: task.order,
      kind: task.summary ? 'Summary' : TASK_KIND_LABELS[task.kind],
      parent: task.parent === null ? null : cellText(task.parent),
      dependsOn: task.dependsOn.length ? cellText(task.dependsOn.join(', ')) : null,
      ...(options.includeAssignments
        ? { assignee: task.assignee === null ? null : cellText(task.assignee), assignees: task.assignees.length ? cellText(task.assignees.join(', ')) : null }
        : {}),
      ...Object.fromEntries((data.customFields ?? []).map((f) => [customKey(f.id), customCell(f, task.custom?.[f.id])])),
    });
    row.getCell('status').font = { color: { argb: argb(TASK_STATUS_COLORS[task.status]) }, bold: true };
    row.getCell('color').fill = solid(task.color);
    outline(row, task);
    row.commit();
  }
  ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: Math.max(1, data.tasks.length + 1), column: ws.columns.length } };
  ws.commit();
}

const customKey = (fieldId: string) => `cf:${fieldId}`;

/**
 * [export-custom] A custom value as a spreadsheet holds it, typed so it sorts, filters and sums: a number as a number,
 * a date as a date, a checkbox as TRUE or FALSE (unchecked is FALSE, not blank, so a filter offers both), text and a
 * choice as text.
 */
export function customCell(field: ExportCustomField, value: CustomValue | undefined): string | number | boolean | Date | null {
  if (field.type === 'checkbox') return value === true;
  if (value === undefined) return null;
  if (field.type === 'number') return typeof value === 'number' ? value : null;
  if (field.type === 'date') return typeof value === 'string' ? utcDate(value) : null;
  return cellText(String(value));
}

/** [summary-tasks] Subtasks indented under their summary and grouped with it (Excel's outline: collapsible rows). */
function outline(row: ExcelJS.Row, task: ExportData['tasks'][number]): void {
  if (task.depth > 0) {
    row.outlineLevel = Math.min(task.depth, 7);
    row.getCell(1).alignment = { indent: Math.min(task.depth * 2, 15) };
  }
  if (task.summary) row.getCell(1).font = { bold: true };
}

/** The index of the first bucket that ends on or after `date` (buckets are in date order). */
function firstBucketEndingFrom(buckets: readonly { end: string }[], date: string): number {
  let [lo, hi] = [0, buckets.length];
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (buckets[mid]!.end < date) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function timelineSheet(wb: ExcelJS.Workbook, data: ExportData): void {
  const FIXED = 4;
  const ws = wb.addWorksheet('Timeline', { views: [{ state: 'frozen', xSplit: FIXED, ySplit: 2 }] });
  const range = timelineRange(data);
  if (!range) {
    ws.getCell('A1').value = 'No tasks to draw yet.';
    ws.commit();
    return;
  }
  const scale = timelineScale(range);
  const unit = { day: 'day', week: 'week starting', month: 'month' }[scale.granularity];
  ws.getColumn(1).width = 36;
  ws.getColumn(2).width = 12;
  ws.getColumn(3).width = 11;
  ws.getColumn(4).width = 11;
  const band = ws.getRow(1);
  const labels = ws.getRow(2);
  band.getCell(1).value = `Timeline, one column per ${unit}`;
  labels.values = ['Task', 'Status', 'Start', 'End'];
  scale.buckets.forEach((bucket, i) => {
    const column = FIXED + 1 + i;
    const sheetColumn = ws.getColumn(column);
    sheetColumn.width = scale.granularity === 'day' ? 3.2 : 4.5;
    // The hairline between periods is the column's style, not each cell's: only a task's bar cells are written.
    sheetColumn.border = thin;
    labels.getCell(column).value = bucket.label;
    const isToday = bucket.start <= data.today && data.today <= bucket.end;
    if (isToday) labels.getCell(column).fill = solid('#dc2626');
    if (i === 0 || scale.buckets[i - 1]!.group !== bucket.group) band.getCell(column).value = bucket.group;
  });
  styleHeader(band);
  styleHeader(labels);
  labels.alignment = { horizontal: 'center' };
  const fills = Object.fromEntries(Object.entries(TASK_STATUS_COLORS).map(([status, color]) => [status, solid(color)]));
  for (const task of data.tasks) {
    const row = ws.addRow([cellText(task.name), TASK_STATUS_LABELS[task.status], utcDate(task.startDate), utcDate(task.endDate)]);
    row.getCell(3).numFmt = DATE_FORMAT;
    row.getCell(4).numFmt = DATE_FORMAT;
    outline(row, task);
    if (task.kind === 'milestone') {
      // A diamond in its period rather than a filled cell: a milestone has no length.
      const cell = row.getCell(FIXED + 1 + firstBucketEndingFrom(scale.buckets, task.startDate));
      cell.value = MILESTONE_MARK;
      cell.font = { bold: true, color: { argb: argb(TASK_STATUS_COLORS[task.status]) } };
      cell.alignment = { horizontal: 'center' };
    } else {
      for (let i = firstBucketEndingFrom(scale.buckets, task.startDate); i < scale.buckets.length && overlaps(task, scale.buckets[i]!); i++) {
        row.getCell(FIXED + 1 + i).fill = fills[task.status]!;
      }
    }
    row.commit();
  }
  const legend = ws.addRow([]);
  ws.addRow([]);
  legend.getCell(1).value = 'Legend';
  legend.getCell(1).font = { bold: true };
  for (const status of TASK_STATUSES) ws.addRow([TASK_STATUS_LABELS[status]]).getCell(2).fill = solid(TASK_STATUS_COLORS[status]);
  ws.addRow([TASK_KIND_LABELS.milestone, MILESTONE_MARK]);
  ws.commit();
}

const BAR_COLUMNS = 30;

/**
 * [export-workload] People down, weeks across (issue 36): two columns a week, hours allocated and capacity, the
 * hours on red where they are over (the two figures side by side say it without the colour).
 */
function workloadSheet(wb: ExcelJS.Workbook, workload: ExportWorkload): void {
  const ws = wb.addWorksheet('Workload', { views: [{ state: 'frozen', xSplit: 1, ySplit: 2 }] });
  ws.getColumn(1).width = 26;
  const weekRow = ws.addRow(['Person', ...workload.weeks.flatMap((w) => [utcDate(w.start), null])]);
  workload.weeks.forEach((_, i) => {
    weekRow.getCell(2 + 2 * i).numFmt = DATE_FORMAT;
    ws.getColumn(2 + 2 * i).width = 11;
    ws.getColumn(3 + 2 * i).width = 11;
  });
  styleHeader(weekRow);
  styleHeader(ws.addRow(['', ...workload.weeks.flatMap(() => ['Hours', 'Capacity'])]));
  for (const person of workload.people) {
    const row = ws.addRow([cellText(person.name), ...person.cells.flatMap((c) => [c.allocatedHours, c.capacityHours])]);
    person.cells.forEach((c, i) => {
      if (c.allocatedHours > c.capacityHours + 1e-9) row.getCell(2 + 2 * i).fill = solid('#fecaca');
    });
    row.commit();
  }
  ws.commit();
}

function summarySheet(wb: ExcelJS.Workbook, data: ExportData): void {
  const ws = wb.addWorksheet('Summary');
  const counts = exportCounts(data);
  ws.getColumn(1).width = 22;
  ws.getColumn(2).width = 10;
  ws.getColumn(3).width = 10;
  for (let c = 4; c < 4 + BAR_COLUMNS; c++) ws.getColumn(c).width = 1.6;
  const title = ws.addRow([cellText(data.project.name)]);
  title.font = { bold: true, size: 16 };
  const facts: [string, string | number | Date | null][] = [
    ['Project ID', data.project.code],
    ['Status', PROJECT_STATUS_LABELS[data.project.status]],
    ['Start', data.project.startDate ? utcDate(data.project.startDate) : null],
    ['End', data.project.endDate ? utcDate(data.project.endDate) : null],
    ['Tasks', counts.total],
    ['Completed', counts.completed],
    ['Completion rate', counts.completionRate / 100],
    ['Overdue', counts.overdue],
    ['Exported', utcDate(data.today)],
    ...(data.baseline ? ([['Baseline', cellText(`${data.baseline.name} (saved ${data.baseline.savedOn})`)]] as [string, string][]) : []),
  ];
  for (const [label, value] of facts) {
    const row = ws.addRow([label, value]);
    row.getCell(1).font = { bold: true };
    if (value instanceof Date) row.getCell(2).numFmt = DATE_FORMAT;
    if (label === 'Completion rate') row.getCell(2).numFmt = '0%';
  }
  const table = (heading: string, entries: { label: string; count: number; color: string }[]) => {
    ws.addRow([]);
    styleHeader(ws.addRow([heading, 'Tasks', 'Share']));
    const max = Math.max(1, ...entries.map((e) => e.count));
    for (const entry of entries) {
      const row = ws.addRow([entry.label, entry.count, counts.total ? entry.count / counts.total : 0]);
      row.getCell(3).numFmt = '0%';
      // The chart: a bar of filled cells, as long as the count is against the largest count.
      const filled = entry.count ? Math.max(1, Math.round((entry.count / max) * BAR_COLUMNS)) : 0;
      for (let c = 0; c < filled; c++) row.getCell(4 + c).fill = solid(entry.color);
    }
  };
  table('Tasks by status', counts.byStatus.map((s) => ({ label: s.label, count: s.count, color: TASK_STATUS_COLORS[s.status] })));
  table('Tasks by priority', counts.byPriority.map((p) => ({ label: p.label, count: p.count, color: PRIORITY_COLORS[p.priority] })));
  ws.commit();
}

/**
 * [export-excel] The workbook: Tasks, then Timeline and Summary as the options ask. Written as a stream: each row
 * is turned into XML and compressed (zlib) once it is complete, and each sheet is finished before the next
 * begins, so memory stays flat whatever the project's size (the in-memory workbook of 10,000 tasks held half
 * a million styled cells, ~450 MB, and compressed in JavaScript). Rows are therefore written in order and never
 * changed after their commit.
 */
export async function buildWorkbook(data: ExportData, options: ExportSheets): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    out.once('end', resolve);
    out.once('error', reject);
  });
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: true });
  wb.creator = 'Planline';
  wb.title = cellText(data.project.name);
  wb.subject = `${data.project.code} exported ${data.today}`;
  tasksSheet(wb, data, options);
  if (options.includeTimeline) timelineSheet(wb, data);
  if (options.includeCharts) summarySheet(wb, data);
  if (data.workload) workloadSheet(wb, data.workload);
  await wb.commit();
  await ended;
  return Buffer.concat(chunks);
}

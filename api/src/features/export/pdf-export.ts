import { setImmediate as nextTurn } from 'node:timers/promises';
import { Readable } from 'node:stream';
import { formatDrift, TASK_KIND_LABELS, TASK_PRIORITY_LABELS, TASK_STATUS_COLORS, TASK_STATUS_LABELS } from '@planline/domain';
import PDFDocument from 'pdfkit';
import { exportCounts, projectDates, PROJECT_STATUS_LABELS, type ExportData, type ExportSheets, type ExportTask } from './export-data.js';
import { drawGantt, drawStatusChart } from './pdf-charts.js';
import { INK, MUTED, outlineIndent, PAGE, PdfCursor, RULE, type Orientation, type Pages } from './pdf-layout.js';
import { PdfText, type TextStyle } from './pdf-text.js';

interface Column {
  title: string;
  align?: 'left' | 'right';
  /** Its text wraps over lines and the row grows (names, people, links); any other column takes its widest text. */
  wraps?: boolean;
  /** What a wrapping column takes before the others get more (its text, when narrower). */
  minWidth?: number;
  /** Its share of what is left once every column has its minimum. */
  weight?: number;
  value: (task: ExportTask, index: number) => string;
}

/** [export-baseline] A task's dates in the baseline, beside the current ones; a dash for a task added since. */
const BASELINE_COLUMNS: Column[] = [
  { title: 'Baseline start', value: (t) => t.baseline?.startDate ?? '—' },
  { title: 'Baseline end', value: (t) => t.baseline?.endDate ?? '—' },
  { title: 'Drift', align: 'right', value: (t) => (t.baseline ? formatDrift(t.baseline.driftDays) : '') },
];

function tableColumns(options: ExportSheets, withBaseline: boolean): Column[] {
  return [
    { title: '#', align: 'right', value: (_t, i) => String(i + 1) },
    { title: 'Task', wraps: true, minWidth: 140, weight: 3, value: (t) => t.name },
    { title: 'Status', value: (t) => TASK_STATUS_LABELS[t.status] },
    { title: 'Priority', value: (t) => TASK_PRIORITY_LABELS[t.priority] },
    { title: 'Start', value: (t) => t.startDate },
    { title: 'End', value: (t) => t.endDate },
    ...(withBaseline ? BASELINE_COLUMNS : []),
    { title: 'Progress', align: 'right', value: (t) => `${t.progress}%` },
    { title: 'Type', value: (t) => (t.summary ? 'Summary' : TASK_KIND_LABELS[t.kind]) },
    ...(options.includeAssignments ? [{ title: 'Assignees', wraps: true, minWidth: 70, weight: 1, value: (t: ExportTask) => t.assignees.join(', ') }] : []),
    // "Design (FS), Survey (SS +2d)": a line per predecessor or two where there is room.
    { title: 'Depends on', wraps: true, minWidth: 90, weight: 2, value: (t) => t.dependsOn.join(', ') },
  ];
}

const CELL: TextStyle = { size: 7.5 };
const HEAD: TextStyle = { size: 8, bold: true };
const LINE = 9.5;
const HEAD_LINE = 10;
const PAD = 4;
/** A wrapped cell shows up to this many lines, the last one cut with an ellipsis. */
const MAX_CELL_LINES = 6;
const STATUS_SWATCH = 8;

/** What a column's cells add to their text's width: the padding, the status swatch, a subtask's indent. */
const extra = (column: Column, task: ExportTask) => 2 * PAD + (column.title === 'Status' ? STATUS_SWATCH : 0) + (column.title === 'Task' ? outlineIndent(task) : 0);
const CELL_BOLD: TextStyle = { ...CELL, bold: true };
const cellStyle = (column: Column, task: ExportTask): TextStyle => (column.title === 'Task' && task.summary ? CELL_BOLD : CELL);

/** A column as laid out: where it starts and how wide it is. */
interface PlacedColumn extends Column {
  x: number;
  width: number;
}

/**
 * [export-pdf-table] Each column as wide as its widest text (a header may take two lines, so its longest word
 * counts), the wrapping ones sharing what is left by weight, never below their minimum nor above their widest text,
 * save the name column, which takes any room that stays. When even the minimums do not fit in `width`, the
 * wrapping columns are narrower still.
 */
function placeColumns(columns: Column[], widest: number[], width: number): PlacedColumn[] {
  const widths = columns.map((column, i) => (column.wraps ? Math.min(widest[i]!, column.minWidth ?? 0) : widest[i]!));
  let left = width - widths.reduce((sum, w) => sum + w, 0);
  if (left < 0) {
    // Past the page's width the wrapping columns give up their minimums alike (the widest still get 40 pt).
    const wrapping = columns.flatMap((column, i) => (column.wraps ? [i] : []));
    const room = wrapping.reduce((sum, i) => sum + widths[i]!, 0);
    for (const i of wrapping) widths[i] = Math.max(40, widths[i]! * ((room + left) / room));
    left = 0;
  }
  // Water-filling: each round gives every wrapping column still short of its widest text its share of what is left.
  let open = columns.flatMap((column, i) => (column.wraps && widths[i]! < widest[i]! ? [i] : []));
  while (open.length && left > 0.5) {
    const weights = open.reduce((sum, i) => sum + columns[i]!.weight!, 0);
    const share = left / weights;
    const satisfied = open.filter((i) => widest[i]! - widths[i]! <= share * columns[i]!.weight!);
    for (const i of satisfied.length ? satisfied : open) {
      const add = Math.min(widest[i]! - widths[i]!, share * columns[i]!.weight!);
      widths[i]! += add;
      left -= add;
    }
    open = open.filter((i) => widths[i]! < widest[i]! - 0.5);
  }
  widths[columns.findIndex((c) => c.title === 'Task')]! += left;
  let x = PAGE.margin;
  return columns.map((column, i) => {
    const placed = { ...column, x, width: widths[i]! };
    x += widths[i]!;
    return placed;
  });
}

/** The task table's columns and the report pages' orientation, measured once for both passes. */
export interface TablePlan {
  orientation: Orientation;
  columns: PlacedColumn[];
}

/**
 * [export-pdf-orientation] Portrait when every column's widest text fits across a portrait page, nothing wrapped;
 * landscape, where the long texts may still wrap, otherwise.
 */
function planTable(pdf: PdfCursor, data: ExportData, options: ExportSheets): TablePlan {
  const columns = tableColumns(options, !!data.baseline);
  const widest = columns.map((column) => {
    const head = Math.max(...column.title.split(' ').map((word) => pdf.width(word, HEAD))) + 2 * PAD;
    return data.tasks.reduce((max, task, i) => Math.max(max, pdf.width(column.value(task, i), cellStyle(column, task)) + extra(column, task)), head);
  });
  const orientation = widest.reduce((sum, w) => sum + w, 0) <= PAGE.width - 2 * PAGE.margin ? 'portrait' : 'landscape';
  return { orientation, columns: placeColumns(columns, widest, (orientation === 'portrait' ? PAGE.width : PAGE.height) - 2 * PAGE.margin) };
}

/** The lines of each of a row's cells (one for a column that does not wrap). */
function rowLines(pdf: PdfCursor, columns: PlacedColumn[], task: ExportTask, index: number): string[][] {
  return columns.map((column) => {
    const text = column.value(task, index);
    return column.wraps ? pdf.wrap(text, column.width - extra(column, task), cellStyle(column, task), MAX_CELL_LINES) : [text];
  });
}

/** [export-pdf-table] Every task, one row each, names wrapped in full, the header row repeated at the top of every page. */
function* drawTaskTable(pdf: PdfCursor, data: ExportData, { columns }: TablePlan): Pages {
  yield* pdf.heading(`Tasks (${data.tasks.length})`);
  if (!data.tasks.length) {
    pdf.write('This project has no tasks yet.', PAGE.margin, pdf.y + 10, { size: 10, color: MUTED });
    pdf.y += 20;
    return;
  }
  const headLines = columns.map((column) => pdf.wrap(column.title, column.width - 2 * PAD, HEAD, 2));
  const headHeight = Math.max(...headLines.map((lines) => lines.length)) * HEAD_LINE + 6;
  const header = () => {
    pdf.fill('#1e293b', PAGE.margin, pdf.y, pdf.contentWidth, headHeight);
    columns.forEach((column, c) => {
      const right = column.align === 'right';
      headLines[c]!.forEach((line, l) => {
        pdf.write(line, right ? column.x + column.width - PAD : column.x + PAD, pdf.y + 11 + l * HEAD_LINE, { ...HEAD, color: '#ffffff', align: right ? 'right' : 'left' });
      });
    });
    pdf.y += headHeight;
  };
  const firstRow = Math.max(...rowLines(pdf, columns, data.tasks[0]!, 0).map((lines) => lines.length)) * LINE + 6;
  yield* pdf.ensure(headHeight + firstRow);
  header();
  for (const [i, task] of data.tasks.entries()) {
    const cells = rowLines(pdf, columns, task, i);
    const height = Math.max(...cells.map((lines) => lines.length)) * LINE + 6;
    if (pdf.y + height > pdf.bottom) {
      yield* pdf.newPage();
      header();
    }
    if (i % 2 === 1) pdf.fill('#f8fafc', PAGE.margin, pdf.y, pdf.contentWidth, height);
    columns.forEach((column, c) => {
      const right = column.align === 'right';
      let textX = right ? column.x + column.width - PAD : column.x + PAD;
      if (column.title === 'Status') {
        pdf.fill(TASK_STATUS_COLORS[task.status], textX, pdf.y + 5.5, 5, 5);
        textX += STATUS_SWATCH;
      }
      // Subtasks indented under their summary, whose name is bold.
      if (column.title === 'Task') textX += outlineIndent(task);
      const style = { ...cellStyle(column, task), maxWidth: column.width - extra(column, task), align: right ? ('right' as const) : ('left' as const) };
      cells[c]!.forEach((line, l) => pdf.write(line, textX, pdf.y + 10.5 + l * LINE, style));
    });
    pdf.line(RULE, PAGE.margin, pdf.y + height, PAGE.margin + pdf.contentWidth, pdf.y + height, 0.3);
    pdf.y += height;
  }
  pdf.y += 8;
}

const TITLE: TextStyle = { size: 20, bold: true };
const FACT: TextStyle = { size: 9.5 };
const FACT_GAP = '    ·    ';

/** Facts in a line, separated by dots; one that does not fit goes to the next line whole. */
function writeFacts(pdf: PdfCursor, facts: string[], color: string): void {
  const lines: string[][] = [[]];
  for (const fact of facts) {
    const line = lines.at(-1)!;
    if (line.length && pdf.width([...line, fact].join(FACT_GAP), FACT) > pdf.contentWidth) lines.push([fact]);
    else line.push(fact);
  }
  for (const line of lines) {
    pdf.write(line.join(FACT_GAP), PAGE.margin, pdf.y + 10, { ...FACT, color, maxWidth: pdf.contentWidth });
    pdf.y += 16;
  }
}

function drawTitle(pdf: PdfCursor, data: ExportData): void {
  const { project } = data;
  const counts = exportCounts(data);
  const byStatus = Object.fromEntries(counts.byStatus.map((s) => [s.status, s.count]));
  for (const line of pdf.wrap(project.name, pdf.contentWidth, TITLE, 3)) {
    pdf.write(line, PAGE.margin, pdf.y + 18, TITLE);
    pdf.y += 24;
  }
  pdf.y += 6;
  const span = projectDates(data);
  const dates = span ? `Dates ${span.start} – ${span.end}` : 'No dates set';
  const facts = [
    `Project ID ${project.code}`,
    `Status ${PROJECT_STATUS_LABELS[project.status]}`,
    dates,
    `Exported ${data.today}`,
    ...(data.baseline ? [`Baseline ${data.baseline.name} (saved ${data.baseline.savedOn})`] : []),
  ];
  writeFacts(pdf, facts, MUTED);
  const figures = [
    `Tasks ${counts.total}`,
    `Completed ${counts.completed} (${counts.completionRate}%)`,
    `In progress ${byStatus.in_progress}`,
    `Blocked ${byStatus.blocked}`,
    `Overdue ${counts.overdue}`,
  ];
  writeFacts(pdf, figures, INK);
  pdf.y += 2;
  if (project.description) {
    for (const line of pdf.wrap(project.description, pdf.contentWidth, { size: 9 }, 4)) {
      pdf.write(line, PAGE.margin, pdf.y + 9, { size: 9, color: MUTED });
      pdf.y += 12;
    }
  }
  pdf.line(RULE, PAGE.margin, pdf.y + 4, PAGE.margin + pdf.contentWidth, pdf.y + 4);
  pdf.y += 14;
}

/** [export-pdf-pages] Every page says which of how many it is. */
function drawFooter(pdf: PdfCursor, data: ExportData, pages: number): void {
  const y = pdf.pageHeight - PAGE.margin + 6;
  pdf.write(`${data.project.code} · ${data.project.name}`, PAGE.margin, y, { size: 7.5, color: MUTED, maxWidth: pdf.contentWidth - 120 });
  pdf.write(`Page ${pdf.page} of ${pages}`, PAGE.margin + pdf.contentWidth, y, { size: 7.5, color: MUTED, align: 'right' });
}

/** [export-pdf] Title and facts, the status chart, the task table, then the Gantt, as the options ask. */
function* layout(pdf: PdfCursor, data: ExportData, options: ExportSheets, table: TablePlan): Pages {
  drawTitle(pdf, data);
  if (options.includeCharts) yield* drawStatusChart(pdf, data);
  yield* drawTaskTable(pdf, data, table);
  if (options.includeTimeline) yield* drawGantt(pdf, data);
}

/**
 * The file's bytes, a page at a time: pdfkit writes each page out when the next one starts, so memory holds one
 * page, the fonts' glyph lists and what the reader has not taken yet, not the whole document.
 */
async function* pdfBytes(data: ExportData, options: ExportSheets): AsyncGenerator<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    autoFirstPage: false,
    margin: 0,
    info: { Title: `${data.project.name} (${data.project.code})`, Subject: `Exported ${data.today}`, Creator: 'Planline', Producer: 'Planline' },
  });
  try {
    const text = new PdfText(doc);
    const table = planTable(new PdfCursor(text, null, 'portrait'), data, options);
    const pages = countPages(text, data, options, table);
    const pdf = new PdfCursor(text, doc, table.orientation, (cursor) => drawFooter(cursor, data, pages));
    for (const _page of layout(pdf, data, options, table)) {
      // Read, not piped: what the document holds now is exactly the pages finished so far.
      const finished: Buffer | null = doc.read();
      if (finished) yield finished;
      // Other requests get their turn between pages.
      await nextTurn();
    }
    pdf.finishPage();
    doc.end();
    // The last page, the fonts (subsets of the glyphs used), the cross-reference table and the trailer.
    for await (const rest of doc) yield rest as Buffer;
  } finally {
    // A reader that went away (or a failure) leaves the document unfinished: let it go.
    doc.destroy();
  }
}

/** The pre-pass: the same layout without a document, for the page count every footer shows. */
function countPages(text: PdfText, data: ExportData, options: ExportSheets, table: TablePlan): number {
  const counter = new PdfCursor(text, null, table.orientation);
  for (const _page of layout(counter, data, options, table)) {
    // Nothing is drawn: the cursor only counts.
  }
  return counter.page;
}

/**
 * [export-pdf] The PDF as a stream. It resolves once the page count and the first page are done, so a failure
 * there is still an error answer; a later one aborts the transfer (the reader sees a broken download, never a
 * complete-looking file).
 */
export async function pdfStream(data: ExportData, options: ExportSheets): Promise<Readable> {
  const bytes = pdfBytes(data, options);
  const first = await bytes.next();
  return Readable.from(
    (async function* () {
      if (!first.done) yield first.value;
      yield* bytes;
    })(),
    { objectMode: false },
  );
}

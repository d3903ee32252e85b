import { setImmediate as nextTurn } from 'node:timers/promises';
import { Readable } from 'node:stream';
import { formatDrift, TASK_KIND_LABELS, TASK_PRIORITY_LABELS, TASK_STATUS_COLORS, TASK_STATUS_LABELS, type ExportOptions } from '@planline/domain';
import PDFDocument from 'pdfkit';
import { exportCounts, PROJECT_STATUS_LABELS, type ExportData, type ExportTask } from './export-data.js';
import { drawGantt, drawStatusChart } from './pdf-charts.js';
import { CONTENT_BOTTOM, CONTENT_WIDTH, MUTED, outlineIndent, PAGE, PdfCursor, RULE, type Pages } from './pdf-layout.js';
import { PdfText } from './pdf-text.js';

interface Column {
  title: string;
  width: number;
  align?: 'left' | 'right';
  value: (task: ExportTask, index: number) => string;
}

/** [export-baseline] A task's dates in the baseline, beside the current ones; a dash for a task added since. */
const BASELINE_COLUMNS: Column[] = [
  { title: 'Baseline start', width: 58, value: (t) => t.baseline?.startDate ?? '—' },
  { title: 'Baseline end', width: 58, value: (t) => t.baseline?.endDate ?? '—' },
  { title: 'Drift', width: 36, align: 'right', value: (t) => (t.baseline ? formatDrift(t.baseline.driftDays) : '') },
];

function tableColumns(options: ExportOptions, withBaseline: boolean): Column[] {
  const fixed: Column[] = [
    { title: '#', width: 30, align: 'right', value: (_t, i) => String(i + 1) },
    { title: 'Task', width: 0, value: (t) => t.name },
    { title: 'Status', width: 72, value: (t) => TASK_STATUS_LABELS[t.status] },
    { title: 'Priority', width: 52, value: (t) => TASK_PRIORITY_LABELS[t.priority] },
    { title: 'Start', width: 58, value: (t) => t.startDate },
    { title: 'End', width: 58, value: (t) => t.endDate },
    ...(withBaseline ? BASELINE_COLUMNS : []),
    { title: 'Progress', width: 48, align: 'right', value: (t) => `${t.progress}%` },
    { title: 'Type', width: 50, value: (t) => (t.summary ? 'Summary' : TASK_KIND_LABELS[t.kind]) },
    // The baseline's columns take their room from the two widest.
    ...(options.includeAssignments ? [{ title: 'Assignees', width: withBaseline ? 100 : 130, value: (t: ExportTask) => t.assignees.join(', ') }] : []),
    // Room for two predecessors with their links' type and lag ("Design (FS), Survey (SS +2d)").
    { title: 'Depends on', width: withBaseline ? 100 : 150, value: (t) => t.dependsOn.join(', ') },
  ];
  const used = fixed.reduce((sum, c) => sum + c.width, 0);
  fixed[1]!.width = CONTENT_WIDTH - used;
  return fixed;
}

const ROW = 16;
const PAD = 4;

/** [export-pdf-table] Every task, one row each, the header row repeated at the top of every page. */
function* drawTaskTable(pdf: PdfCursor, data: ExportData, options: ExportOptions): Pages {
  const columns = tableColumns(options, !!data.baseline);
  const header = () => {
    pdf.fill('#1e293b', PAGE.margin, pdf.y, CONTENT_WIDTH, ROW + 2);
    let x = PAGE.margin;
    for (const column of columns) {
      const right = column.align === 'right';
      pdf.write(column.title, right ? x + column.width - PAD : x + PAD, pdf.y + 12, {
        size: 8,
        bold: true,
        color: '#ffffff',
        align: right ? 'right' : 'left',
      });
      x += column.width;
    }
    pdf.y += ROW + 2;
  };
  yield* pdf.heading(`Tasks (${data.tasks.length})`);
  if (!data.tasks.length) {
    pdf.write('This project has no tasks yet.', PAGE.margin, pdf.y + 10, { size: 10, color: MUTED });
    pdf.y += 20;
    return;
  }
  yield* pdf.ensure(3 * ROW);
  header();
  for (const [i, task] of data.tasks.entries()) {
    if (pdf.y + ROW > CONTENT_BOTTOM) {
      yield* pdf.newPage();
      header();
    }
    if (i % 2 === 1) pdf.fill('#f8fafc', PAGE.margin, pdf.y, CONTENT_WIDTH, ROW);
    let x = PAGE.margin;
    for (const column of columns) {
      const right = column.align === 'right';
      let textX = right ? x + column.width - PAD : x + PAD;
      if (column.title === 'Status') {
        pdf.fill(TASK_STATUS_COLORS[task.status], x + PAD, pdf.y + 5.5, 5, 5);
        textX += 8;
      }
      // Subtasks indented under their summary, whose name is bold.
      const indent = column.title === 'Task' ? outlineIndent(task) : 0;
      pdf.write(column.value(task, i), textX + indent, pdf.y + 11, {
        size: 7.5,
        bold: column.title === 'Task' && task.summary,
        maxWidth: column.width - 2 * PAD - (column.title === 'Status' ? 8 : 0) - indent,
        align: right ? 'right' : 'left',
      });
      x += column.width;
    }
    pdf.line(RULE, PAGE.margin, pdf.y + ROW, PAGE.margin + CONTENT_WIDTH, pdf.y + ROW, 0.3);
    pdf.y += ROW;
  }
  pdf.y += 8;
}

function drawTitle(pdf: PdfCursor, data: ExportData): void {
  const { project } = data;
  const counts = exportCounts(data);
  const byStatus = Object.fromEntries(counts.byStatus.map((s) => [s.status, s.count]));
  pdf.write(project.name, PAGE.margin, pdf.y + 18, { size: 20, bold: true, maxWidth: CONTENT_WIDTH });
  pdf.y += 30;
  const dates = project.startDate || project.endDate ? `${project.startDate ?? '…'} – ${project.endDate ?? '…'}` : 'No dates set';
  const facts = [
    `Project ID ${project.code}`,
    `Status ${PROJECT_STATUS_LABELS[project.status]}`,
    dates,
    `Exported ${data.today}`,
    ...(data.baseline ? [`Baseline ${data.baseline.name} (saved ${data.baseline.savedOn})`] : []),
  ];
  pdf.write(facts.join('    ·    '), PAGE.margin, pdf.y + 10, { size: 9.5, color: MUTED, maxWidth: CONTENT_WIDTH });
  pdf.y += 16;
  const figures = [
    `Tasks ${counts.total}`,
    `Completed ${counts.completed} (${counts.completionRate}%)`,
    `In progress ${byStatus.in_progress}`,
    `Blocked ${byStatus.blocked}`,
    `Overdue ${counts.overdue}`,
  ];
  pdf.write(figures.join('    ·    '), PAGE.margin, pdf.y + 10, { size: 9.5, maxWidth: CONTENT_WIDTH });
  pdf.y += 18;
  if (project.description) {
    for (const line of pdf.wrap(project.description, CONTENT_WIDTH, { size: 9 }, 4)) {
      pdf.write(line, PAGE.margin, pdf.y + 9, { size: 9, color: MUTED });
      pdf.y += 12;
    }
  }
  pdf.line(RULE, PAGE.margin, pdf.y + 4, PAGE.margin + CONTENT_WIDTH, pdf.y + 4);
  pdf.y += 14;
}

/** [export-pdf-pages] Every page says which of how many it is. */
function drawFooter(pdf: PdfCursor, data: ExportData, pages: number): void {
  const y = PAGE.height - PAGE.margin + 6;
  pdf.write(`${data.project.code} · ${data.project.name}`, PAGE.margin, y, { size: 7.5, color: MUTED, maxWidth: CONTENT_WIDTH - 120 });
  pdf.write(`Page ${pdf.page} of ${pages}`, PAGE.margin + CONTENT_WIDTH, y, { size: 7.5, color: MUTED, align: 'right' });
}

/** [export-pdf] Title and facts, the status chart, the task table, then the Gantt, as the options ask. */
function* layout(pdf: PdfCursor, data: ExportData, options: ExportOptions): Pages {
  drawTitle(pdf, data);
  if (options.includeCharts) yield* drawStatusChart(pdf, data);
  yield* drawTaskTable(pdf, data, options);
  if (options.includeTimeline) yield* drawGantt(pdf, data);
}

/**
 * The file's bytes, a page at a time: pdfkit writes each page out when the next one starts, so memory holds one
 * page, the fonts' glyph lists and what the reader has not taken yet, not the whole document.
 */
async function* pdfBytes(data: ExportData, options: ExportOptions): AsyncGenerator<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 0,
    info: { Title: `${data.project.name} (${data.project.code})`, Subject: `Exported ${data.today}`, Creator: 'Planline', Producer: 'Planline' },
  });
  try {
    const text = new PdfText(doc);
    const pages = countPages(text, data, options);
    const pdf = new PdfCursor(text, doc, (cursor) => drawFooter(cursor, data, pages));
    for (const _page of layout(pdf, data, options)) {
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
function countPages(text: PdfText, data: ExportData, options: ExportOptions): number {
  const counter = new PdfCursor(text, null);
  for (const _page of layout(counter, data, options)) {
    // Nothing is drawn: the cursor only counts.
  }
  return counter.page;
}

/**
 * [export-pdf] The PDF as a stream. It resolves once the page count and the first page are done, so a failure
 * there is still an error answer; a later one aborts the transfer (the reader sees a broken download, never a
 * complete-looking file).
 */
export async function pdfStream(data: ExportData, options: ExportOptions): Promise<Readable> {
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

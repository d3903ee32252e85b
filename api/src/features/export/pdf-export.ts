import { TASK_PRIORITY_LABELS, TASK_STATUS_LABELS, type ExportOptions } from '@planline/domain';
import { jsPDF } from 'jspdf';
import { exportCounts, PROJECT_STATUS_LABELS, STATUS_COLORS, type ExportData, type ExportTask } from './export-data.js';
import { drawGantt, drawStatusChart } from './pdf-charts.js';
import { CONTENT_BOTTOM, CONTENT_WIDTH, MUTED, PAGE, PdfCursor, RULE } from './pdf-layout.js';

interface Column {
  title: string;
  width: number;
  align?: 'left' | 'right';
  value: (task: ExportTask, index: number) => string;
}

function tableColumns(options: ExportOptions): Column[] {
  const fixed: Column[] = [
    { title: '#', width: 30, align: 'right', value: (_t, i) => String(i + 1) },
    { title: 'Task', width: 0, value: (t) => t.name },
    { title: 'Status', width: 72, value: (t) => TASK_STATUS_LABELS[t.status] },
    { title: 'Priority', width: 52, value: (t) => TASK_PRIORITY_LABELS[t.priority] },
    { title: 'Start', width: 58, value: (t) => t.startDate },
    { title: 'End', width: 58, value: (t) => t.endDate },
    { title: 'Progress', width: 48, align: 'right', value: (t) => `${t.progress}%` },
    ...(options.includeAssignments ? [{ title: 'Assignees', width: 130, value: (t: ExportTask) => t.assignees.join(', ') }] : []),
    { title: 'Depends on', width: 120, value: (t) => t.dependsOn.join(', ') },
  ];
  const used = fixed.reduce((sum, c) => sum + c.width, 0);
  fixed[1]!.width = CONTENT_WIDTH - used;
  return fixed;
}

const ROW = 16;
const PAD = 4;

/** [export-pdf-table] Every task, one row each, the header row repeated at the top of every page. */
function drawTaskTable(pdf: PdfCursor, data: ExportData, options: ExportOptions): void {
  const columns = tableColumns(options);
  const header = () => {
    pdf.fill('#1e293b', PAGE.margin, pdf.y, CONTENT_WIDTH, ROW + 2);
    let x = PAGE.margin;
    for (const column of columns) {
      const right = column.align === 'right';
      pdf.text.draw(column.title, right ? x + column.width - PAD : x + PAD, pdf.y + 12, {
        size: 8,
        bold: true,
        color: '#ffffff',
        align: right ? 'right' : 'left',
      });
      x += column.width;
    }
    pdf.y += ROW + 2;
  };
  pdf.heading(`Tasks (${data.tasks.length})`);
  if (!data.tasks.length) {
    pdf.text.draw('This project has no tasks yet.', PAGE.margin, pdf.y + 10, { size: 10, color: MUTED });
    pdf.y += 20;
    return;
  }
  pdf.ensure(3 * ROW);
  header();
  data.tasks.forEach((task, i) => {
    if (pdf.y + ROW > CONTENT_BOTTOM) {
      pdf.newPage();
      header();
    }
    if (i % 2 === 1) pdf.fill('#f8fafc', PAGE.margin, pdf.y, CONTENT_WIDTH, ROW);
    let x = PAGE.margin;
    for (const column of columns) {
      const right = column.align === 'right';
      let textX = right ? x + column.width - PAD : x + PAD;
      if (column.title === 'Status') {
        pdf.fill(STATUS_COLORS[task.status], x + PAD, pdf.y + 5.5, 5, 5);
        textX += 8;
      }
      pdf.text.draw(column.value(task, i), textX, pdf.y + 11, {
        size: 7.5,
        maxWidth: column.width - 2 * PAD - (column.title === 'Status' ? 8 : 0),
        align: right ? 'right' : 'left',
      });
      x += column.width;
    }
    pdf.line(RULE, PAGE.margin, pdf.y + ROW, PAGE.margin + CONTENT_WIDTH, pdf.y + ROW, 0.3);
    pdf.y += ROW;
  });
  pdf.y += 8;
}

function drawTitle(pdf: PdfCursor, data: ExportData): void {
  const { project } = data;
  const counts = exportCounts(data);
  const byStatus = Object.fromEntries(counts.byStatus.map((s) => [s.status, s.count]));
  pdf.text.draw(project.name, PAGE.margin, pdf.y + 18, { size: 20, bold: true, maxWidth: CONTENT_WIDTH });
  pdf.y += 30;
  const dates = project.startDate || project.endDate ? `${project.startDate ?? '…'} – ${project.endDate ?? '…'}` : 'No dates set';
  const facts = [`Project ID ${project.code}`, `Status ${PROJECT_STATUS_LABELS[project.status]}`, dates, `Exported ${data.today}`];
  pdf.text.draw(facts.join('    ·    '), PAGE.margin, pdf.y + 10, { size: 9.5, color: MUTED, maxWidth: CONTENT_WIDTH });
  pdf.y += 16;
  const figures = [
    `Tasks ${counts.total}`,
    `Completed ${counts.completed} (${counts.completionRate}%)`,
    `In progress ${byStatus.in_progress}`,
    `Blocked ${byStatus.blocked}`,
    `Overdue ${counts.overdue}`,
  ];
  pdf.text.draw(figures.join('    ·    '), PAGE.margin, pdf.y + 10, { size: 9.5, maxWidth: CONTENT_WIDTH });
  pdf.y += 18;
  if (project.description) {
    for (const line of pdf.text.wrap(project.description, CONTENT_WIDTH, { size: 9 }, 4)) {
      pdf.text.draw(line, PAGE.margin, pdf.y + 9, { size: 9, color: MUTED });
      pdf.y += 12;
    }
  }
  pdf.line(RULE, PAGE.margin, pdf.y + 4, PAGE.margin + CONTENT_WIDTH, pdf.y + 4);
  pdf.y += 14;
}

function drawFooters(pdf: PdfCursor, data: ExportData): void {
  const pages = pdf.doc.getNumberOfPages();
  for (let page = 1; page <= pages; page++) {
    pdf.doc.setPage(page);
    const y = PAGE.height - PAGE.margin + 6;
    pdf.text.draw(`${data.project.code} · ${data.project.name}`, PAGE.margin, y, { size: 7.5, color: MUTED, maxWidth: CONTENT_WIDTH - 120 });
    pdf.text.draw(`Page ${page} of ${pages}`, PAGE.margin + CONTENT_WIDTH, y, { size: 7.5, color: MUTED, align: 'right' });
  }
}

/** [export-pdf] Title and facts, the status chart, the task table, then the Gantt, as the options ask. */
export function buildPdf(data: ExportData, options: ExportOptions): Buffer {
  const doc = new jsPDF({ orientation: 'landscape', unit: 'pt', format: 'a4', compress: true });
  doc.setProperties({ title: `${data.project.name} (${data.project.code})`, subject: `Exported ${data.today}`, creator: 'Planline' });
  const pdf = new PdfCursor(doc);
  drawTitle(pdf, data);
  if (options.includeCharts) drawStatusChart(pdf, data);
  drawTaskTable(pdf, data, options);
  if (options.includeTimeline) drawGantt(pdf, data);
  drawFooters(pdf, data);
  return Buffer.from(doc.output('arraybuffer'));
}

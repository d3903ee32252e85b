import type { Readable } from 'node:stream';
import { TASK_STATUS_COLORS } from '@planline/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { relaunchPlan } from '../../../test/export-plan.js';
import { CAN_RENDER_PDF, colourDistance, renderPage, type PageImage } from '../../../test/pdf-image.js';
import { pdfTextBoxes, type PdfPageText, type PdfTextBox } from '../../../test/pdf-text.js';
import type { ExportData, ExportTask } from './export-data.js';
import { INK } from './pdf-layout.js';
import { pdfStream } from './pdf-export.js';

// [export-pdf] The PDF as a reader sees it: the text where pdf.js finds it and the pages as poppler draws them.
const ALL = { includeCharts: true, includeTimeline: true, includeAssignments: true };

async function bytes(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const text = (page: PdfPageText) => page.boxes.map((b) => b.str).join(' ').replace(/\s+/g, ' ');
const box = (page: PdfPageText, str: string) => page.boxes.find((b) => b.str === str);
const overlap = (a: PdfTextBox, b: PdfTextBox) =>
  a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.top < b.top + b.height - 0.5 && b.top < a.top + a.height - 0.5;

/** Tasks named `Task n`, short and unlinked: a table that fits across a portrait page. */
function shortPlan(count: number): ExportData {
  const tasks: ExportTask[] = Array.from({ length: count }, (_, i) => ({
    id: `t${i}`,
    name: `Task ${i + 1}`,
    description: null,
    status: 'pending',
    priority: 'medium',
    startDate: `2026-03-${String(1 + (i % 28)).padStart(2, '0')}`,
    endDate: `2026-04-${String(1 + (i % 28)).padStart(2, '0')}`,
    progress: 0,
    color: '#3b82f6',
    order: i,
    kind: 'task',
    parent: null,
    depth: 0,
    summary: false,
    dependsOn: [],
    links: [],
    assignee: null,
    assignees: [],
  }));
  return { project: { name: 'Short plan', code: 'SP-1', status: 'active', description: null, startDate: null, endDate: null }, tasks, today: '2026-03-15' };
}

describe('the PDF of a 27-task plan with phases, milestones, 15 links and a baseline', () => {
  const plan = relaunchPlan();
  let pdf: Buffer;
  let pages: PdfPageText[];
  let timelinePage: number;
  beforeAll(async () => {
    pdf = await bytes(await pdfStream(plan, ALL));
    pages = await pdfTextBoxes(pdf);
    timelinePage = pages.findIndex((page) => box(page, 'Timeline'));
  });

  it('[export-pdf-table] gives every task name whole, wrapped where it is long, never cut', () => {
    expect(plan.tasks.map((t) => t.name)).toContain('Stakeholder interviews and requirements workshop');
    const table = pages.slice(0, timelinePage).map(text).join(' ');
    for (const task of plan.tasks) expect(table, task.name).toContain(task.name);
    expect(table).not.toContain('…');
  });

  it('[export-pdf-table] lays the header row out with no two titles over each other, inside the page', () => {
    const page = pages[0]!;
    const priority = box(page, 'Priority')!;
    const header = page.boxes.filter((b) => b.top >= priority.top - 2 && b.top <= priority.top + priority.height + 4);
    expect(header.map((b) => b.str)).toEqual(expect.arrayContaining(['#', 'Task', 'Status', 'Start', 'End', 'Drift', 'Progress', 'Type', 'Assignees']));
    expect(header.length).toBeGreaterThanOrEqual(14);
    for (const [i, a] of header.entries()) {
      expect(a.x, a.str).toBeGreaterThanOrEqual(36 - 0.5);
      expect(a.x + a.width, a.str).toBeLessThanOrEqual(page.width - 36 + 0.5);
      for (const b of header.slice(i + 1)) expect(overlap(a, b), `"${a.str}" and "${b.str}"`).toBe(false);
    }
  });

  it('[export-pdf-orientation] a table this wide is on landscape pages, as is the timeline', () => {
    for (const page of pages) expect(page.width).toBeGreaterThan(page.height);
  });

  it('[export-pdf-dates] the header gives the project\'s dates: its tasks\' span, or its own dates where set', async () => {
    expect(text(pages[0]!)).toContain('Dates 2026-11-02 – 2027-03-10');
    expect(text(pages[0]!)).not.toContain('No dates set');
    const dated = relaunchPlan();
    dated.project.startDate = '2026-10-26';
    dated.project.endDate = '2027-03-31';
    const first = (await pdfTextBoxes(await bytes(await pdfStream(dated, ALL))))[0]!;
    expect(text(first)).toContain('Dates 2026-10-26 – 2027-03-31');
  });

  describe.skipIf(!CAN_RENDER_PDF)('[export-pdf-gantt] its timeline page, drawn (skipped without pdftoppm)', () => {
    let image: PageImage;
    let chartLeft: number;
    beforeAll(() => {
      image = renderPage(pdf, timelinePage + 1);
      // The scale's first month starts where the chart does.
      chartLeft = box(pages[timelinePage]!, 'Nov 2026')!.x - 2;
    });
    /** What is drawn in a task's row, right of the names, in colours within 24 of `hex`. */
    const inRow = (name: string, test: (rgb: [number, number, number]) => boolean, right = image.width - 36) => {
      const label = box(pages[timelinePage]!, name)!;
      return image.find(chartLeft, label.top - 3, right, label.top + label.height + 3, test);
    };
    const near = (hex: string) => (rgb: [number, number, number]) => colourDistance(rgb, hex) <= 24;

    it('draws every task on it, bars in their status colour', () => {
      for (const task of plan.tasks) expect(box(pages[timelinePage]!, task.name), task.name).toBeDefined();
      expect(inRow('Kick-off meeting with the client', near(TASK_STATUS_COLORS.completed)).count).toBeGreaterThan(10);
      const inProgress = inRow('Competitor and analytics review', near(TASK_STATUS_COLORS.in_progress)).bounds!;
      expect(inProgress.right - inProgress.left).toBeGreaterThan(20);
    });

    it('draws a phase as a bracket across its tasks and a milestone as a diamond', () => {
      const phase = inRow('Design', near(INK)).bounds!;
      expect(phase.right - phase.left).toBeGreaterThan(100);
      const milestone = inRow('Discovery sign-off', near(TASK_STATUS_COLORS.pending)).bounds!;
      const [width, height] = [milestone.right - milestone.left, milestone.bottom - milestone.top];
      expect(height).toBeGreaterThan(4);
      expect(Math.abs(width - height)).toBeLessThan(2);
      // A diamond: its middle row is wider than its top row.
      const middle = (milestone.top + milestone.bottom) / 2;
      const across = (y: number) => image.find(milestone.left - 1, y, milestone.right + 1, y + 1 / image.scale, near(TASK_STATUS_COLORS.pending)).count;
      expect(across(middle)).toBeGreaterThan(across(milestone.top) + 4);
    });

    it('draws a link as an arrow into its successor: "Design approval by the client" → "Front-end templates"', () => {
      const bar = inRow('Front-end templates', near(TASK_STATUS_COLORS.pending)).bounds!;
      // Slate grey, neither the red of today's line nor a bar's colour.
      const slate = (rgb: [number, number, number]) => colourDistance(rgb, '#475569') <= 40 && rgb[2] >= rgb[0];
      const arrow = inRow('Front-end templates', slate, bar.left).bounds!;
      expect(arrow).not.toBeNull();
      // The milestone is on 18 Dec, the templates start on 4 Jan: a long run in, its head at the bar.
      expect(arrow.right - arrow.left).toBeGreaterThan(40);
      expect(bar.left - arrow.right).toBeLessThan(2);
    });
  });
});

describe('[export-pdf-table] a name with a word longer than its column', () => {
  it('breaks the word where the line ends and keeps all of it', async () => {
    const data = shortPlan(3);
    const word = 'Supercalifragilistic'.repeat(8);
    data.tasks[1]!.name = `Review ${word} copy`;
    const pages = await pdfTextBoxes(await bytes(await pdfStream(data, { includeCharts: false, includeTimeline: false, includeAssignments: false })));
    const table = pages.map(text).join(' ');
    expect(table).not.toContain('…');
    expect(table.replace(/\s+/g, '')).toContain(`Review${word}copy`);
  });
});

describe('[export-pdf-orientation] a narrow table', () => {
  it('is on portrait pages, and the timeline still on landscape ones', async () => {
    const pages = await pdfTextBoxes(await bytes(await pdfStream(shortPlan(5), { includeCharts: true, includeTimeline: true, includeAssignments: false })));
    const timeline = pages.findIndex((page) => box(page, 'Timeline'));
    expect(timeline).toBeGreaterThan(0);
    pages.forEach((page, i) => expect(page.width > page.height, `page ${i + 1}`).toBe(i >= timeline));
  });
});

describe('[export-pdf-gantt] a long plan\'s timeline', () => {
  it('spreads its rows evenly over its pages, the date scale at the top of each', async () => {
    // 30 rows fill the first timeline page and 33 each next one: 66 would leave 3 on a page of their own.
    const pages = await pdfTextBoxes(await bytes(await pdfStream(shortPlan(66), ALL)));
    const timeline = pages.slice(pages.findIndex((page) => box(page, 'Timeline')));
    expect(timeline.length).toBeGreaterThan(1);
    const rows = timeline.map((page) => page.boxes.filter((b) => /^Task \d+$/.test(b.str)));
    expect(rows.flat().length).toBe(66);
    expect(Math.min(...rows.map((r) => r.length))).toBeGreaterThanOrEqual(Math.max(...rows.map((r) => r.length)) - 4);
    timeline.forEach((page, i) => {
      const month = box(page, 'Mar 2026');
      expect(month, `page ${i + 1}`).toBeDefined();
      expect(month!.top).toBeLessThan(Math.min(...rows[i]!.map((b) => b.top)));
    });
  });
});

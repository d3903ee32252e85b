import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { pdfFonts, pdfPageItems } from '../../../test/pdf-text.js';
import type { ExportData, ExportTask } from './export-data.js';
import { pdfStream } from './pdf-export.js';

const ALL = { includeCharts: true, includeTimeline: true, includeAssignments: true };

function project(names: string[], description: string | null = null): ExportData {
  const tasks: ExportTask[] = names.map((name, i) => ({
    id: `t${i}`,
    name,
    description: null,
    status: (['pending', 'in_progress', 'completed', 'blocked'] as const)[i % 4]!,
    priority: (['low', 'medium', 'high', 'critical'] as const)[i % 4]!,
    startDate: `2026-03-${String(1 + (i % 28)).padStart(2, '0')}`,
    endDate: `2026-04-${String(1 + (i % 28)).padStart(2, '0')}`,
    progress: i % 101,
    color: '#3b82f6',
    order: i,
    kind: 'task',
    parent: null,
    depth: 0,
    summary: false,
    dependsOn: i % 5 === 4 ? [names[i - 1]!] : [],
    links: i % 5 === 4 ? [{ dependsOnId: `t${i - 1}`, type: 'FS', lagDays: 0 }] : [],
    assignee: 'Ada Lovelace',
    assignees: ['Ada Lovelace'],
  }));
  return {
    project: { name: 'Unit plan', code: 'UNIT-1', status: 'active', description, startDate: null, endDate: null },
    tasks,
    today: '2026-03-15',
  };
}

const numbered = (count: number) => Array.from({ length: count }, (_, i) => `Task ${i + 1}`);

async function bytes(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The task's name, until its `failOnRead`th read, which throws; the reads so far. */
function failingName(task: ExportTask, failOnRead = Infinity): () => number {
  const name = task.name;
  let reads = 0;
  Object.defineProperty(task, 'name', {
    get() {
      if (++reads >= failOnRead) throw new Error('name unavailable');
      return name;
    },
  });
  return () => reads;
}

describe('the PDF writer', () => {
  it('[export-pdf-pages] every page says "Page N of M", M the real page count, whatever the size and options', async () => {
    // 27 rows fill the first table page; the sizes around it and a few pages more move every page break.
    for (const [count, options] of [
      [0, ALL],
      [1, ALL],
      [27, ALL],
      [28, { ...ALL, includeCharts: false }],
      [95, ALL],
      [95, { ...ALL, includeTimeline: false }],
    ] as const) {
      const pages = await pdfPageItems(await bytes(await pdfStream(project(numbered(count), 'A plan\nwith a description'), options)));
      expect(pages.length).toBeGreaterThan(0);
      pages.forEach((items, i) => expect(items, `${count} tasks, page ${i + 1}`).toContain(`Page ${i + 1} of ${pages.length}`));
    }
  });

  it('[export-pdf-fonts] the DejaVu fonts are embedded, and Noto Sans SC only when a name needs it', async () => {
    const latin = await bytes(await pdfStream(project(numbered(3)), ALL));
    expect(await pdfFonts(latin)).toEqual([
      { name: 'DejaVuSans', embedded: true },
      { name: 'DejaVuSans-Bold', embedded: true },
    ]);
    const chinese = await bytes(await pdfStream(project(['设计评审 review', 'مراجعة التصميم']), ALL));
    expect(await pdfFonts(chinese)).toEqual([
      { name: 'DejaVuSans', embedded: true },
      { name: 'DejaVuSans-Bold', embedded: true },
      { name: 'NotoSansSC-Regular', embedded: true },
    ]);
  });

  it('[export-pdf] a failure before the first page is an error, not a stream', async () => {
    const data = project(numbered(200));
    failingName(data.tasks[150]!, 1);
    await expect(pdfStream(data, ALL)).rejects.toThrow('name unavailable');
  });

  it('[export-pdf] a failure after the first page ends the stream with an error, never with a finished file', async () => {
    // The last read of a name on a later page is the drawn timeline's, long after the first page went out.
    const counted = project(numbered(200));
    const reads = failingName(counted.tasks[150]!);
    await bytes(await pdfStream(counted, ALL));
    const data = project(numbered(200));
    failingName(data.tasks[150]!, reads());
    const stream = await pdfStream(data, ALL);
    await expect(bytes(stream)).rejects.toThrow('name unavailable');
  });
});

import { readFileSync } from 'node:fs';
import { deflateRawSync } from 'node:zlib';
import { DEFAULT_WORK_CALENDAR, SHEET_TEMPLATE_HEADERS } from '@planline/domain';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.js';
import type { ReadOptions } from './read-options.js';
import { readSheet, SHEET_MAX_ROWS } from './sheet-read.js';
import { templateCsv, templateXlsx } from './sheet-template.js';
import { XLSX_MAX_UNCOMPRESSED_BYTES } from './zip-guard.js';
import { zip } from '../../../test/zip-bytes.js';

const fixture = (name: string) => readFileSync(new URL(`../../../test/fixtures/sheets/${name}`, import.meta.url));
const options = (extra: Partial<ReadOptions> = {}): ReadOptions => ({ fileName: 'plan', calendar: DEFAULT_WORK_CALENDAR, locale: 'en-US', ...extra });

/** Rejects with an AppError of this status whose message matches. */
async function refused(reading: Promise<unknown>, status: number, message: RegExp) {
  const error = await reading.then(
    () => null,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).status).toBe(status);
  expect((error as AppError).message).toMatch(message);
}

describe('readSheet: CSV', () => {
  it('[sheet-plan] a European export: BOM, ";" separators, en-GB dates, WBS, predecessors by ID, a cell over two lines', async () => {
    const plan = await readSheet(fixture('office-move-en-gb.csv'), 'csv', options({ locale: 'en-GB' }));
    expect(plan.errors).toEqual([]);
    expect(plan.columns?.headers[0]).toBe('ID');
    expect(plan.columns?.mapping).toMatchObject({ id: 'ID', wbs: 'WBS', name: 'Task Name', assignee: 'Resource Names', progress: '% Complete' });
    expect(plan.tasks.map((t) => [t.row, t.key, t.name, t.parentKey, t.startDate, t.endDate, t.kind, t.progress])).toEqual([
      [2, '10', 'Office move', null, '2026-03-02', '2026-03-12', 'task', 0],
      [3, '20', 'Pack', '10', '2026-03-02', '2026-03-06', 'task', 50],
      [4, '30', 'Transport', '10', '2026-03-10', '2026-03-11', 'task', 0],
      [5, '40', 'Unpack', '10', '2026-03-10', '2026-03-12', 'task', 0],
      [6, '50', 'Keys handed over', null, '2026-03-13', '2026-03-13', 'milestone', 0],
    ]);
    expect(plan.tasks[0]!.description).toBe('Everything for the move;\ntwo lines');
    expect(plan.links).toEqual([
      { row: 4, predecessorKey: '20', successorKey: '30', type: 'FS', lagDays: 1 },
      { row: 5, predecessorKey: '30', successorKey: '40', type: 'SS', lagDays: 0 },
      { row: 5, predecessorKey: '20', successorKey: '40', type: 'FF', lagDays: -1 },
      { row: 6, predecessorKey: '40', successorKey: '50', type: 'FS', lagDays: 0 },
    ]);
    expect(plan.resources).toEqual([
      { key: 'ana@example.com', name: 'ana@example.com', email: 'ana@example.com' },
      { key: 'Bo Chen', name: 'Bo Chen', email: null },
    ]);
    expect(plan.tasks[1]!.assignments).toEqual([{ resourceKey: 'ana@example.com', allocation: 50 }]);
    expect(plan.tasks[3]!.description).toBe('=1+1');
    expect(plan.warnings).toEqual([{ row: 5, message: 'The notes «=1+1» starts like a spreadsheet formula: it was read as text, never run.' }]);
  });

  it('[sheet-columns] the person\'s mapping replaces the automatic one', async () => {
    const csv = Buffer.from('Task,Kickoff,Start\nA,2026-03-02,2026-04-01\n');
    const plan = await readSheet(csv, 'csv', options({ columns: { start: 'Kickoff' } }));
    expect(plan.tasks.map((t) => t.startDate)).toEqual(['2026-03-02']);
    expect(plan.columns?.mapping).toEqual({ name: 'Task', start: 'Kickoff' });
  });

  it('tab-separated UTF-16 (Excel\'s "Unicode text") and Windows-1252 CSV read as written', async () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Name\tStart\nCafé opening\t2026-03-02\n', 'utf16le')]);
    expect((await readSheet(utf16, 'csv', options())).tasks.map((t) => t.name)).toEqual(['Café opening']);
    const latin = Buffer.from([...Buffer.from('Name,Start\nCaf'), 0xe9, ...Buffer.from(',2026-03-02\n')]);
    expect((await readSheet(latin, 'csv', options())).tasks.map((t) => t.name)).toEqual(['Café']);
  });

  it('blank lines keep the rows numbered as the spreadsheet shows them; past Excel\'s last row is a 413', async () => {
    const gaps = await readSheet(Buffer.from('\nName,Start\n\n\nA,2026-03-02\n'), 'csv', options());
    expect(gaps.tasks.map((t) => [t.row, t.name])).toEqual([[5, 'A']]);
    const endless = Buffer.from(`Name,Start\nA,2026-03-02${'\n'.repeat(SHEET_MAX_ROWS)}`);
    await refused(readSheet(endless, 'csv', options()), 413, /more than 1,048,576 rows, more than Excel holds/);
  });

  it('a file that is not CSV text is a 400 that says what to do', async () => {
    await refused(readSheet(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0]), 'csv', options()), 400, /Excel workbook or another zip archive, not CSV/);
    await refused(readSheet(Buffer.from([0x4e, 0x61, 0x00, 0x01]), 'csv', options()), 400, /not a CSV text file/);
  });
});

describe('readSheet: Excel', () => {
  it('[sheet-dates] the first sheet only; date cells, percent cells, links, rich text and formulas by their saved result', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Plan');
    sheet.addRow(['Title', 'Begin', 'Due', 'Progress', 'Assigned To', 'Predecessors']);
    sheet.addRow([{ richText: [{ text: 'Rich ' }, { text: 'name', font: { bold: true } }] }, new Date(Date.UTC(2026, 2, 2)), new Date(Date.UTC(2026, 2, 4)), 0.4, { text: 'ana@x.com', hyperlink: 'mailto:ana@x.com' }, null]);
    sheet.addRow(['Formulas', { formula: 'B2+7', result: new Date(Date.UTC(2026, 2, 9)) }, { formula: 'B3+2', result: 46092 }, { formula: '1/2' }, null, { formula: '"2FS"', result: '2FS' }]);
    sheet.getColumn(4).numFmt = '0%';
    workbook.addWorksheet('Other').addRow(['Name', 'Start']).commit();
    workbook.getWorksheet('Other')!.addRow(['Never read', '2026-01-01']);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());

    const plan = await readSheet(bytes, 'xlsx', options());
    expect(plan.format).toBe('xlsx');
    expect(plan.errors).toEqual([]);
    expect(plan.tasks.map((t) => [t.name, t.startDate, t.endDate, t.progress])).toEqual([
      ['Rich name', '2026-03-02', '2026-03-04', 40],
      ['Formulas', '2026-03-09', '2026-03-11', 0],
    ]);
    expect(plan.resources.map((r) => r.email)).toEqual(['ana@x.com']);
    expect(plan.links).toEqual([{ row: 3, predecessorKey: '2', successorKey: '3', type: 'FS', lagDays: 0 }]);
    expect(plan.warnings).toEqual([
      {
        row: 3,
        message: 'The «Progress» cell holds a formula with no saved result, so it was read as empty: open the file in Excel and save it again, or type the value.',
      },
    ]);
  });

  it('a file that is not a workbook is a 400', async () => {
    await refused(readSheet(Buffer.from('Name,Start\n'), 'xlsx', options()), 400, /not a readable Excel workbook \(\.xlsx\) \(it is not a zip archive\)/);
  });
});


describe('[xlsx-zip-guard] zip bombs are refused before exceljs reads them', () => {
  const EIGHT_MB = 8 * 1024 * 1024;
  const zeros = deflateRawSync(Buffer.alloc(EIGHT_MB));

  it('parts that together unpack past the limit: 413, nothing inflated', async () => {
    const parts = Math.ceil(XLSX_MAX_UNCOMPRESSED_BYTES / EIGHT_MB) + 1;
    const bomb = zip(Array.from({ length: parts }, (_, i) => ({ name: `xl/media/pad${i}.bin`, deflated: zeros, declaredBytes: EIGHT_MB })));
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await refused(readSheet(bomb, 'xlsx', options()), 413, /This workbook is refused: its parts unpack to more than 200 MB/);
  });

  it('one part a thousand times its stored size: 413', async () => {
    const big = deflateRawSync(Buffer.alloc(3 * EIGHT_MB));
    await refused(readSheet(zip([{ name: 'xl/worksheets/sheet1.xml', deflated: big, declaredBytes: 3 * EIGHT_MB }]), 'xlsx', options()), 413, /times larger than it is stored/);
  });

  it('a part that unpacks past the size its directory declares: 413, inflation stopped at the declared size', async () => {
    const liar = zip([{ name: 'xl/worksheets/sheet1.xml', deflated: zeros, declaredBytes: 1000 }]);
    await refused(readSheet(liar, 'xlsx', options()), 413, /unpacks to more than the 1000 bytes it declares/);
  });

  it('a workbook cut short, or with a damaged directory, is a 400 that says what to do', async () => {
    const whole = await templateXlsx();
    await refused(readSheet(whole.subarray(0, whole.length - 10), 'xlsx', options()), 400, /the zip has no central directory; it may be cut short\)\. Save it from Excel/);
    const damaged = Buffer.from(whole);
    damaged.writeUInt32LE(0x12345678, damaged.readUInt32LE(damaged.length - 6));
    await refused(readSheet(damaged, 'xlsx', options()), 400, /its central directory is damaged/);
  });

  it('an honest workbook with the template passes the guard', async () => {
    const plan = await readSheet(await templateXlsx(), 'xlsx', options());
    expect(plan.errors).toEqual([]);
  });
});

describe('[sheet-template] the template files read back as the example plan', () => {
  it('CSV and Excel give the same three tasks: a summary, a task, a milestone after it', async () => {
    const csv = await readSheet(templateCsv(), 'csv', options());
    const xlsx = await readSheet(await templateXlsx(), 'xlsx', options());
    expect(csv.columns?.headers).toEqual([...SHEET_TEMPLATE_HEADERS]);
    expect(Object.keys(csv.columns!.mapping)).toHaveLength(SHEET_TEMPLATE_HEADERS.length);
    for (const plan of [csv, xlsx]) {
      expect(plan.errors).toEqual([]);
      expect(plan.warnings).toEqual([]);
      expect(plan.tasks.map((t) => [t.key, t.name, t.parentKey, t.startDate, t.endDate, t.kind, t.progress, t.status, t.priority])).toEqual([
        ['1', 'Website launch', null, '2026-03-02', '2026-03-09', 'task', 0, null, 'high'],
        ['2', 'Write the page copy', '1', '2026-03-02', '2026-03-06', 'task', 40, 'in_progress', 'medium'],
        ['3', 'Site live', '1', '2026-03-09', '2026-03-09', 'milestone', 0, 'pending', 'critical'],
      ]);
      expect(plan.links).toEqual([{ row: 4, predecessorKey: '2', successorKey: '3', type: 'FS', lagDays: 0 }]);
      expect(plan.tasks[1]!.assignments).toEqual([{ resourceKey: 'ana@example.com', allocation: 50 }]);
    }
    expect(xlsx.tasks).toEqual(csv.tasks);
  });
});

import { sheetPlan, type ImportedPlan, type ImportMessage, type SheetCell, type SheetRow } from '@planline/domain';
import type ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { AppError } from '../../errors.js';
import type { ReadOptions } from './read-options.js';
import { guardXlsx } from './zip-guard.js';

/**
 * Issue 37: a CSV or Excel (.xlsx) task sheet as an ImportedPlan. This file only turns bytes into rows of cells
 * (the first sheet of a workbook); reading the rows as tasks is domain's sheetPlan. A file that cannot be read at
 * all is a 4xx AppError; what is wrong in a row is a row message in the plan.
 */
export async function readSheet(bytes: Buffer, format: 'csv' | 'xlsx', options: ReadOptions): Promise<ImportedPlan> {
  const grid = format === 'csv' ? csvRows(bytes) : await xlsxRows(bytes);
  const plan = sheetPlan({
    format,
    rows: grid.rows,
    columns: options.columns,
    locale: options.locale,
    calendar: options.calendar,
    formulasWithoutResult: grid.formulasWithoutResult,
  });
  if (grid.warnings.length) plan.warnings = [...grid.warnings, ...plan.warnings].sort((a, b) => (a.row ?? 0) - (b.row ?? 0));
  return plan;
}

/** Excel's own last row: a sheet with more is not one a person made. */
export const SHEET_MAX_ROWS = 1_048_576;

const tooManyRows = () =>
  new AppError('payload_too_large', `This sheet has more than ${SHEET_MAX_ROWS.toLocaleString('en-US')} rows, more than Excel holds: remove the empty rows at its end, or split it.`);

interface Grid {
  rows: SheetRow[];
  warnings: ImportMessage[];
  formulasWithoutResult?: Map<number, number[]>;
}

const ZIP_MAGIC = 0x04034b50;

/**
 * The text of a CSV file: UTF-8 (its BOM dropped), UTF-16 with a BOM (Excel's "Unicode text"), else Windows-1252,
 * which is what Excel on Windows writes for "CSV" and what any byte sequence decodes as.
 */
function csvText(bytes: Buffer): string {
  if (bytes.length >= 4 && bytes.readUInt32LE(0) === ZIP_MAGIC) {
    throw new AppError('bad_request', 'This file is an Excel workbook or another zip archive, not CSV: import it as Excel (.xlsx).');
  }
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  if (text.includes('\u0000')) {
    throw new AppError('bad_request', 'This file is not a CSV text file (it holds binary data). Save the sheet as "CSV UTF-8" and import that.');
  }
  return text;
}

const SEPARATORS = [',', ';', '\t', '|'] as const;

/**
 * The separator the header row uses most, outside quotes (',' on a tie or with none). Papa's own guess needs
 * near-equal cell counts over its first rows, which a two-row sheet with a trailing blank line does not give.
 */
function separatorOf(text: string): string {
  const header = /^[^\r\n]*/.exec(text.replace(/"[^"]*"/g, ''))![0];
  let best: string = ',';
  let most = 0;
  for (const separator of SEPARATORS) {
    const count = header.split(separator).length - 1;
    if (count > most) [best, most] = [separator, count];
  }
  return best;
}

/**
 * Rows of a CSV file. The separator is the header's: , ; tab or | (Excel in much of Europe writes ';'); quoted
 * cells may hold separators and line breaks. Rows are counted as records, which is how a spreadsheet numbers
 * them, even when a quoted cell spans lines.
 */
function csvRows(bytes: Buffer): Grid {
  const text = csvText(bytes);
  const rows: SheetRow[] = [];
  const warnings: ImportMessage[] = [];
  let row = 0;
  let overflow = false;
  Papa.parse<string[]>(text, {
    delimiter: separatorOf(text),
    skipEmptyLines: false,
    step: (result, parser) => {
      row += 1;
      if (row > SHEET_MAX_ROWS) {
        overflow = true;
        parser.abort();
        return;
      }
      if (result.data.some((cell) => cell.trim() !== '')) rows.push({ row, cells: result.data });
      for (const error of result.errors) {
        if (error.code === 'MissingQuotes') warnings.push({ row, message: 'A quoted cell is not closed: the rest of the file was read into it. Check the quotes on this row.' });
        else if (error.code === 'InvalidQuotes') warnings.push({ row, message: 'A cell has a stray quote mark: check the quotes on this row.' });
      }
    },
  });
  if (overflow) throw tooManyRows();
  return { rows, warnings };
}

/**
 * Rows of the first sheet of a workbook, after the zip guard. A formula cell is read by the result Excel saved
 * with it (never evaluated); a percent-formatted number as the percent it shows; rich text and links as their
 * text.
 */
async function xlsxRows(bytes: Buffer): Promise<Grid> {
  guardXlsx(bytes);
  // Loaded on first use: exceljs is a few MB of the server's memory that only Excel files need.
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new AppError('bad_request', 'This Excel workbook could not be read. Open it in Excel, save it as "Excel Workbook (.xlsx)" and import that, or export it as CSV.');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return { rows: [], warnings: [] };
  if (sheet.rowCount > SHEET_MAX_ROWS) throw tooManyRows();
  const rows: SheetRow[] = [];
  const formulasWithoutResult = new Map<number, number[]>();
  // Only the cells the file has: asking exceljs for the others would make them.
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    const cells: SheetCell[] = [];
    row.eachCell({ includeEmpty: false }, (cell, column) => {
      while (cells.length < column - 1) cells.push(null);
      const read = cellValue(cell.value, cell.numFmt);
      if (read === undefined) {
        const missing = formulasWithoutResult.get(number);
        if (missing) missing.push(column - 1);
        else formulasWithoutResult.set(number, [column - 1]);
      }
      cells.push(read ?? null);
    });
    rows.push({ row: number, cells });
  });
  return { rows, warnings: [], formulasWithoutResult };
}

/** A cell's value as the sheet reader takes it; undefined for a formula without a saved result. */
function cellValue(value: ExcelJS.CellValue, numFmt: string | undefined): SheetCell | undefined {
  if (value === null || value === undefined) return null;
  if (value instanceof Date || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    // Excel stores 40% as 0.4 and shows it by its format: read what the person sees.
    if (numFmt?.includes('%')) return `${Math.round(value * 1e6) / 1e4}%`;
    return value;
  }
  if ('formula' in value || 'sharedFormula' in value) {
    const result = (value as ExcelJS.CellFormulaValue).result;
    return result === undefined ? undefined : cellValue(result as ExcelJS.CellValue, numFmt);
  }
  if ('richText' in value) return value.richText.map((run) => run.text).join('');
  if ('hyperlink' in value) {
    const text = (value as ExcelJS.CellHyperlinkValue).text as unknown;
    return typeof text === 'string' ? text : cellValue(text as ExcelJS.CellValue, numFmt) ?? null;
  }
  if ('error' in value) return String(value.error);
  return null;
}

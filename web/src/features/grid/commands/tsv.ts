import Papa from 'papaparse';

/*
 * [grid-tsv] The grid's clipboard text (issue 39): rows of cells separated by tabs, lines by newlines, as Excel,
 * Google Sheets and LibreOffice copy and paste them. A cell holding a tab, a line break or starting with a quote is
 * written in double quotes with its quotes doubled (what Excel writes for a cell with a line break, and what all
 * three read back as one cell); every other cell is written as it is.
 */

const NEEDS_QUOTES = /[\t\r\n]|^"/;

const quoted = (cell: string) => (NEEDS_QUOTES.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);

/**
 * Rows of cells as clipboard text, each line ended by a newline as Excel ends them (spreadsheets read the last one as
 * the block's end, not as an empty row), so a last row of empty cells is still a row when read back.
 */
export function writeTsv(rows: readonly (readonly string[])[]): string {
  return rows.map((cells) => `${cells.map(quoted).join('\t')}\n`).join('');
}

/**
 * Clipboard text as rows of cells. Windows line ends are read as newlines, and the one newline a spreadsheet puts
 * after its last row is not a row; an empty line inside the block is a row of one empty cell (it clears a cell).
 */
export function readTsv(text: string): string[][] {
  const body = text.replace(/\r\n?/g, '\n').replace(/\n$/, '');
  if (body === '') return [];
  return Papa.parse<string[]>(body, { delimiter: '\t', quoteChar: '"', newline: '\n' }).data;
}

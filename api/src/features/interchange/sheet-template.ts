import { SHEET_TEMPLATE_HEADERS, SHEET_TEMPLATE_ROWS } from '@planline/domain';
import Papa from 'papaparse';

/** [sheet-template] The import template (domain's rows) as the files people download and fill in. */

const UTF8_BOM = '\uFEFF';
const DATE_COLUMNS = new Set<string>(['Start Date', 'Finish Date']);
const PERCENT_COLUMNS = new Set<string>(['% Complete']);

/** CSV with a BOM, so Excel opens it as UTF-8, and CRLF line ends (RFC 4180). */
export function templateCsv(): Buffer {
  const text = Papa.unparse([[...SHEET_TEMPLATE_HEADERS], ...SHEET_TEMPLATE_ROWS.map((row) => [...row])], { newline: '\r\n' });
  return Buffer.from(UTF8_BOM + text + '\r\n', 'utf8');
}

/**
 * A workbook whose cells are what Excel users would type: dates as dates, progress as a percent; WBS and ID
 * stay text so '1.10' is not read as the number 1.1.
 */
export async function templateXlsx(): Promise<Buffer> {
  // Loaded on first use: exceljs is a few MB of the server's memory that only Excel files need.
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  const sheet = workbook.addWorksheet('Tasks', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = SHEET_TEMPLATE_HEADERS.map((header) => ({
    header,
    key: header,
    width: header === 'Notes' ? 60 : header === 'Task Name' || header === 'Assignee' ? 26 : 13,
    style: DATE_COLUMNS.has(header) ? { numFmt: 'yyyy-mm-dd' } : PERCENT_COLUMNS.has(header) ? { numFmt: '0%' } : { numFmt: '@' },
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of SHEET_TEMPLATE_ROWS) {
    sheet.addRow(
      row.map((text, i) => {
        const header = SHEET_TEMPLATE_HEADERS[i]!;
        if (text === '') return null;
        if (DATE_COLUMNS.has(header)) return new Date(`${text}T00:00:00Z`);
        if (PERCENT_COLUMNS.has(header)) return Number(text.replace('%', '')) / 100;
        return text;
      }),
    );
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

import { describe, expect, it } from 'vitest';
import { buildExportRequest, fallbackExportFileName, fileNameFromContentDisposition } from './export-request';

const PROJECT_ID = '3f1c2a9e-8d4b-4c7a-9b1e-2f6d5a4c3b21';
const SENT = { includeTimeline: true, includeAssignments: true, includeCharts: true };
const ALL_ON = { ...SENT, includeWorkload: false };

describe('buildExportRequest', () => {
  it('[calls-export] posts the three options as JSON to the format path, with credentials', () => {
    const { url, init } = buildExportRequest('excel', PROJECT_ID, { ...ALL_ON, includeCharts: false });
    expect(url).toBe(`/api/export/excel/${PROJECT_ID}`);
    expect(init).toEqual({
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ includeTimeline: true, includeAssignments: true, includeCharts: false }),
      credentials: 'include',
    });
  });

  it('[calls-export] uses the pdf path for PDF', () => {
    expect(buildExportRequest('pdf', PROJECT_ID, ALL_ON).url).toBe(`/api/export/pdf/${PROJECT_ID}`);
  });

  it('sends only the three known options, whatever else the object carries', () => {
    const options = { ...ALL_ON, extra: 'x' } as typeof ALL_ON;
    expect(JSON.parse(String(buildExportRequest('pdf', PROJECT_ID, options).init.body))).toEqual(SENT);
  });

  it('[export-workload] asks for the Workload sheet only when it is chosen', () => {
    expect(JSON.parse(String(buildExportRequest('excel', PROJECT_ID, { ...ALL_ON, includeWorkload: true }).init.body))).toEqual({ ...SENT, includeWorkload: true });
  });

  it('[export-baseline] adds the chosen baseline, and nothing when none is chosen', () => {
    const baselineId = '9a1c2a9e-8d4b-4c7a-9b1e-2f6d5a4c3b21';
    expect(JSON.parse(String(buildExportRequest('excel', PROJECT_ID, { ...ALL_ON, baselineId }).init.body))).toEqual({ ...SENT, baselineId });
    expect(JSON.parse(String(buildExportRequest('excel', PROJECT_ID, { ...ALL_ON, baselineId: null }).init.body))).toEqual(SENT);
  });

  it('[export-mspdi] fetches MS Project XML from the project, with the chosen baseline and no sheet options', () => {
    const baselineId = '9a1c2a9e-8d4b-4c7a-9b1e-2f6d5a4c3b21';
    expect(buildExportRequest('mspdi', PROJECT_ID, { ...ALL_ON, baselineId })).toEqual({
      url: `/api/projects/${PROJECT_ID}/export/mspdi?baselineId=${baselineId}`,
      init: { method: 'GET', credentials: 'include' },
    });
    expect(buildExportRequest('mspdi', 'a/b', ALL_ON).url).toBe('/api/projects/a%2Fb/export/mspdi');
    expect(fallbackExportFileName('ABC-1', 'mspdi')).toBe('ABC-1.xml');
  });

  it('escapes an id so that it stays one path segment', () => {
    expect(buildExportRequest('excel', 'a/../b', ALL_ON).url).toBe('/api/export/excel/a%2F..%2Fb');
  });
});

describe('fileNameFromContentDisposition', () => {
  it('[export-filename] reads a quoted filename', () => {
    expect(fileNameFromContentDisposition('attachment; filename="ABC-1234-2026-11-22.xlsx"')).toBe(
      'ABC-1234-2026-11-22.xlsx',
    );
  });

  it('[export-filename] reads an unquoted filename', () => {
    expect(fileNameFromContentDisposition('attachment; filename=report.pdf')).toBe('report.pdf');
  });

  it("[export-filename] prefers filename*=UTF-8'' and decodes it", () => {
    const header = `attachment; filename="Plan.pdf"; filename*=UTF-8''Pl%C3%A4ne%20Q1.pdf`;
    expect(fileNameFromContentDisposition(header)).toBe('Pläne Q1.pdf');
  });

  it('reads filename* with a language tag and any casing of the names', () => {
    expect(fileNameFromContentDisposition(`Attachment; FILENAME*=utf-8'en'r%C3%A9sum%C3%A9.xlsx`)).toBe('résumé.xlsx');
  });

  it('decodes an ISO-8859-1 filename*', () => {
    expect(fileNameFromContentDisposition(`attachment; filename*=ISO-8859-1''caf%E9.pdf`)).toBe('café.pdf');
  });

  it('falls back to filename when filename* is malformed', () => {
    expect(fileNameFromContentDisposition(`attachment; filename*=UTF-8''%E0%A4%A; filename="safe.pdf"`)).toBe(
      'safe.pdf',
    );
  });

  it('keeps semicolons and escaped quotes inside a quoted value', () => {
    expect(fileNameFromContentDisposition('attachment; filename="a;b \\"c\\".pdf"')).toBe('a;b "c".pdf');
  });

  it('does not take the name from another parameter that ends in filename', () => {
    expect(fileNameFromContentDisposition('attachment; xfilename="no.pdf"; filename="yes.pdf"')).toBe('yes.pdf');
  });

  it('keeps only the last path segment', () => {
    expect(fileNameFromContentDisposition('attachment; filename="../../etc/passwd.pdf"')).toBe('passwd.pdf');
    expect(fileNameFromContentDisposition('attachment; filename="C:\\\\temp\\\\x.xlsx"')).toBe('x.xlsx');
  });

  it('is null when there is no usable name', () => {
    expect(fileNameFromContentDisposition(null)).toBeNull();
    expect(fileNameFromContentDisposition('')).toBeNull();
    expect(fileNameFromContentDisposition('attachment')).toBeNull();
    expect(fileNameFromContentDisposition('attachment; filename=""')).toBeNull();
    expect(fileNameFromContentDisposition('inline; filename=".."')).toBeNull();
  });
});

describe('fallbackExportFileName', () => {
  it('[export-filename] is the project code with the format extension', () => {
    expect(fallbackExportFileName('ABC-1234', 'excel')).toBe('ABC-1234.xlsx');
    expect(fallbackExportFileName('ABC-1234', 'pdf')).toBe('ABC-1234.pdf');
  });
});

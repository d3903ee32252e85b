import { EXPORT_FILE_EXTENSIONS, type ExportOptions } from '@planline/domain';

/** The formats the server makes a file for; google-sheets is answered in the dialog with 'coming soon'. */
export type DownloadableExportFormat = keyof typeof EXPORT_FILE_EXTENSIONS;

export interface ExportRequest {
  url: string;
  init: RequestInit;
}

/**
 * POST /api/export/{excel|pdf}/{projectId} with the three options as JSON and the session cookie (§7), and the
 * baseline to include when one is chosen (issue 19). MS Project XML (issue 37) is a GET of the project's file, with
 * the chosen baseline as baseline 0; the sheet options do not apply to it.
 */
export function buildExportRequest(
  format: DownloadableExportFormat,
  projectId: string,
  options: ExportOptions,
): ExportRequest {
  const { includeTimeline, includeAssignments, includeCharts, includeWorkload, baselineId } = options;
  if (format === 'mspdi') {
    const query = baselineId ? `?${new URLSearchParams({ baselineId })}` : '';
    return { url: `/api/projects/${encodeURIComponent(projectId)}/export/mspdi${query}`, init: { method: 'GET', credentials: 'include' } };
  }
  return {
    url: `/api/export/${format}/${encodeURIComponent(projectId)}`,
    init: {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ includeTimeline, includeAssignments, includeCharts, ...(includeWorkload ? { includeWorkload } : {}), ...(baselineId ? { baselineId } : {}) }),
      credentials: 'include',
    },
  };
}

/** `${projectCode}.xlsx|pdf|xml`, used when the answer names no file. */
export function fallbackExportFileName(projectCode: string, format: DownloadableExportFormat): string {
  return `${safeFileName(projectCode) ?? 'project'}.${EXPORT_FILE_EXTENSIONS[format]}`;
}

/**
 * The file name of a Content-Disposition header (RFC 6266): the RFC 5987 `filename*=UTF-8''…` form wins over
 * the plain `filename=` one, as browsers do. Null when the header is absent or names nothing usable.
 */
export function fileNameFromContentDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const params = dispositionParams(header);

  const extended = params.get('filename*');
  if (extended !== undefined) {
    const match = /^([\w!#$%&+^`{}~-]+)'[^']*'(.*)$/.exec(extended);
    if (match) {
      const [, charset = '', encoded = ''] = match;
      const decoded = decodeExtendedValue(charset, encoded);
      const name = decoded === null ? null : safeFileName(decoded);
      if (name) return name;
    }
  }

  const plain = params.get('filename');
  return plain === undefined ? null : safeFileName(plain);
}

/** Splits `attachment; a=b; c="d;e"` into lower-cased parameter names and unquoted values. */
function dispositionParams(header: string): Map<string, string> {
  const params = new Map<string, string>();
  const pattern = /;\s*([^\s=;]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g;
  for (const match of header.matchAll(pattern)) {
    const name = match[1]?.toLowerCase();
    if (!name || params.has(name)) continue;
    const value = match[2] !== undefined ? match[2].replace(/\\(.)/g, '$1') : (match[3] ?? '').trim();
    params.set(name, value);
  }
  return params;
}

function decodeExtendedValue(charset: string, encoded: string): string | null {
  try {
    if (charset.toLowerCase() === 'utf-8') return decodeURIComponent(encoded);
    // ISO-8859-1 (the only other charset RFC 5987 requires): each %XX is one character.
    return encoded.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  } catch {
    return null;
  }
}

/**
 * The last path segment without control characters: a header naming `../../x.pdf` or `C:\x.pdf` must not
 * decide where the browser saves (browsers sanitise too; this keeps the toast honest about the name).
 */
function safeFileName(raw: string): string | null {
  const name = (raw.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return name && name !== '.' && name !== '..' ? name : null;
}

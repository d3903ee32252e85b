import type { ImportField, ImportFormat, ImportMode, ImportSummary, ImportUndo, ImportUndoResult } from '@planline/domain';
import { errorStatus } from '../../lib/api-error';
import { apiRequest } from '../../lib/query-client';

/** The format of a chosen file, by its extension (issue 37): MS Project XML, CSV or Excel; null for anything else. */
export function importFormatOf(fileName: string): ImportFormat | null {
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  return extension === 'xml' ? 'mspdi' : extension === 'csv' ? 'csv' : extension === 'xlsx' ? 'xlsx' : null;
}

export const IMPORT_ACCEPT = '.xml,.csv,.xlsx';

export interface ImportRequest {
  projectId: string;
  file: Blob;
  fileName: string;
  format: ImportFormat;
  mode: ImportMode;
  preview: boolean;
  /** The person's changes to the automatic column mapping (CSV, Excel). */
  columns?: Partial<Record<ImportField, string>>;
}

export function importUrl({ projectId, fileName, format, mode, preview, columns }: Omit<ImportRequest, 'file'>): string {
  const query = new URLSearchParams({ format, mode, preview: String(preview), fileName });
  if (columns && Object.keys(columns).length) query.set('columns', JSON.stringify(columns));
  return `/api/projects/${encodeURIComponent(projectId)}/import?${query}`;
}

/**
 * POST /api/projects/{projectId}/import with the file as the body. Through XMLHttpRequest, not fetch: it reports
 * the upload's progress (a 20 MB MS Project file takes a while on a slow line). Fails as apiRequest does
 * (`${status}: ${body}`), so serverMessage and isUnauthorizedError apply.
 */
export function postImport(request: ImportRequest, onProgress?: (fraction: number) => void, signal?: AbortSignal): Promise<ImportSummary> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', importUrl(request));
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    xhr.responseType = 'text';
    if (onProgress) xhr.upload.onprogress = (e) => (e.lengthComputable ? onProgress(e.loaded / e.total) : undefined);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as ImportSummary);
        } catch {
          reject(new Error(`${xhr.status}: ${xhr.responseText}`));
        }
      } else reject(new Error(`${xhr.status}: ${xhr.responseText || xhr.statusText}`));
    };
    xhr.onerror = () => reject(new Error('The file could not be sent: check your connection and try again.'));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(request.file);
  });
}

/** The waits before each new try while the server is still reading the person's previous file: about 9 s in all. */
export const BUSY_RETRY_DELAYS_MS = [300, 600, 1200, 2400, 4800];

/**
 * postImport, sent again while the server answers 429: it reads one file per person at a time (issue 37), and a
 * preview the dialog replaced (a new mode or column mapping) is cut off here while the server may still be reading
 * it. Past the last wait, or on any other failure, it fails as postImport does.
 */
export async function postImportWhenFree(
  request: ImportRequest,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
  send: typeof postImport = postImport,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<ImportSummary> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await send(request, onProgress, signal);
    } catch (err) {
      const delay = BUSY_RETRY_DELAYS_MS[attempt];
      if (delay === undefined || errorStatus(err) !== 429 || signal?.aborted) throw err;
      await wait(delay);
      if (signal?.aborted) throw new DOMException('Aborted', 'AbortError');
    }
  }
}

/**
 * Undoes a stored import (issue 37) with what its answer said to take back: the import is a server edit no
 * browser's undo stack holds, so the plan is restored to the instant just before it (a teammate's edit made after
 * it stays), and the server puts back the calendar it took and removes the baseline it saved.
 */
export async function undoImport(projectId: string, undo: ImportUndo): Promise<ImportUndoResult> {
  const res = await apiRequest('POST', `/api/projects/${encodeURIComponent(projectId)}/import/undo`, undo);
  return (await res.json()) as ImportUndoResult;
}

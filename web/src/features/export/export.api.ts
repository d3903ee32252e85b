import type { ExportOptions } from '@planline/domain';
import { useMutation } from '@tanstack/react-query';
import { isUnauthorizedError, paymentRequired } from '../../lib/api-error';
import { throwIfResNotOk } from '../../lib/query-client';
import { toast } from '../../lib/toast.store';
import { handleUnauthorized } from '../auth';
import {
  buildExportRequest,
  fallbackExportFileName,
  fileNameFromContentDisposition,
  type DownloadableExportFormat,
} from './export-request';

export interface ExportProjectVariables {
  format: DownloadableExportFormat;
  project: { id: string; projectCode: string };
  options: ExportOptions;
}

export interface ExportedFile {
  blob: Blob;
  fileName: string;
}

/**
 * The file of one export. apiRequest reads JSON; a download needs the raw blob, so this calls fetch itself and
 * fails the same way (`${status}: ${body}`) so that isUnauthorizedError and serverMessage still apply.
 */
export async function fetchProjectExport({ format, project, options }: ExportProjectVariables): Promise<ExportedFile> {
  const { url, init } = buildExportRequest(format, project.id, options);
  const res = await fetch(url, init);
  await throwIfResNotOk(res);
  const fileName =
    fileNameFromContentDisposition(res.headers.get('Content-Disposition')) ??
    fallbackExportFileName(project.projectCode, format);
  return { blob: await res.blob(), fileName };
}

// Firefox and Safari start the download after the click returns; revoking at once can cancel it.
const OBJECT_URL_REVOKE_DELAY_MS = 10_000;

/** Hands the blob to the browser's download through a temporary object URL and <a download>. */
export function saveFile({ blob, fileName }: ExportedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_REVOKE_DELAY_MS);
  }
}

export const EXPORT_FAILED_TEXT = 'Failed to export project. Please try again.';

/**
 * Makes, downloads and announces one export (PRODUCT-SPEC §8). The toasts sit on the mutation rather than on
 * the call so that they still show if the dialog is unmounted while the file is being made.
 */
export function useExportProject(onExported?: (file: ExportedFile) => void) {
  return useMutation({
    mutationFn: async (variables: ExportProjectVariables) => {
      const file = await fetchProjectExport(variables);
      saveFile(file);
      return file;
    },
    onSuccess: (file) => {
      toast({ title: 'Export Successful', description: `${file.fileName} has been downloaded.` });
      onExported?.(file);
    },
    onError: (err) => {
      if (isUnauthorizedError(err)) handleUnauthorized();
      // A Pro format on a Free team: the dialog shows the upgrade in place of a failure.
      else if (!paymentRequired(err)) toast({ title: 'Export Failed', description: EXPORT_FAILED_TEXT, variant: 'destructive' });
    },
  });
}

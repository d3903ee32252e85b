import { z } from 'zod';

/** PRODUCT-SPEC §4: excel is the default; google-sheets is advertised but answered with 'coming soon'; mspdi is MS Project XML (issue 37). */
export const exportFormatSchema = z.enum(['excel', 'pdf', 'mspdi', 'google-sheets']);
export type ExportFormat = z.infer<typeof exportFormatSchema>;
export const EXPORT_FORMATS = exportFormatSchema.options;
export const DEFAULT_EXPORT_FORMAT: ExportFormat = 'excel';

const option = (name: string) => z.boolean({ error: `${name} must be true or false` }).default(true);

/**
 * POST /api/export/{excel|pdf}/{projectId}: the Export Project dialog's three options, each on unless turned off,
 * and the baseline to show beside the current dates (issue 19), none unless chosen.
 */
export const exportOptionsSchema = z.object({
  includeTimeline: option('includeTimeline'),
  includeAssignments: option('includeAssignments'),
  includeCharts: option('includeCharts'),
  /** Issue 36: a Workload sheet (people × weeks over the project's dates, hours against capacity); Excel only, Pro. */
  includeWorkload: z.boolean({ error: 'includeWorkload must be true or false' }).default(false),
  baselineId: z.uuid({ error: "baselineId must be the id of one of this project's baselines, or null" }).nullable().optional(),
});
export type ExportOptions = z.infer<typeof exportOptionsSchema>;

export const EXPORT_FILE_EXTENSIONS = { excel: 'xlsx', pdf: 'pdf', mspdi: 'xml' } as const;
export const EXPORT_CONTENT_TYPES = {
  excel: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
  mspdi: 'application/xml; charset=utf-8',
} as const;

/** Issue 37: GET /api/projects/{projectId}/export/mspdi (MS Project XML): the baseline to write as baseline 0, if any. */
export const mspdiExportQuerySchema = z.object({
  baselineId: z.uuid({ error: "baselineId must be the id of one of this project's baselines" }).optional(),
});
export type MspdiExportQuery = z.infer<typeof mspdiExportQuerySchema>;

/**
 * [export-filename] `ABC-1234-2026-11-22.xlsx`: the project code and the export date, reduced to characters
 * that are safe in a Content-Disposition header and on every file system ([A-Za-z0-9._-]).
 */
export function exportFileName(projectCode: string, today: string, format: keyof typeof EXPORT_FILE_EXTENSIONS): string {
  const stem = `${projectCode}-${today}`
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '');
  return `${stem || 'project'}.${EXPORT_FILE_EXTENSIONS[format]}`;
}

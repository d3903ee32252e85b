import Router from '@koa/router';
import { IMPORT_FIELDS, IMPORT_MAX_BYTES, importFormatSchema, importModeSchema } from '@planline/domain';
import type { WriteBudgets } from '@planline/realtime';
import { z } from 'zod';
import { readRawBody } from '../../http/raw-body.js';
import { currentUser, requireAuth } from '../../middleware/auth.js';
import { uuidParams } from '../../middleware/params.js';
import { validate } from '../../middleware/validate.js';
import { spendWrite } from '../../middleware/write-budget.js';
import { PROJECT_NOT_FOUND } from '../access/access.policy.js';
import { importBytesOf, ImportSlots, importSlot } from './import-slots.js';
import type { ImportService } from './import.service.js';
import { handOver } from './read-options.js';

/** The import takes its file as the raw request body (request-guards.ts requireJsonBody lets it through). */
export const IMPORT_ROUTE = /^\/api\/projects\/[^/]+\/import$/;

const FILE_TOO_LARGE = `The file is too large to import: the limit is ${IMPORT_MAX_BYTES / 1024 / 1024} MB. Split the plan into several files.`;

const columnsSchema = z
  .string()
  .max(10_000, 'columns is too long')
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'columns must be a JSON object of field names and column headers' });
      return z.NEVER;
    }
  })
  .pipe(
    z.partialRecord(z.enum(IMPORT_FIELDS, { error: `columns names a field that is not one of ${IMPORT_FIELDS.join(', ')}` }), z.string().max(255), {
      error: 'columns must be a JSON object of field names and column headers',
    }),
  );

export const importQuerySchema = z.object({
  format: importFormatSchema,
  mode: importModeSchema.default('append'),
  preview: z.enum(['true', 'false'], { error: 'preview must be true or false' }).default('true').transform((v) => v === 'true'),
  fileName: z.string().trim().min(1, 'fileName cannot be empty').max(255, 'fileName must be at most 255 characters').optional(),
  columns: columnsSchema.optional(),
});

const DEFAULT_FILE_NAME: Record<z.infer<typeof importFormatSchema>, string> = { mspdi: 'plan.xml', csv: 'plan.csv', xlsx: 'plan.xlsx' };

export function importRoutes(imports: ImportService, budgets: WriteBudgets, slots = new ImportSlots()): Router {
  const router = new Router({ prefix: '/api' });

  // One import is one edit of the document, whatever the number of tasks: it spends one write (the task cap and the
  // body limit bound its size). Access is checked before the body is read, so a refused caller sends no 50 MB; the
  // person's slot (import-slots.ts) is held from before the upload until the answer, and a reading slot from the file's
  // arrival: a flood of uploads cannot add up, and slow uploads keep nobody else waiting.
  router.post(
    '/projects/:projectId/import',
    requireAuth,
    uuidParams({ projectId: PROJECT_NOT_FOUND }),
    validate('query', importQuerySchema),
    importSlot(slots),
    spendWrite(budgets),
    async (ctx) => {
      const user = currentUser(ctx.state);
      const projectId = ctx.params.projectId!;
      const query = ctx.state.query as z.infer<typeof importQuerySchema>;
      await imports.authorize(user.id, projectId);
      // Handed over, not held here: the bytes go as soon as the reader is done, not when the import answers.
      const file = handOver(await readRawBody(ctx, IMPORT_MAX_BYTES, FILE_TOO_LARGE, importBytesOf(ctx.state)));
      const [locale] = ctx.acceptsLanguages();
      const reading = await slots.read();
      try {
        ctx.body = await imports.import(user, projectId, {
          format: query.format,
          mode: query.mode,
          preview: query.preview,
          fileName: query.fileName ?? DEFAULT_FILE_NAME[query.format],
          columns: query.columns,
          locale: locale && locale !== '*' ? locale : undefined,
        }, file);
      } finally {
        reading();
      }
    },
  );

  return router;
}

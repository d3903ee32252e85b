import { Readable } from 'node:stream';
import Router from '@koa/router';
import { exportOptionsSchema, mspdiExportQuerySchema, type MspdiExportQuery } from '@planline/domain';
import type { Context } from 'koa';
import { answers } from '../../http/openapi.js';
import { currentUser, requireAuth } from '../../middleware/auth.js';
import { uuidParams } from '../../middleware/params.js';
import { validate } from '../../middleware/validate.js';
import { PROJECT_NOT_FOUND } from '../access/access.policy.js';
import type { ExportFile, ExportService, FileFormat } from './export.service.js';

/** PRODUCT-SPEC §7: the web reads the file name from Content-Disposition. */
export function exportRoutes(exporter: ExportService): Router {
  const router = new Router({ prefix: '/api' });
  const send = (make: (ctx: Context) => Promise<ExportFile>) => async (ctx: Context) => {
    const file = await make(ctx);
    ctx.set('Content-Disposition', `attachment; filename="${file.fileName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`);
    ctx.set('Cache-Control', 'no-store');
    ctx.type = file.contentType;
    ctx.body = file.body;
    if (file.body instanceof Readable) {
      // Once the file has begun, a failure can only abort the transfer (Koa destroys the response): log why.
      file.body.once('error', (err: NodeJS.ErrnoException) => {
        // The person cancelled the download (or went away): generation stops with it, nothing failed.
        if (err.code === 'ERR_STREAM_PREMATURE_CLOSE') ctx.state.log?.info('export download cancelled');
        else ctx.state.log?.error({ err }, 'export failed while sending');
      });
    }
  };
  const project = uuidParams({ projectId: PROJECT_NOT_FOUND });

  const file = (format: FileFormat) => (ctx: Context) => exporter.export(currentUser(ctx.state).id, ctx.params.projectId!, format, ctx.state.body);

  router.post('/export/excel/:projectId', requireAuth, project, validate('body', exportOptionsSchema), send(file('excel')));
  router.post('/export/pdf/:projectId', requireAuth, project, validate('body', exportOptionsSchema), send(file('pdf')));
  // Issue 37: MS Project XML, a read of the project (GET, so a link or a script can fetch it); Pro's, 402 on Free.
  router.get(
    '/projects/:projectId/export/mspdi',
    requireAuth,
    project,
    validate('query', mspdiExportQuerySchema),
    answers(402),
    send((ctx) => exporter.exportMspdi(currentUser(ctx.state).id, ctx.params.projectId!, (ctx.state.query as MspdiExportQuery).baselineId ?? null)),
  );

  return router;
}

import { Readable } from 'node:stream';
import Router from '@koa/router';
import { exportOptionsSchema } from '@planline/domain';
import type { Context } from 'koa';
import { currentUser, requireAuth } from '../../middleware/auth.js';
import { uuidParams } from '../../middleware/params.js';
import { validate } from '../../middleware/validate.js';
import { PROJECT_NOT_FOUND } from '../access/access.policy.js';
import type { ExportService, FileFormat } from './export.service.js';

/** PRODUCT-SPEC §7: the web reads the file name from Content-Disposition. */
export function exportRoutes(exporter: ExportService): Router {
  const router = new Router({ prefix: '/api/export' });
  const send = (format: FileFormat) => async (ctx: Context) => {
    const file = await exporter.export(currentUser(ctx.state).id, ctx.params.projectId!, format, ctx.state.body);
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

  router.post('/excel/:projectId', requireAuth, project, validate('body', exportOptionsSchema), send('excel'));
  router.post('/pdf/:projectId', requireAuth, project, validate('body', exportOptionsSchema), send('pdf'));

  return router;
}

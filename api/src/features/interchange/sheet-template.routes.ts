import Router from '@koa/router';
import { SHEET_TEMPLATE_FILE_NAME } from '@planline/domain';
import type { Context } from 'koa';
import { templateCsv, templateXlsx } from './sheet-template.js';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * GET /api/import/template.csv and .xlsx: the task sheet to fill in for a CSV or Excel import. Public: it holds
 * nothing but our column names and made-up examples, and people fetch it before they have a project to import to.
 */
export function sheetTemplateRoutes(): Router {
  const router = new Router({ prefix: '/api/import' });
  const send = (ctx: Context, body: Buffer, extension: string, type: string) => {
    ctx.set('Content-Disposition', `attachment; filename="${SHEET_TEMPLATE_FILE_NAME}.${extension}"`);
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.type = type;
    ctx.body = body;
  };
  router.get('/template.csv', (ctx) => send(ctx, templateCsv(), 'csv', 'text/csv; charset=utf-8'));
  router.get('/template.xlsx', async (ctx) => send(ctx, await templateXlsx(), 'xlsx', XLSX_TYPE));
  return router;
}

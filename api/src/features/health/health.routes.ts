import Router from '@koa/router';
import type { DataSource } from 'typeorm';
import { AppError } from '../../errors.js';

/** Liveness and readiness for proxies and orchestrators: answers 200 only while the database answers. */
export function healthRoutes(dataSource: DataSource): Router {
  const router = new Router({ prefix: '/api' });
  router.get('/health', async (ctx) => {
    try {
      await dataSource.query('SELECT 1');
    } catch {
      throw new AppError('service_unavailable', 'The database is not reachable right now. Try again shortly.');
    }
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { status: 'ok' };
  });
  return router;
}

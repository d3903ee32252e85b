import Router from '@koa/router';
import type { DataSource } from 'typeorm';
import { databaseUnavailable } from '../../errors.js';

/** Liveness and readiness for proxies and orchestrators: answers 200 only while the database answers. */
export function healthRoutes(dataSource: DataSource): Router {
  const router = new Router({ prefix: '/api' });
  router.get('/health', async (ctx) => {
    try {
      await dataSource.query('SELECT 1');
    } catch {
      throw databaseUnavailable();
    }
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { status: 'ok' };
  });
  return router;
}

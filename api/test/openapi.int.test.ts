import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeLayers } from '../src/http/openapi.js';
import { createApp } from '../src/app.js';
import { ApiClient, startTestServer, type TestServer } from './harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('GET /api/openapi.json', () => {
  it('[openapi] describes every route, with the request schemas the server validates against', async () => {
    const res = await new ApiClient(server.url).get('/api/openapi.json');
    expect(res.status).toBe(200);
    const doc = res.body as { openapi: string; paths: Record<string, Record<string, any>> };
    expect(doc.openapi).toBe('3.1.0');

    // Every route the routers answer is in the document, and nothing else.
    const app = createApp({
      config: server.config,
      dataSource: server.dataSource,
      sessions: undefined as never,
      logger: server.logger,
      bus: server.realtime.bus,
      documents: server.realtime.documents,
    });
    const routes = routeLayers(app).map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, '{$1}')}`);
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    expect(documented.sort()).toEqual([...new Set(routes)].sort());
    expect(routes.length).toBeGreaterThan(40);

    const createTask = doc.paths['/api/tasks']!.post;
    // A session or an API token (issue 40).
    expect(createTask.security).toEqual([{ session: [] }, { token: [] }]);
    const body = createTask.requestBody.content['application/json'].schema;
    expect(body.properties).toHaveProperty('name');
    expect(body.properties).toHaveProperty('projectId');
    expect(body.required).toEqual(expect.arrayContaining(['name', 'projectId']));

    const listTasks = doc.paths['/api/projects/{projectId}/tasks']!.get;
    expect(listTasks.parameters).toContainEqual(expect.objectContaining({ name: 'projectId', in: 'path', required: true }));
    expect(doc.paths['/api/health']!.get.security).toBeUndefined();
  });

  it('[openapi-statuses] documents the 402 of a plan limit and the 429 of a budget where a route answers them, and only there', async () => {
    const doc = (await new ApiClient(server.url).get('/api/openapi.json')).body as { paths: Record<string, Record<string, { responses: Record<string, any> }>> };
    const statuses = (path: string, method: string) => Object.keys(doc.paths[path]![method]!.responses);

    // The MS Project export is a GET that is Pro's: 402 on Free, with the upgrade body.
    expect(statuses('/api/projects/{projectId}/export/mspdi', 'get')).toContain('402');
    expect(doc.paths['/api/projects/{projectId}/export/mspdi']!.get!.responses['402'].content['application/json'].schema.required).toContain('requiresUpgrade');
    expect(statuses('/api/teams/{teamId}/workload', 'get')).toEqual(expect.arrayContaining(['402', '429']));
    // Budgets: the import's slots, the feed's polls and misses, every write's edit budget.
    for (const [path, method] of [
      ['/api/projects/{projectId}/import', 'post'],
      ['/api/calendar/{token}.ics', 'get'],
      ['/api/tasks', 'post'],
    ] as const) {
      expect(statuses(path, method), `${method} ${path}`).toContain('429');
      expect(doc.paths[path]![method]!.responses['429'].headers).toHaveProperty('Retry-After');
    }
    for (const [path, method] of [
      ['/api/health', 'get'],
      ['/api/projects/{projectId}/tasks', 'get'],
    ] as const) {
      expect(statuses(path, method), `${method} ${path}`).not.toContain('402');
      expect(statuses(path, method), `${method} ${path}`).not.toContain('429');
    }
  });
});

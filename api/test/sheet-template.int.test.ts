import { DEFAULT_WORK_CALENDAR } from '@planline/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSheet } from '../src/features/interchange/sheet-read.js';
import { startTestServer, type TestServer } from './harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('GET /api/import/template.csv and .xlsx', () => {
  it('[sheet-template] anyone downloads the template, and it imports as its example plan', async () => {
    for (const [format, type] of [
      ['csv', 'text/csv; charset=utf-8'],
      ['xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ] as const) {
      // No session cookie: the template holds nothing of anyone's.
      const res = await fetch(`${server.url}/api/import/template.${format}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(type);
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="planline-import-template.${format}"`);
      const plan = await readSheet(Buffer.from(await res.arrayBuffer()), format, { fileName: 'template', calendar: DEFAULT_WORK_CALENDAR });
      expect(plan.errors).toEqual([]);
      expect(plan.tasks.map((t) => [t.name, t.kind])).toEqual([
        ['Website launch', 'task'],
        ['Write the page copy', 'task'],
        ['Site live', 'milestone'],
      ]);
      expect(plan.links).toHaveLength(1);
    }
  });
});

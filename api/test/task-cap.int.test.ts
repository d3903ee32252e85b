import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, teamWithOwner, type TestServer } from './harness.js';

// A project's task limit is 100,000; this file lowers it (for the server it starts, in this process) so that the
// refusal can be reached without writing 100,000 tasks.
vi.mock('@planline/domain', async (original) => ({ ...(await original<typeof import('@planline/domain')>()), MAX_TASKS_PER_PROJECT: 3 }));

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('[task-cap] a project holds a bounded number of tasks', () => {
  it('past the limit, creating a task over REST or with the AI creator is a 409 that says what to do, and nothing is stored', async () => {
    const { owner, team } = await teamWithOwner(server);
    const project = (await owner.client.post('/api/projects', { name: 'Full', teamId: team.id })).body as { id: string };
    for (let i = 0; i < 3; i++) {
      const made = await owner.client.post('/api/tasks', { projectId: project.id, name: `Task ${i}`, startDate: '2026-11-23', endDate: '2026-11-24' });
      expect(made.status).toBe(201);
    }
    const refused = await owner.client.post('/api/tasks', { projectId: project.id, name: 'One too many', startDate: '2026-11-23', endDate: '2026-11-24' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('A project can hold at most 3 tasks. Delete finished tasks or start a new project.');
    const ai = await owner.client.post('/api/tasks/ai-create', { projectId: project.id, prompt: 'Write the release notes by Friday' });
    expect(ai.status).toBe(409);
    const rows = await server.dataSource.query(`SELECT count(*)::int AS n FROM tasks WHERE project_id = $1`, [project.id]);
    expect(rows[0].n).toBe(3);
  });
});

import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { AI_CHANGE_REASON, AI_NOT_A_TASK } from '@planline/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, joinedMember, registeredClient, startTestServer, teamWithOwner, type TestServer } from './harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

async function projectWithOwner(on: TestServer = server) {
  const { owner, team } = await teamWithOwner(on);
  const project = (await owner.client.post('/api/projects', { name: 'Launch', teamId: team.id })).body as { id: string };
  return { owner, team, project };
}

const todayUtc = () => new Date().toISOString().slice(0, 10);
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('AI task creator, offline', () => {
  it('[ai-create] the task is made through the one write path: listed, with a created history entry by the caller', async () => {
    const { owner, project } = await projectWithOwner();
    const res = await owner.client.post('/api/tasks/ai-create', {
      prompt: 'Design the landing page from Dec 1 2030 to Dec 5 2030, high priority, in progress',
      projectId: project.id,
    });
    expect(res.status).toBe(201);
    expect(res.body.task).toMatchObject({
      name: 'Design the landing page',
      startDate: '2030-12-01',
      endDate: '2030-12-05',
      priority: 'high',
      status: 'in_progress',
      assigneeId: null,
      projectId: project.id,
    });
    expect(res.body.aiParsing).toEqual({
      parsedDetails: {
        name: 'Design the landing page',
        description: null,
        priority: 'high',
        status: 'in_progress',
        assignedTo: null,
        startDate: '2030-12-01',
        endDate: '2030-12-05',
      },
      assigneeFound: false,
      warnings: [],
      source: 'offline',
    });
    const list = await owner.client.get(`/api/projects/${project.id}/tasks`);
    expect(list.body.map((t: { id: string }) => t.id)).toEqual([res.body.task.id]);
    const history = await owner.client.get(`/api/tasks/${res.body.task.id}/history`);
    expect(history.body).toMatchObject([
      { fieldName: 'created', newValue: 'Design the landing page', changeReason: 'Created with the AI task creator', changedByUser: { email: owner.account.email } },
    ]);
  });

  it('[ai-defaults] with no dates the task runs from today for 7 days; "done" marks it completed at 100%', async () => {
    const { owner, project } = await projectWithOwner();
    const before = todayUtc();
    const res = await owner.client.post('/api/tasks/ai-create', { prompt: 'write the changelog - done', projectId: project.id });
    expect(res.status).toBe(201);
    expect([before, todayUtc()]).toContain(res.body.task.startDate);
    expect(res.body.task).toMatchObject({ name: 'Write the changelog', status: 'completed', progress: 100 });
    expect(res.body.task.endDate).toBe(addDays(res.body.task.startDate, 7));
  });

  it("[ai-today] 'tomorrow' counts from the browser's date when it sends one (time zones), within a day of the server's", async () => {
    const { owner, project } = await projectWithOwner();
    const yesterday = addDays(todayUtc(), -1);
    const res = await owner.client.post('/api/tasks/ai-create', { prompt: 'Call the bank tomorrow', projectId: project.id, today: yesterday });
    expect(res.status).toBe(201);
    expect(res.body.task.startDate).toBe(addDays(yesterday, 1));
    const far = await owner.client.post('/api/tasks/ai-create', { prompt: 'Call the bank tomorrow', projectId: project.id, today: '2020-01-01' });
    expect(far.status).toBe(400);
    expect(far.body.message).toMatch(/^today must be your current date/);
  });

  it("[ai-assignee] names match members and guests by first name, full name or e-mail, ignoring accents and case", async () => {
    const { owner, team, project } = await projectWithOwner();
    const jose = await joinedMember(server, owner.client, team.id);
    await jose.client.put('/api/auth/user', { firstName: 'José', lastName: 'Núñez', email: jose.account.email });
    const token = (await owner.client.get(`/api/projects/${project.id}/invite-link`)).body.inviteLink.split('/').pop();
    const guest = await registeredClient(server, { firstName: 'Gia', lastName: 'Ospite' });
    await guest.client.post('/api/projects/join', { token });

    const byFirstName = await owner.client.post('/api/tasks/ai-create', { prompt: 'assign to jose: review the budget', projectId: project.id });
    expect(byFirstName.body.task).toMatchObject({ name: 'Review the budget', assigneeId: jose.user.id, assignedTo: 'José Núñez' });
    expect(byFirstName.body.aiParsing).toMatchObject({ assigneeFound: true, parsedDetails: { assignedTo: 'José Núñez' } });

    const byFullName = await owner.client.post('/api/tasks/ai-create', { prompt: 'Order chairs for JOSE NUNEZ', projectId: project.id });
    expect(byFullName.body.task).toMatchObject({ name: 'Order chairs', assigneeId: jose.user.id });

    const byEmail = await owner.client.post('/api/tasks/ai-create', { prompt: `Check the logs, assign to ${jose.account.email}`, projectId: project.id });
    expect(byEmail.body.task.assigneeId).toBe(jose.user.id);

    const toGuest = await owner.client.post('/api/tasks/ai-create', { prompt: '@gia translate the brochure', projectId: project.id });
    expect(toGuest.body.task).toMatchObject({ name: 'Translate the brochure', assigneeId: guest.user.id });

    const toMe = await jose.client.post('/api/tasks/ai-create', { prompt: 'assign to me: book the venue', projectId: project.id });
    expect(toMe.body.task).toMatchObject({ assigneeId: jose.user.id, assignedTo: 'José Núñez' });

    // Issue 15: 'X to …' and 'with X' name people too, and leave the name.
    const personTo = await owner.client.post('/api/tasks/ai-create', { prompt: 'Jose to write release notes by Friday', projectId: project.id });
    expect(personTo.body.task).toMatchObject({ name: 'Write release notes', assigneeId: jose.user.id });
    const withMember = await owner.client.post('/api/tasks/ai-create', { prompt: 'Design review with José', projectId: project.id });
    expect(withMember.body.task).toMatchObject({ name: 'Design review', assigneeId: jose.user.id });
    const withStranger = await owner.client.post('/api/tasks/ai-create', { prompt: 'Design review with Sam', projectId: project.id });
    expect(withStranger.body.task).toMatchObject({ name: 'Design review', assigneeId: null });
    expect(withStranger.body.aiParsing).toMatchObject({ assigneeFound: false, parsedDetails: { assignedTo: 'Sam' } });
  });

  it('[ai-assignee] someone who is not a member is named back with assigneeFound false, and the task is unassigned', async () => {
    const { owner, project } = await projectWithOwner();
    await registeredClient(server, { firstName: 'Zed', lastName: 'Outsider' });
    const res = await owner.client.post('/api/tasks/ai-create', { prompt: 'Plan the offsite, assign to Zed', projectId: project.id });
    expect(res.status).toBe(201);
    expect(res.body.task).toMatchObject({ name: 'Plan the offsite', assigneeId: null, assignedTo: null });
    expect(res.body.aiParsing).toMatchObject({
      assigneeFound: false,
      parsedDetails: { assignedTo: 'Zed' },
      warnings: [{ code: 'unresolved_assignee', name: 'Zed', message: 'Zed is not a member of this team' }],
    });
  });

  it('[ai-preview] a preview reads the prompt, flags who is not a member and creates nothing; the confirmed fields become the task', async () => {
    const { owner, team, project } = await projectWithOwner();
    const bob = await joinedMember(server, owner.client, team.id);
    await bob.client.put('/api/auth/user', { firstName: 'Bob', lastName: 'Stone', email: bob.account.email });
    const today = todayUtc();

    const preview = await owner.client.post('/api/tasks/ai-preview', {
      prompt: 'Alice to draft the sitemap by next Friday, high priority',
      projectId: project.id,
      today,
    });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      draft: { name: 'Draft the sitemap', startDate: today, priority: 'high', assignedTo: 'Alice', assigneeId: null },
      warnings: [{ code: 'unresolved_assignee', name: 'Alice', message: 'Alice is not a member of this team' }],
      source: 'offline',
    });
    const weekday = new Date(`${preview.body.draft.endDate}T00:00:00Z`).getUTCDay();
    expect(weekday).toBe(5);
    expect((await owner.client.get(`/api/projects/${project.id}/tasks`)).body).toEqual([]);

    const member = await owner.client.post('/api/tasks/ai-preview', { prompt: 'Bob should review the sitemap', projectId: project.id, today });
    expect(member.body).toMatchObject({ draft: { name: 'Review the sitemap', assigneeId: bob.user.id, assignedTo: 'Bob Stone' }, warnings: [] });

    // The person corrects the reading (Bob instead of Alice) and confirms: the ordinary create, with its history.
    const { draft } = preview.body;
    const created = await owner.client.post('/api/tasks', {
      projectId: project.id,
      name: draft.name,
      startDate: draft.startDate,
      endDate: draft.endDate,
      priority: draft.priority,
      status: draft.status,
      assigneeId: bob.user.id,
      changeReason: AI_CHANGE_REASON,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Draft the sitemap', assigneeId: bob.user.id, priority: 'high', endDate: draft.endDate });
    const history = await owner.client.get(`/api/tasks/${created.body.id}/history`);
    expect(history.body).toMatchObject([{ fieldName: 'created', changeReason: AI_CHANGE_REASON }]);
  });

  it('[ai-preview] the same checks as ai-create: a prompt with no task is a 400, outsiders get 404', async () => {
    const { owner, project } = await projectWithOwner();
    const asdf = await owner.client.post('/api/tasks/ai-preview', { prompt: 'asdf', projectId: project.id });
    expect(asdf.status).toBe(400);
    expect(asdf.body.message).toBe(AI_NOT_A_TASK);
    const outsider = await registeredClient(server);
    const res = await outsider.client.post('/api/tasks/ai-preview', { prompt: 'Write tests', projectId: project.id });
    expect(res.status).toBe(404);
  });

  it.each([
    [{ prompt: '   ' }, 'Please describe the task'],
    [{ prompt: undefined }, 'Please describe the task'],
    [{ prompt: 42 }, 'The description must be text'],
    [{ prompt: 'x'.repeat(1001) }, 'Please keep the description under 1000 characters'],
    [{ prompt: 'tomorrow, urgent' }, 'Please describe the task: what needs doing, not only when or for whom'],
    [{ prompt: 'asdf' }, AI_NOT_A_TASK],
    [{ prompt: 'qwerty, urgent, tomorrow' }, AI_NOT_A_TASK],
    [{ projectId: undefined }, 'Project is required'],
    [{ projectId: 'abc' }, 'Project is not valid'],
  ])('[ai-validation] %o → 400 %s', async (override, message) => {
    const { owner, project } = await projectWithOwner();
    const res = await owner.client.post('/api/tasks/ai-create', { prompt: 'Write tests', projectId: project.id, ...override });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect((await owner.client.get(`/api/projects/${project.id}/tasks`)).body).toEqual([]);
  });

  it('[ai-access] outsiders get 404, signed-out visitors 401; a prompt of exactly 1000 characters is fine', async () => {
    const { owner, project } = await projectWithOwner();
    const outsider = await registeredClient(server);
    const res = await outsider.client.post('/api/tasks/ai-create', { prompt: 'Write tests', projectId: project.id });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Project not found');
    expect((await new ApiClient(server.url).post('/api/tasks/ai-create', { prompt: 'Write tests', projectId: project.id })).status).toBe(401);
    const long = await owner.client.post('/api/tasks/ai-create', { prompt: `Write ${'a'.repeat(994)}`, projectId: project.id });
    expect(long.status).toBe(201);
    expect(long.body.task.name.length).toBeLessThanOrEqual(255);
  });
});

/** A stand-in for an OpenAI-compatible API on 127.0.0.1 whose behaviour each test picks. */
type Mode = 'valid' | 'timeout' | 'garbage' | 'wrong-shape' | 'error' | 'end-before-start';
let mode: Mode = 'valid';
const received: { headers: IncomingMessage['headers']; body: Record<string, any> }[] = [];
let fake: Server;
const sockets = new Set<Socket>();
let modelServer: TestServer;

const refinement = {
  name: 'Refined: prepare the investor deck',
  description: 'Ten slides',
  priority: 'high',
  status: 'in_progress',
  assigneeName: 'jose',
  startDate: '2031-02-03',
  endDate: '2031-02-07',
};

describe('AI task creator with a configured model', () => {
  beforeAll(async () => {
    fake = createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        received.push({ headers: req.headers, body: JSON.parse(raw) });
        const answer = (content: unknown) => {
          res.setHeader('content-type', 'application/json');
          res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: typeof content === 'string' ? content : JSON.stringify(content) } }] }));
        };
        if (mode === 'timeout') return; // never answers
        if (mode === 'error') return void res.writeHead(500).end('{"error":"overloaded"}');
        if (mode === 'garbage') return void res.writeHead(200, { 'content-type': 'application/json' }).end('<html>not json');
        if (mode === 'wrong-shape') return answer({ title: 'no such field' });
        if (mode === 'end-before-start') return answer({ ...refinement, endDate: '2031-01-01' });
        answer(refinement);
      });
    });
    fake.on('connection', (s) => {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    const { port } = fake.address() as AddressInfo;
    modelServer = await startTestServer({
      AI_BASE_URL: `http://127.0.0.1:${port}/v1/`,
      AI_API_KEY: 'test-key',
      AI_MODEL: 'planline-test-model',
      AI_TIMEOUT_MS: '300',
    });
  });
  afterAll(async () => {
    await modelServer?.stop();
    for (const s of sockets) s.destroy();
    await new Promise((resolve) => fake?.close(resolve));
  });

  async function modelProject() {
    const { owner, team, project } = await projectWithOwner(modelServer);
    const jose = await joinedMember(modelServer, owner.client, team.id);
    await jose.client.put('/api/auth/user', { firstName: 'José', lastName: 'Núñez', email: jose.account.email });
    return { owner, project, jose };
  }
  const prompt = 'Prepare the deck from Jan 5 2031 to Jan 9 2031, assign to Zed';

  it('[ai-model] a valid refinement is used, its assignee matched to a member here; the request is a strict json_schema completion', async () => {
    mode = 'valid';
    const { owner, project, jose } = await modelProject();
    received.length = 0;
    const res = await owner.client.post('/api/tasks/ai-create', { prompt, projectId: project.id });
    expect(res.status).toBe(201);
    expect(res.body.task).toMatchObject({
      name: 'Refined: prepare the investor deck',
      description: 'Ten slides',
      priority: 'high',
      status: 'in_progress',
      startDate: '2031-02-03',
      endDate: '2031-02-07',
      assigneeId: jose.user.id,
    });
    expect(res.body.aiParsing).toMatchObject({ source: 'model', assigneeFound: true, parsedDetails: { assignedTo: 'José Núñez' } });
    expect(received).toHaveLength(1);
    expect(received[0]!.headers.authorization).toBe('Bearer test-key');
    expect(received[0]!.body).toMatchObject({
      model: 'planline-test-model',
      response_format: { type: 'json_schema', json_schema: { strict: true } },
      messages: [{ role: 'system' }, { role: 'user', content: prompt }],
    });
    expect(JSON.stringify(received[0]!.body)).not.toContain(jose.account.email);
  });

  it('[ai-preview] with a model the preview shows its reading, names matched here, and creates nothing', async () => {
    mode = 'valid';
    const { owner, project, jose } = await modelProject();
    const res = await owner.client.post('/api/tasks/ai-preview', { prompt, projectId: project.id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      draft: {
        name: 'Refined: prepare the investor deck',
        description: 'Ten slides',
        priority: 'high',
        status: 'in_progress',
        startDate: '2031-02-03',
        endDate: '2031-02-07',
        assignedTo: 'José Núñez',
        assigneeId: jose.user.id,
      },
      warnings: [],
      source: 'model',
    });
    expect((await owner.client.get(`/api/projects/${project.id}/tasks`)).body).toEqual([]);
  });

  it.each(['timeout', 'garbage', 'wrong-shape', 'error', 'end-before-start'] as const)(
    '[ai-model-fallback] model answer "%s" → the offline parse is used',
    async (failure) => {
      mode = failure;
      const { owner, project } = await modelProject();
      const started = Date.now();
      const res = await owner.client.post('/api/tasks/ai-create', { prompt, projectId: project.id });
      expect(res.status).toBe(201);
      expect(res.body.task).toMatchObject({ name: 'Prepare the deck', startDate: '2031-01-05', endDate: '2031-01-09', assigneeId: null });
      expect(res.body.aiParsing).toMatchObject({
        source: 'offline',
        assigneeFound: false,
        parsedDetails: { assignedTo: 'Zed' },
        warnings: [{ code: 'unresolved_assignee', name: 'Zed' }],
      });
      if (failure === 'timeout') expect(Date.now() - started).toBeLessThan(3000);
    },
  );
});

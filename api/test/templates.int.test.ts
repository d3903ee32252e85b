import { BUILT_IN_TEMPLATES, DEFAULT_WORK_CALENDAR } from '@planline/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, createTask, joinedMember, registeredClient, setTeamPlan, startTestServer, teamWithOwner, type TestServer } from './harness.js';

/** Issue 37: project templates (save as template, the gallery, a project from a template, delete). */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

interface Task {
  id: string;
  name: string;
  startDate: string;
  endDate: string;
  kind: 'task' | 'milestone';
  parentId: string | null;
  priority: string;
  description: string | null;
}

async function projectOf(client: ApiClient, teamId: string, name = 'Source plan') {
  const res = await client.post('/api/projects', { name, teamId });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string };
}

const tasksOf = async (client: ApiClient, projectId: string) => (await client.get(`/api/projects/${projectId}/tasks`)).body as Task[];

async function linksOf(projectId: string) {
  const rows: { task: string; on: string; type: string; lag_days: number }[] = await server.dataSource.query(
    `SELECT t.name AS task, p.name AS on, d.type, d.lag_days
       FROM task_dependencies d JOIN tasks t ON t.id = d.task_id JOIN tasks p ON p.id = d.depends_on_task_id
      WHERE t.project_id = $1 ORDER BY t.name, p.name`,
    [projectId],
  );
  return rows.map((r) => `${r.on} -${r.type}${r.lag_days >= 0 ? '+' : ''}${r.lag_days}-> ${r.task}`);
}

/** A plan with a phase inside a phase, a milestone, and links of several types with a lag and a lead. */
async function sourcePlan(client: ApiClient, projectId: string) {
  const phase = await createTask<Task>(client, { projectId, name: 'Build', startDate: '2026-11-23', endDate: '2026-11-23' });
  const inner = await createTask<Task>(client, { projectId, name: 'Back end', startDate: '2026-11-23', endDate: '2026-11-23', parentId: phase.id });
  const api = await createTask<Task>(client, { projectId, name: 'API', startDate: '2026-11-23', endDate: '2026-11-27', parentId: inner.id, priority: 'high' });
  const ui = await createTask<Task>(client, { projectId, name: 'UI', startDate: '2026-11-25', endDate: '2026-11-27', parentId: phase.id, description: 'Screens' });
  const ship = await createTask<Task>(client, { projectId, name: 'Ship', startDate: '2026-12-01', endDate: '2026-12-01', kind: 'milestone', priority: 'critical' });
  for (const [task, on, type, lagDays] of [
    [ui, api, 'SS', 2],
    [ship, api, 'FS', 1],
    [ship, ui, 'FF', -1],
  ] as const) {
    expect((await client.post(`/api/tasks/${task.id}/dependencies`, { dependsOnTaskId: on.id, type, lagDays })).status).toBe(201);
  }
}

describe('[templates] save as template, then a project from it', () => {
  it('keeps phases, durations in working days, milestones, priorities and links; lays the copy out on working days with history', async () => {
    const { owner, team } = await teamWithOwner(server);
    const source = await projectOf(owner.client, team.id);
    await sourcePlan(owner.client, source.id);

    const saved = await owner.client.post(`/api/projects/${source.id}/save-as-template`, { name: ' Release plan ', description: 'Our way', category: 'Software', isPublic: false });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(saved.body).toMatchObject({ name: 'Release plan', description: 'Our way', category: 'Software', isPublic: false, builtIn: false, teamId: team.id, mine: true, usageCount: 0, taskCount: 2, phaseCount: 2, milestoneCount: 1 });
    const stored: { key: string; name: string; kind: string; parent_key: string | null; estimated_duration: number | null; priority: string; depends_on: string[]; links: unknown; phase: string | null }[] =
      await server.dataSource.query(`SELECT key, name, kind, parent_key, estimated_duration, priority, depends_on, links, phase FROM template_tasks WHERE template_id = $1 ORDER BY "order"`, [saved.body.id]);
    expect(stored).toEqual([
      { key: 't1', name: 'Build', kind: 'phase', parent_key: null, estimated_duration: null, priority: 'medium', depends_on: [], links: [], phase: null },
      { key: 't2', name: 'Back end', kind: 'phase', parent_key: 't1', estimated_duration: null, priority: 'medium', depends_on: [], links: [], phase: 'Build' },
      { key: 't3', name: 'API', kind: 'task', parent_key: 't2', estimated_duration: 5, priority: 'high', depends_on: [], links: [], phase: 'Back end' },
      { key: 't4', name: 'UI', kind: 'task', parent_key: 't1', estimated_duration: 3, priority: 'medium', depends_on: ['t3'], links: [{ dependsOn: 't3', type: 'SS', lagDays: 2 }], phase: 'Build' },
      {
        key: 't5',
        name: 'Ship',
        kind: 'milestone',
        parent_key: null,
        estimated_duration: 0,
        priority: 'critical',
        depends_on: ['t3', 't4'],
        links: [{ dependsOn: 't3', type: 'FS', lagDays: 1 }, { dependsOn: 't4', type: 'FF', lagDays: -1 }],
        phase: null,
      },
    ]);

    // Saturday 2026-12-05: the plan starts on Monday the 7th.
    const made = await owner.client.post(`/api/templates/${saved.body.id}/projects`, { teamId: team.id, name: 'Second release', startDate: '2026-12-05' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ name: 'Second release', teamId: team.id, startDate: '2026-12-05' });
    const tasks = await tasksOf(owner.client, made.body.id);
    const byName = new Map(tasks.map((t) => [t.name, t]));
    const dates = Object.fromEntries(tasks.map((t) => [t.name, [t.startDate, t.endDate]]));
    expect(dates).toEqual({
      Build: ['2026-12-07', '2026-12-11'],
      'Back end': ['2026-12-07', '2026-12-11'],
      API: ['2026-12-07', '2026-12-11'],
      UI: ['2026-12-09', '2026-12-11'],
      // A milestone lands on the day of the event it is tied to: API's finish a working day on (FS+1).
      Ship: ['2026-12-14', '2026-12-14'],
    });
    for (const t of tasks) expect(DEFAULT_WORK_CALENDAR.isWorkingDay(t.startDate) && DEFAULT_WORK_CALENDAR.isWorkingDay(t.endDate)).toBe(true);
    expect(byName.get('Back end')!.parentId).toBe(byName.get('Build')!.id);
    expect(byName.get('API')!.parentId).toBe(byName.get('Back end')!.id);
    expect(byName.get('UI')!.parentId).toBe(byName.get('Build')!.id);
    expect(byName.get('Ship')).toMatchObject({ kind: 'milestone', priority: 'critical', parentId: null });
    expect(byName.get('UI')!.description).toBe('Screens');
    expect(await linksOf(made.body.id)).toEqual(['API -FS+1-> Ship', 'UI -FF-1-> Ship', 'API -SS+2-> UI']);

    const history = await owner.client.get(`/api/tasks/${byName.get('API')!.id}/history`);
    expect(history.body).toMatchObject([{ fieldName: 'created', newValue: 'API', changeReason: 'Created from template «Release plan»', changedByUser: { firstName: 'Ada' } }]);

    const gallery = await owner.client.get('/api/templates');
    const mine = gallery.body.categories.find((c: { category: string }) => c.category === 'Software').templates.find((t: { id: string }) => t.id === saved.body.id);
    expect(mine).toMatchObject({ usageCount: 1 });
  });

  it('a built-in template makes a project of its tasks, phases and milestones, counted', async () => {
    const { owner, team } = await teamWithOwner(server);
    const template = BUILT_IN_TEMPLATES.find((t) => t.name === 'Event')!;
    const before = (await owner.client.get('/api/templates')).body.categories.flatMap((c: { templates: unknown[] }) => c.templates).find((t: { id: string }) => t.id === template.id);
    expect(before).toMatchObject({ builtIn: true, mine: false, category: 'Events', phaseCount: 5 });

    const made = await owner.client.post(`/api/templates/${template.id}/projects`, { teamId: team.id, name: 'Meetup', startDate: '2026-11-23' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const tasks = await tasksOf(owner.client, made.body.id);
    expect(tasks).toHaveLength(template.tasks.length);
    expect(tasks.filter((t) => t.kind === 'milestone').map((t) => t.name).sort()).toEqual(['Event day', 'Venue confirmed']);
    const links = (await linksOf(made.body.id)).length;
    expect(links).toBe(template.tasks.reduce((n, t) => n + t.links.length, 0));
    const after = (await owner.client.get('/api/templates')).body.categories.flatMap((c: { templates: unknown[] }) => c.templates).find((t: { id: string }) => t.id === template.id);
    expect(after.usageCount).toBe(before.usageCount + 1);
  });
});

describe('[templates] who sees, uses and deletes a template', () => {
  it('a team sees its own templates; others see only public ones; only the creator deletes; built-ins never', async () => {
    const { owner, team } = await teamWithOwner(server);
    const member = await joinedMember(server, owner.client, team.id);
    const source = await projectOf(owner.client, team.id);
    await createTask(owner.client, { projectId: source.id, name: 'Only task', startDate: '2026-11-23', endDate: '2026-11-24' });
    const privateOne = (await owner.client.post(`/api/projects/${source.id}/save-as-template`, { name: 'Private' })).body as { id: string; category: string };
    const publicOne = (await owner.client.post(`/api/projects/${source.id}/save-as-template`, { name: 'Shared', category: 'Ops', isPublic: true })).body as { id: string };
    expect(privateOne.category).toBe('Other');

    const ids = async (client: ApiClient) =>
      ((await client.get('/api/templates')).body.categories as { templates: { id: string }[] }[]).flatMap((c) => c.templates.map((t) => t.id));
    expect(await ids(member.client)).toEqual(expect.arrayContaining([privateOne.id, publicOne.id, ...BUILT_IN_TEMPLATES.map((t) => t.id)]));
    const { owner: stranger, team: strangerTeam } = await teamWithOwner(server, 'Other Team');
    const seen = await ids(stranger.client);
    expect(seen).toContain(publicOne.id);
    expect(seen).not.toContain(privateOne.id);

    // A stranger may use the public one for their own team, not the private one, and not for someone else's team.
    expect((await stranger.client.post(`/api/templates/${publicOne.id}/projects`, { teamId: strangerTeam.id, name: 'Copy', startDate: '2026-11-23' })).status).toBe(201);
    expect((await stranger.client.post(`/api/templates/${privateOne.id}/projects`, { teamId: strangerTeam.id, name: 'Copy', startDate: '2026-11-23' })).status).toBe(404);
    expect((await stranger.client.post(`/api/templates/${publicOne.id}/projects`, { teamId: team.id, name: 'Copy', startDate: '2026-11-23' })).status).toBe(404);

    const builtInDelete = await owner.client.request('DELETE', `/api/templates/${BUILT_IN_TEMPLATES[0]!.id}`);
    expect(builtInDelete.status).toBe(403);
    expect(builtInDelete.body.message).toBe('Built-in templates cannot be deleted');
    const byMember = await member.client.request('DELETE', `/api/templates/${privateOne.id}`);
    expect(byMember.status).toBe(403);
    expect(byMember.body.message).toBe('Only the person who saved this template can delete it');
    expect((await stranger.client.request('DELETE', `/api/templates/${privateOne.id}`)).status).toBe(404);
    expect((await stranger.client.request('DELETE', `/api/templates/${publicOne.id}`)).status).toBe(403);
    expect((await owner.client.request('DELETE', `/api/templates/${privateOne.id}`)).status).toBe(204);
    expect(await ids(member.client)).not.toContain(privateOne.id);
    expect((await owner.client.request('DELETE', `/api/templates/${privateOne.id}`)).status).toBe(404);
  });

  it('a guest of the project cannot save it as a template; an empty project cannot be saved', async () => {
    const { owner, team } = await teamWithOwner(server);
    const source = await projectOf(owner.client, team.id);
    const link = (await owner.client.get(`/api/projects/${source.id}/invite-link`)).body.inviteLink as string;
    const guest = await registeredClient(server);
    expect((await guest.client.post('/api/projects/join', { token: link.split('/').pop() })).status).toBe(200);
    expect((await guest.client.post(`/api/projects/${source.id}/save-as-template`, { name: 'Mine now' })).status).toBe(403);
    const empty = await owner.client.post(`/api/projects/${source.id}/save-as-template`, { name: 'Nothing' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('This project has no tasks yet: add some before saving it as a template');
  });

  it('bad input is a 4xx a person can act on', async () => {
    const { owner, team } = await teamWithOwner(server);
    const id = BUILT_IN_TEMPLATES[0]!.id;
    const noDate = await owner.client.post(`/api/templates/${id}/projects`, { teamId: team.id, name: 'X', startDate: '2026-02-30' });
    expect([noDate.status, noDate.body.message]).toEqual([400, 'That date does not exist']);
    const noName = await owner.client.post(`/api/templates/${id}/projects`, { teamId: team.id, name: '  ', startDate: '2026-02-03' });
    expect([noName.status, noName.body.message]).toEqual([400, 'Project name is required']);
    expect((await owner.client.post(`/api/templates/not-a-uuid/projects`, { teamId: team.id, name: 'X', startDate: '2026-02-03' })).status).toBe(404);
    expect((await owner.client.post(`/api/templates/${crypto.randomUUID()}/projects`, { teamId: team.id, name: 'X', startDate: '2026-02-03' })).status).toBe(404);
  });

  it('a project with a task longer than a template holds is refused when saved (400 naming it, as an empty project is), never saved to fail as a 500 on every use', async () => {
    const { owner, team } = await teamWithOwner(server);
    const source = await projectOf(owner.client, team.id);
    await createTask(owner.client, { projectId: source.id, name: 'Multi-year programme', startDate: '2026-01-05', endDate: '2030-12-31' });
    const saved = await owner.client.post(`/api/projects/${source.id}/save-as-template`, { name: 'Long', category: 'Other' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(400);
    expect(saved.body.message).toMatch(/^«Multi-year programme» lasts \d[\d,]* working days; a template task lasts at most 999\./);
    const [{ n }] = await server.dataSource.query(`SELECT count(*)::int AS n FROM project_templates WHERE team_id = $1`, [team.id]);
    expect(n).toBe(0);
  });

  it('the plan limit on projects applies as it does to creating one, and nothing is counted past it', async () => {
    const { owner, team } = await teamWithOwner(server);
    await setTeamPlan(server, team.id, 'free');
    const template = BUILT_IN_TEMPLATES[1]!;
    for (let i = 0; i < 3; i++) await projectOf(owner.client, team.id, `P${i}`);
    const usage = async () => Number((await server.dataSource.query(`SELECT usage_count FROM project_templates WHERE id = $1`, [template.id]))[0]?.usage_count ?? 0);
    const before = await usage();
    const refused = await owner.client.post(`/api/templates/${template.id}/projects`, { teamId: team.id, name: 'Fourth', startDate: '2026-11-23' });
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({ requiresUpgrade: true, requiredPlan: 'pro' });
    expect(await usage()).toBe(before);
    expect(((await owner.client.get(`/api/teams/${team.id}/projects`)).body as unknown[]).length).toBe(3);
  });

  it('[templates] concurrent projects from one template are all counted', async () => {
    const { owner, team } = await teamWithOwner(server);
    const source = await projectOf(owner.client, team.id);
    await createTask(owner.client, { projectId: source.id, name: 'Only task', startDate: '2026-11-23', endDate: '2026-11-24' });
    const saved = (await owner.client.post(`/api/projects/${source.id}/save-as-template`, { name: 'Busy' })).body as { id: string };
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => owner.client.post(`/api/templates/${saved.id}/projects`, { teamId: team.id, name: `Copy ${i}`, startDate: '2026-11-23' })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(201));
    const [row] = await server.dataSource.query(`SELECT usage_count FROM project_templates WHERE id = $1`, [saved.id]);
    expect(Number(row.usage_count)).toBe(6);

    // A built-in's first uses at once: its counting row is made by one of them, and every use is counted.
    const builtIn = BUILT_IN_TEMPLATES.find((t) => t.name === 'Marketing campaign')!;
    const firstUses = await Promise.all(
      Array.from({ length: 4 }, (_, i) => owner.client.post(`/api/templates/${builtIn.id}/projects`, { teamId: team.id, name: `Campaign ${i}`, startDate: '2026-11-23' })),
    );
    expect(firstUses.map((a) => a.status)).toEqual(Array(4).fill(201));
    const [counted] = await server.dataSource.query(`SELECT usage_count, built_in FROM project_templates WHERE id = $1`, [builtIn.id]);
    expect([Number(counted.usage_count), counted.built_in]).toEqual([4, true]);
  });
});

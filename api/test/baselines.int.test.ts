import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, joinedMember, registeredClient, setTeamPlan, startTestServer, teamWithOwner, type TestServer } from './harness.js';
import { pdfPageItems } from './pdf-text.js';

/** Issue 19: baselines, named snapshots of a project's stored tasks and links. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

/** A project of a fresh team with a member, a guest of the project and an outsider. */
async function projectWithPeople(plan: 'free' | 'pro' | 'trial' = 'trial') {
  const { owner, team } = await teamWithOwner(server);
  const project = (await owner.client.post('/api/projects', { name: 'Launch', teamId: team.id })).body as { id: string };
  const member = await joinedMember(server, owner.client, team.id);
  const link = (await owner.client.get(`/api/projects/${project.id}/invite-link`)).body.inviteLink as string;
  const guest = await registeredClient(server);
  expect((await guest.client.post('/api/projects/join', { token: link.split('/').pop() })).status).toBe(200);
  const outsider = await registeredClient(server);
  await setTeamPlan(server, team.id, plan);
  return { owner, member, guest, outsider, team, project };
}

async function newTask(client: ApiClient, projectId: string, name: string, startDate: string, endDate: string, progress = 0) {
  const res = await client.post('/api/tasks', { projectId, name, startDate, endDate, progress });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string };
}

const baselinesOf = (projectId: string) => `/api/projects/${projectId}/baselines`;

describe('[baselines] save, list, read and delete', () => {
  it('saves the stored tasks and links under a name; lists it with its author and task count; reads it back; deletes it', async () => {
    const { owner, member, project } = await projectWithPeople();
    const survey = await newTask(owner.client, project.id, 'Survey', '2026-11-23', '2026-11-25', 40);
    const design = await newTask(owner.client, project.id, 'Design', '2026-11-26', '2026-11-27');
    expect((await owner.client.post(`/api/tasks/${design.id}/dependencies`, { dependsOnTaskId: survey.id, type: 'SS', lagDays: 3 })).status).toBe(201);

    const saved = await member.client.post(baselinesOf(project.id), { name: '  Kick-off plan ' });
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ projectId: project.id, name: 'Kick-off plan', createdBy: { id: member.user.id, name: 'Ada Lovelace' }, taskCount: 2 });
    expect(Date.now() - Date.parse(saved.body.createdAt)).toBeLessThan(60_000);

    const list = await owner.client.get(baselinesOf(project.id));
    expect(list.status).toBe(200);
    expect(list.body).toEqual([saved.body]);

    const read = await owner.client.get(`${baselinesOf(project.id)}/${saved.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({
      ...saved.body,
      tasks: [
        { taskId: survey.id, name: 'Survey', startDate: '2026-11-23', endDate: '2026-11-25', progress: 40 },
        { taskId: design.id, name: 'Design', startDate: '2026-11-26', endDate: '2026-11-27', progress: 0 },
      ],
      links: [{ taskId: design.id, dependsOnTaskId: survey.id, type: 'SS', lagDays: 3 }],
    });

    expect((await member.client.request('DELETE', `${baselinesOf(project.id)}/${saved.body.id}`)).status).toBe(204);
    const gone = await owner.client.get(`${baselinesOf(project.id)}/${saved.body.id}`);
    expect([gone.status, gone.body.message]).toEqual([404, 'Baseline not found']);
    expect((await owner.client.get(baselinesOf(project.id))).body).toEqual([]);
    const [{ n }] = await server.dataSource.query(`SELECT count(*)::int AS n FROM project_baseline_tasks WHERE baseline_id = $1`, [saved.body.id]);
    expect(n).toBe(0);
  });

  it('lists newest first; an empty project gives a baseline with no tasks', async () => {
    const { owner, project } = await projectWithPeople();
    const first = (await owner.client.post(baselinesOf(project.id), { name: 'Empty' })).body;
    expect(first.taskCount).toBe(0);
    await newTask(owner.client, project.id, 'Survey', '2026-11-23', '2026-11-25');
    const second = (await owner.client.post(baselinesOf(project.id), { name: 'After survey' })).body;
    expect((await owner.client.get(baselinesOf(project.id))).body.map((b: { name: string }) => b.name)).toEqual(['After survey', 'Empty']);
    expect((await owner.client.get(`${baselinesOf(project.id)}/${first.id}`)).body).toMatchObject({ tasks: [], links: [] });
    expect(second.taskCount).toBe(1);
  });

  it('[baseline-snapshot] later edits, a deleted task and a removed link leave the baseline as it was saved', async () => {
    const { owner, project } = await projectWithPeople();
    const survey = await newTask(owner.client, project.id, 'Survey', '2026-11-23', '2026-11-25', 10);
    const design = await newTask(owner.client, project.id, 'Design', '2026-11-26', '2026-11-27');
    const build = await newTask(owner.client, project.id, 'Build', '2026-11-30', '2026-12-04');
    expect((await owner.client.post(`/api/tasks/${design.id}/dependencies`, { dependsOnTaskId: survey.id })).status).toBe(201);
    const saved = (await owner.client.post(baselinesOf(project.id), { name: 'Kick-off plan' })).body;
    const before = (await owner.client.get(`${baselinesOf(project.id)}/${saved.id}`)).body;

    const moved = await owner.client.request('PATCH', `/api/tasks/${survey.id}`, { name: 'Site survey', endDate: '2026-12-01', progress: 80 });
    expect(moved.status).toBe(200);
    expect((await owner.client.request('DELETE', `/api/tasks/${design.id}/dependencies/${survey.id}`)).status).toBe(200);
    expect((await owner.client.request('DELETE', `/api/tasks/${build.id}`)).status).toBe(204);
    await newTask(owner.client, project.id, 'Launch', '2026-12-07', '2026-12-07');

    const after = (await owner.client.get(`${baselinesOf(project.id)}/${saved.id}`)).body;
    expect(after).toEqual(before);
    expect(after.tasks.map((t: { taskId: string }) => t.taskId)).toEqual([survey.id, design.id, build.id]);
    expect(after.tasks[0]).toEqual({ taskId: survey.id, name: 'Survey', startDate: '2026-11-23', endDate: '2026-11-25', progress: 10 });
    expect(after.links).toEqual([{ taskId: design.id, dependsOnTaskId: survey.id, type: 'FS', lagDays: 0 }]);
  });

  it('bad names are a 400 a person can act on; unknown and other projects\' baselines are a 404', async () => {
    const { owner, project } = await projectWithPeople();
    const refusals: [unknown, string][] = [
      [{}, 'Baseline name is required'],
      [{ name: '   ' }, 'Baseline name is required'],
      [{ name: '\u200b\u202e' }, 'Baseline name is required'],
      [{ name: 42 }, 'Baseline name must be text'],
      [{ name: 'x'.repeat(101) }, 'Baseline name must be at most 100 characters'],
    ];
    for (const [body, message] of refusals) {
      const res = await owner.client.post(baselinesOf(project.id), body);
      expect([res.status, res.body.message], JSON.stringify(body)).toEqual([400, message]);
    }
    expect((await owner.client.post(baselinesOf(project.id), { name: 'x'.repeat(100) })).status).toBe(201);

    const other = await projectWithPeople();
    const theirs = (await other.owner.client.post(baselinesOf(other.project.id), { name: 'Theirs' })).body;
    for (const path of [
      `${baselinesOf(project.id)}/${theirs.id}`,
      `${baselinesOf(project.id)}/0b7c4bde-2f57-4d55-9a43-6f3f0c1f1a11`,
      `${baselinesOf(project.id)}/not-a-uuid`,
    ]) {
      for (const method of ['GET', 'DELETE']) {
        const res = await owner.client.request(method, path);
        expect([res.status, res.body.message], `${method} ${path}`).toEqual([404, 'Baseline not found']);
      }
    }
    // Their baseline is still there.
    expect((await other.owner.client.get(`${baselinesOf(other.project.id)}/${theirs.id}`)).status).toBe(200);
  });
});

describe('[baselines] who may', () => {
  it('members save and delete; guests read but may not save or delete (403); outsiders and the signed-out learn nothing', async () => {
    const { owner, member, guest, outsider, project } = await projectWithPeople();
    await newTask(owner.client, project.id, 'Survey', '2026-11-23', '2026-11-25');
    const saved = await member.client.post(baselinesOf(project.id), { name: 'By a member' });
    expect(saved.status).toBe(201);
    const detail = `${baselinesOf(project.id)}/${saved.body.id}`;

    expect((await guest.client.get(baselinesOf(project.id))).body).toHaveLength(1);
    expect((await guest.client.get(detail)).body.tasks).toHaveLength(1);
    const byGuest = await guest.client.post(baselinesOf(project.id), { name: 'By a guest' });
    expect([byGuest.status, byGuest.body.message]).toEqual([403, "Only members of the project's team can save or delete baselines"]);
    expect((await guest.client.request('DELETE', detail)).status).toBe(403);

    for (const [method, path, body] of [
      ['GET', baselinesOf(project.id), undefined],
      ['POST', baselinesOf(project.id), { name: 'By an outsider' }],
      ['GET', detail, undefined],
      ['DELETE', detail, undefined],
    ] as const) {
      const res = await outsider.client.request(method, path, body);
      expect([res.status, res.body.message], `${method} ${path}`).toEqual([404, 'Project not found']);
    }
    expect((await new ApiClient(server.url).get(baselinesOf(project.id))).status).toBe(401);

    expect((await owner.client.get(baselinesOf(project.id))).body.map((b: { name: string }) => b.name)).toEqual(['By a member']);
    expect((await owner.client.request('DELETE', detail)).status).toBe(204);
  });
});

describe('[baseline-limit] plans', () => {
  it('a Free project keeps 1 baseline: the second is a 402 naming the plan and the owner; deleting makes room again', async () => {
    const { owner, member, team, project } = await projectWithPeople('free');
    const first = await member.client.post(baselinesOf(project.id), { name: 'Kick-off plan' });
    expect(first.status).toBe(201);
    const second = await member.client.post(baselinesOf(project.id), { name: 'Re-plan' });
    expect(second.status).toBe(402);
    expect(second.body).toEqual({
      code: 'payment_required',
      message: 'The free plan keeps 1 baseline per project. Upgrade to Pro to keep up to 10, or delete the one you have.',
      requiredPlan: 'pro',
      teamOwnerId: owner.user.id,
      requiresUpgrade: true,
    });
    // The limit is per project: another project of the team has its own.
    const next = (await owner.client.post('/api/projects', { name: 'Next', teamId: team.id })).body as { id: string };
    expect((await owner.client.post(baselinesOf(next.id), { name: 'Kick-off plan' })).status).toBe(201);

    expect((await owner.client.request('DELETE', `${baselinesOf(project.id)}/${first.body.id}`)).status).toBe(204);
    expect((await member.client.post(baselinesOf(project.id), { name: 'Re-plan' })).status).toBe(201);
  });

  it('a Pro project keeps 10; the 11th is a 409 asking for a deletion, since no plan keeps more', async () => {
    const { owner, project } = await projectWithPeople('pro');
    for (let i = 1; i <= 10; i++) expect((await owner.client.post(baselinesOf(project.id), { name: `Plan ${i}` })).status).toBe(201);
    const eleventh = await owner.client.post(baselinesOf(project.id), { name: 'Plan 11' });
    expect([eleventh.status, eleventh.body.message]).toEqual([409, 'A project keeps at most 10 baselines. Delete one to save another.']);
    expect((await owner.client.get(baselinesOf(project.id))).body).toHaveLength(10);
  });

  it('10 saves at once on a Free project: exactly one is made, the others are 402', async () => {
    const { owner, member, project } = await projectWithPeople('free');
    // 2,000 stored tasks make each snapshot take a while, so the saves overlap between their count and their commit.
    await server.dataSource.query(
      `INSERT INTO tasks (id, name, project_id, start_date, end_date)
       SELECT gen_random_uuid(), 'Task ' || i, $1, DATE '2026-11-23', DATE '2026-11-27' FROM generate_series(1, 2000) AS i`,
      [project.id],
    );
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? owner : member).client.post(baselinesOf(project.id), { name: `Race ${i}` })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, ...Array(9).fill(402)]);
    const [{ n }] = await server.dataSource.query(`SELECT count(*)::int AS n FROM project_baselines WHERE project_id = $1`, [project.id]);
    expect(n).toBe(1);
  });
});

/** POSTs an export and keeps the body as bytes (ApiClient reads text). */
async function download(client: ApiClient, format: 'excel' | 'pdf', projectId: string, options: Record<string, unknown> = {}) {
  const res = await fetch(`${server.url}/api/export/${format}/${projectId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: client.cookieHeader },
    body: JSON.stringify(options),
  });
  const body = Buffer.from(await res.arrayBuffer());
  return { status: res.status, body, json: () => JSON.parse(body.toString('utf8')) };
}

describe('[export-baseline] exports with a chosen baseline', () => {
  /** Survey slips from Wed 25 to Mon 30 Nov over the holiday on Thu 26: 2 working days (Fri, Mon). */
  async function slippedProject() {
    const people = await projectWithPeople();
    const { owner, project } = people;
    expect((await owner.client.request('PATCH', `/api/projects/${project.id}`, { holidays: ['2026-11-26'] })).status).toBe(200);
    const survey = await newTask(owner.client, project.id, 'Survey', '2026-11-23', '2026-11-25');
    const design = await newTask(owner.client, project.id, 'Design', '2026-12-01', '2026-12-04');
    const baseline = (await owner.client.post(baselinesOf(project.id), { name: 'Kick-off plan' })).body as { id: string };
    expect((await owner.client.request('PATCH', `/api/tasks/${survey.id}`, { endDate: '2026-11-30' })).status).toBe(200);
    expect((await owner.client.request('PATCH', `/api/tasks/${design.id}`, { startDate: '2026-11-30', endDate: '2026-12-03' })).status).toBe(200);
    await newTask(owner.client, project.id, 'Launch', '2026-12-07', '2026-12-07');
    return { ...people, baseline };
  }

  it('Excel: Baseline start, end and drift (working days, in the project calendar) beside the current dates', async () => {
    const { guest, project, baseline } = await slippedProject();
    const res = await download(guest.client, 'excel', project.id, { baselineId: baseline.id });
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.body as unknown as ArrayBuffer);
    const tasks = wb.getWorksheet('Tasks')!;
    const header = (tasks.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(4, 10)).toEqual(['Start', 'End', 'Baseline start', 'Baseline end', 'Drift (working days)', 'Progress']);
    const row = (n: number) => (tasks.getRow(n).values as unknown[]).slice(1, 10).map((v) => (v instanceof Date ? v.toISOString().slice(0, 10) : v));
    expect(row(2)).toEqual(['Survey', null, 'Pending', 'Medium', '2026-11-23', '2026-11-30', '2026-11-23', '2026-11-25', 2].map((v) => v ?? undefined));
    expect(row(3).slice(4)).toEqual(['2026-11-30', '2026-12-03', '2026-12-01', '2026-12-04', -1]);
    // Added after the baseline: nothing to compare with.
    expect(row(4).slice(0, 1).concat(row(4).slice(6))).toEqual(['Launch', undefined, undefined, undefined]);
    expect(tasks.getRow(2).getCell(9).numFmt).toBe('+0;-0;0');
    const summary = wb.getWorksheet('Summary')!;
    const facts = Array.from({ length: summary.rowCount }, (_, i) => (summary.getRow(i + 1).values as unknown[]).slice(1, 3));
    expect(facts).toContainEqual(['Baseline', `Kick-off plan (saved ${new Date().toISOString().slice(0, 10)})`]);

    // Without a baseline the sheet is as before.
    const plain = new ExcelJS.Workbook();
    await plain.xlsx.load((await download(guest.client, 'excel', project.id)).body as unknown as ArrayBuffer);
    expect((plain.getWorksheet('Tasks')!.getRow(1).values as unknown[]).slice(5, 8)).toEqual(['Start', 'End', 'Progress']);
  });

  it('PDF: the baseline named at the top, its dates and the drift beside the current ones', async () => {
    const { owner, project, baseline } = await slippedProject();
    const res = await download(owner.client, 'pdf', project.id, { baselineId: baseline.id, includeCharts: false });
    expect(res.status).toBe(200);
    const items = (await pdfPageItems(res.body)).flat().filter((s) => s.trim());
    expect(items.join(' ')).toContain('Baseline Kick-off plan (saved');
    // Header titles wrap onto two lines in the PDF's table, so they are read as the run of words they make.
    expect(items.join(' ')).toContain('Baseline start Baseline end Drift');
    const survey = items.indexOf('Survey');
    expect(items.slice(survey, survey + 9)).toEqual(['Survey', 'Pending', 'Medium', '2026-11-23', '2026-11-30', '2026-11-23', '2026-11-25', '+2wd', '0%']);
    const launch = items.indexOf('Launch', survey);
    expect(items.slice(launch + 5, launch + 8)).toEqual(['—', '—', '0%']);
    expect(items).toContain('Baseline: Kick-off plan');

    const plain = (await pdfPageItems((await download(owner.client, 'pdf', project.id, { includeCharts: false })).body)).flat();
    expect(plain.join(' ')).not.toContain('Baseline');
  });

  it('another project\'s baseline is a 404, a malformed id a 400 that says what to send', async () => {
    const { owner, project } = await slippedProject();
    const other = await projectWithPeople();
    const theirs = (await other.owner.client.post(baselinesOf(other.project.id), { name: 'Theirs' })).body as { id: string };
    for (const format of ['excel', 'pdf'] as const) {
      const foreign = await download(owner.client, format, project.id, { baselineId: theirs.id });
      expect([foreign.status, foreign.json().message]).toEqual([404, 'Baseline not found']);
      const bad = await download(owner.client, format, project.id, { baselineId: 'kick-off' });
      expect([bad.status, bad.json().message]).toEqual([400, "baselineId must be the id of one of this project's baselines, or null"]);
      expect((await download(owner.client, format, project.id, { baselineId: null })).status).toBe(200);
    }
  });
});

import { IMPORT_MAX_BYTES, type ImportedPlan, type ImportFormat } from '@planline/domain';
import { tasksMap } from '@planline/document';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eventually, openProjectDocument } from './collab-client.js';
import { createTask, joinedMember, registeredClient, startTestServer, teamWithOwner, type ClientUser, type TestServer } from './harness.js';
import { importedLink, importedPlan, importedResource, importedTask, PLAN_JSON } from './import-plans.js';

/*
 * [import] Issue 37: POST /api/projects/{projectId}/import on both databases. The cases here send an ImportedPlan
 * as JSON under a file name ending in PLAN_JSON, which the reader mock below parses, so the route, the check and the
 * commit are tested apart from the readers. Any other file name reaches the real readers; the file-based cases are
 * in import-files.int.test.ts.
 */
// A project's cap is 100,000 tasks; 5 here, so that the refusal is reached with a few.
vi.mock('@planline/domain', async (original) => ({ ...(await original<typeof import('@planline/domain')>()), MAX_TASKS_PER_PROJECT: 5 }));

vi.mock('../src/features/interchange/readers.js', async (original) => {
  const actual = await original<typeof import('../src/features/interchange/readers.js')>();
  return {
    ...actual,
    readPlan: (take: () => Buffer, format: ImportFormat, options: { fileName: string }) =>
      options.fileName.endsWith(PLAN_JSON) ? Promise.resolve(JSON.parse(take().toString('utf8')) as ImportedPlan) : actual.readPlan(take, format, options as never),
  };
});

let server: TestServer;
let owner: ClientUser;
let ana: ClientUser;
let teamId: string;

beforeAll(async () => {
  server = await startTestServer();
  const made = await teamWithOwner(server, 'Importers');
  owner = made.owner;
  teamId = made.team.id;
  ana = await joinedMember(server, owner.client, teamId);
});
afterAll(async () => {
  await server?.stop();
});

const newProject = async (name = 'Imported') => ((await owner.client.post('/api/projects', { name, teamId })).body as { id: string }).id;

async function importFile(who: ClientUser, projectId: string, query: string, fileName: string, body: Buffer | string, contentType = 'application/octet-stream') {
  const res = await fetch(`${server.url}/api/projects/${projectId}/import?${query}&fileName=${encodeURIComponent(fileName)}`, {
    method: 'POST',
    headers: { cookie: who.client.cookieHeader, 'content-type': contentType },
    body,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

const importPlan = (who: ClientUser, projectId: string, plan: ImportedPlan, query: string, name = `Launch${PLAN_JSON}`) =>
  importFile(who, projectId, `format=mspdi&${query}`, name, JSON.stringify(plan));

type Row = { id: string; name: string; parent_id: string | null; kind: string; order: number; assignee_id: string | null; start_date: string; end_date: string };
const storedTasks = (projectId: string): Promise<Row[]> =>
  server.dataSource.query(
    `SELECT id, name, parent_id, kind, "order", assignee_id, start_date::text AS start_date, end_date::text AS end_date FROM tasks WHERE project_id = $1 ORDER BY "order"`,
    [projectId],
  );

/** Launch: a phase with Build (Ana at 50 %, and Cy who is not in the team) and a milestone after it; a baseline. */
function launchPlan(): ImportedPlan {
  const phase = importedTask({ name: 'Phase 1', row: 2, key: '1' });
  const build = importedTask({
    name: 'Build',
    row: 3,
    key: '2',
    parentKey: '1',
    assignments: [
      { resourceKey: 'r-ana', allocation: 50 },
      { resourceKey: 'r-cy', allocation: 100 },
    ],
  });
  const ship = importedTask({ name: 'Ship', row: 4, key: '3', parentKey: '1', kind: 'milestone', startDate: '2026-12-14', endDate: '2026-12-14' });
  return importedPlan({
    tasks: [phase, build, ship],
    links: [importedLink(build, ship, { lagDays: 1 })],
    resources: [importedResource('r-ana', 'Whoever', ana.account.email.toUpperCase()), importedResource('r-cy', 'Cy Young', 'cy@example.com')],
    calendar: { workingWeekdays: [1, 2, 3, 4, 5], holidays: ['2026-12-25'] },
    baseline: { name: 'Baseline', tasks: [{ key: '2', startDate: '2026-11-30', endDate: '2026-12-04' }] },
  });
}

describe('[import] preview and commit', () => {
  it('[import] the preview counts the plan, matches the people and stores nothing', async () => {
    const projectId = await newProject();
    const res = await importPlan(owner, projectId, launchPlan(), 'mode=append&preview=true');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ tasks: 3, links: 1, milestones: 1, summaries: 1, errors: [] });
    expect(res.body.people).toEqual([
      { name: 'Whoever', email: ana.account.email.toUpperCase(), matchedUserId: ana.user.id },
      { name: 'Cy Young', email: 'cy@example.com', matchedUserId: null },
    ]);
    expect(res.body.warnings).toEqual([{ row: null, message: expect.stringContaining('(Cy Young) will be left out') }]);
    expect(await storedTasks(projectId)).toEqual([]);
  });

  it('[import] committed into a project: one edit live in an open chart, each task in the history "Imported from «file»", the calendar and baseline taken', async () => {
    const projectId = await newProject();
    const existing = await createTask(owner.client, { projectId, name: 'Already there', startDate: '2026-12-01', endDate: '2026-12-02' });
    const chart = openProjectDocument(server.url, owner.client.cookieHeader, projectId);
    try {
      await chart.synced;
      // How many tasks the open chart holds after each update it receives: the import arrives as one.
      const sizes: number[] = [];
      chart.doc.on('update', () => sizes.push(tasksMap(chart.doc).size));
      const res = await importPlan(ana, projectId, launchPlan(), 'mode=append&preview=false');
      expect(res.status).toBe(200);
      await eventually(() => tasksMap(chart.doc).size, (n) => n === 4);
      expect(sizes[0]).toBe(4);
    } finally {
      chart.close();
    }
    const rows = await storedTasks(projectId);
    expect(rows.map((r) => [r.name, r.kind, r.order])).toEqual([
      ['Already there', 'task', 0],
      ['Phase 1', 'task', 1],
      ['Build', 'task', 2],
      ['Ship', 'milestone', 3],
    ]);
    const [, phase, build, ship] = rows;
    expect(build!.parent_id).toBe(phase!.id);
    expect(ship!.parent_id).toBe(phase!.id);
    expect(build!.assignee_id).toBe(ana.user.id);
    expect(rows[0]!.id).toBe(existing.id);
    const links = await server.dataSource.query(`SELECT task_id, depends_on_task_id, type, lag_days FROM task_dependencies WHERE task_id = $1`, [ship!.id]);
    expect(links).toEqual([{ task_id: ship!.id, depends_on_task_id: build!.id, type: 'FS', lag_days: 1 }]);
    const assignments = await server.dataSource.query(`SELECT user_id, allocation FROM task_assignments WHERE task_id = $1`, [build!.id]);
    expect(assignments).toEqual([{ user_id: ana.user.id, allocation: 50 }]);
    const reasons = await server.dataSource.query(
      `SELECT DISTINCT change_reason, changed_by FROM task_change_history WHERE task_id = ANY($1::uuid[])`,
      [[phase!.id, build!.id, ship!.id]],
    );
    expect(reasons).toEqual([{ change_reason: `Imported from «Launch${PLAN_JSON}»`, changed_by: ana.user.id }]);
    // Appended to a project that had tasks: the project keeps its calendar.
    const [project] = await server.dataSource.query(`SELECT holidays::text[] AS holidays FROM projects WHERE id = $1`, [projectId]);
    expect(project.holidays).toEqual([]);
    const baselines = (await owner.client.get(`/api/projects/${projectId}/baselines`)).body as { id: string; name: string }[];
    expect(baselines.map((b) => b.name)).toEqual(['Imported baseline']);
    const baseline = (await owner.client.get(`/api/projects/${projectId}/baselines/${baselines[0]!.id}`)).body as { tasks: { taskId: string; startDate: string; endDate: string }[] };
    expect(baseline.tasks.find((t) => t.taskId === build!.id)).toMatchObject({ startDate: '2026-11-30', endDate: '2026-12-04' });
  });

  it('[import] replace takes out every task and link in the same edit and takes the file\'s calendar', async () => {
    const projectId = await newProject();
    const a = await createTask(owner.client, { projectId, name: 'Old A', startDate: '2026-12-01', endDate: '2026-12-02' });
    const b = await createTask(owner.client, { projectId, name: 'Old B', startDate: '2026-12-03', endDate: '2026-12-04' });
    expect((await owner.client.post(`/api/tasks/${b.id}/dependencies`, { dependsOnTaskId: a.id })).status).toBe(201);
    const res = await importPlan(owner, projectId, launchPlan(), 'mode=replace&preview=false');
    expect(res.status).toBe(200);
    expect((await storedTasks(projectId)).map((r) => [r.name, r.order])).toEqual([
      ['Phase 1', 0],
      ['Build', 1],
      ['Ship', 2],
    ]);
    const [project] = await server.dataSource.query(`SELECT holidays::text[] AS holidays FROM projects WHERE id = $1`, [projectId]);
    expect(project.holidays).toEqual(['2026-12-25']);
  });

  it('[import] replace with the file\'s holidays: the old tasks\' history ends with their removal by the import, not a holiday move', async () => {
    const projectId = await newProject();
    // Monday 21 to Tuesday 29 December: the file's holiday (Friday 25) falls inside it.
    const old = await createTask(owner.client, { projectId, name: 'Over Christmas', startDate: '2026-12-21', endDate: '2026-12-29' });
    const res = await importPlan(owner, projectId, launchPlan(), 'mode=replace&preview=false');
    expect(res.status).toBe(200);
    const history = await server.dataSource.query(
      `SELECT field_name, change_reason FROM task_change_history WHERE task_id = $1 AND field_name <> 'created' ORDER BY seq`,
      [old.id],
    );
    expect(history).toEqual([{ field_name: 'deleted', change_reason: `Imported from «Launch${PLAN_JSON}»` }]);
    const [project] = await server.dataSource.query(`SELECT holidays::text[] AS holidays FROM projects WHERE id = $1`, [projectId]);
    expect(project.holidays).toEqual(['2026-12-25']);
  });

  it('[import] a plan with errors: the preview lists them by row, the commit is a 422 and nothing is stored', async () => {
    const projectId = await newProject();
    const plan = launchPlan();
    plan.links.push(importedLink(plan.tasks[2]!, plan.tasks[1]!));
    plan.errors.push({ row: 9, message: 'Row 9: "soon" is not a date' });
    const preview = await importPlan(owner, projectId, plan, 'preview=true');
    expect(preview.status).toBe(200);
    expect(preview.body.errors.map((e: { row: number }) => e.row)).toEqual([3, 4, 9]);
    const commit = await importPlan(owner, projectId, plan, 'preview=false');
    expect(commit.status).toBe(422);
    expect(commit.body.message).toBe('The file has 3 errors; nothing was imported. Correct them and import again.');
    expect(commit.body.summary.errors).toHaveLength(3);
    expect(await storedTasks(projectId)).toEqual([]);
  });
});

describe('[import] refusals', () => {
  it('[import] past the task cap: the preview says so, the commit is a 422 with nothing stored; replacing the tasks fits', async () => {
    const projectId = await newProject();
    for (const name of ['One', 'Two', 'Three']) await createTask(owner.client, { projectId, name, startDate: '2026-12-01', endDate: '2026-12-02' });
    const preview = await importPlan(owner, projectId, launchPlan(), 'mode=append&preview=true');
    expect(preview.body.errors).toEqual([
      { row: null, message: 'The file has 3 tasks; a project can hold at most 5 and this one has room for 2 more. Replace its tasks or import into a new project.' },
    ]);
    expect((await importPlan(owner, projectId, launchPlan(), 'mode=append&preview=false')).status).toBe(422);
    expect((await storedTasks(projectId)).map((r) => r.name)).toEqual(['One', 'Two', 'Three']);
    expect((await importPlan(owner, projectId, launchPlan(), 'mode=replace&preview=false')).status).toBe(200);
    expect(await storedTasks(projectId)).toHaveLength(3);
  });

  it('[import] a guest of the project: 403; someone outside: 404; nothing stored', async () => {
    const projectId = await newProject();
    const link = await owner.client.get(`/api/projects/${projectId}/invite-link`);
    const token = link.body.inviteLink.match(/\/project-invite\/([A-Za-z0-9_-]+)$/)[1];
    const guest = await registeredClient(server);
    expect((await guest.client.post('/api/projects/join', { token })).status).toBe(200);
    const refused = await importPlan(guest, projectId, launchPlan(), 'preview=false');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("Only members of the project's team can import into it");
    expect((await importPlan(await registeredClient(server), projectId, launchPlan(), 'preview=false')).status).toBe(404);
    expect(await storedTasks(projectId)).toEqual([]);
  });

  it('[import] a body past the limit: 413 that says the limit, and the server goes on', async () => {
    const projectId = await newProject();
    const big = Buffer.alloc(IMPORT_MAX_BYTES + 10 * 1024 * 1024, 0x20);
    const res = await importFile(owner, projectId, 'format=csv&preview=true', 'huge.csv', big);
    expect(res.status).toBe(413);
    expect(res.body.message).toMatch(/^The file is too large to import: the limit is 50 MB/);
    expect((await owner.client.get(`/api/projects/${projectId}/baselines`)).status).toBe(200);
  });

  it('[import] a CSV whose words name an Object.prototype member ("Constructor") replaces the tasks with a warning, never a 500 that leaves the project emptied', async () => {
    const projectId = await newProject();
    await createTask(owner.client, { projectId, name: 'Kept until replaced', startDate: '2026-12-01', endDate: '2026-12-02' });
    const csv = 'Name,Start,Finish,Status,Priority\nA,2026-12-07,2026-12-08,Done,High\nB,2026-12-09,2026-12-10,Constructor,constructor\n';
    const res = await importFile(owner, projectId, 'format=csv&mode=replace&preview=false', 'words.csv', csv);
    expect(res.status).toBe(200);
    expect(res.body.warnings.map((w: { row: number | null }) => w.row)).toEqual([3, 3]);
    const stored: { name: string; status: string; priority: string }[] = await server.dataSource.query(
      `SELECT name, status, priority FROM tasks WHERE project_id = $1 ORDER BY "order"`,
      [projectId],
    );
    expect(stored).toEqual([
      { name: 'A', status: 'completed', priority: 'high' },
      { name: 'B', status: 'pending', priority: 'medium' },
    ]);
  });

  it.each([
    ['format=pdf', 'format must be one of mspdi, csv or xlsx'],
    ['format=csv&mode=merge', 'mode must be append or replace'],
    ['format=csv&preview=maybe', 'preview must be true or false'],
    ['format=csv&columns=%7Bnope', 'columns must be a JSON object of field names and column headers'],
  ])('[import] bad query %s: 400 with the message', async (query, message) => {
    const projectId = await newProject();
    const res = await importFile(owner, projectId, query, 'plan.csv', 'Name\nA\n');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('[import] a file sent as a form or as JSON is a 415 (a cross-site page could send the first without asking)', async () => {
    const projectId = await newProject();
    expect((await importFile(owner, projectId, 'format=csv', 'plan.csv', 'Name\nA\n', 'text/plain')).status).toBe(415);
    expect((await importFile(owner, projectId, 'format=csv', 'plan.csv', '{}', 'application/json')).status).toBe(415);
  });

  it("[import] a reader's refusal is a 4xx with its message, never a 500", async () => {
    const projectId = await newProject();
    // Until the readers are merged they refuse every file; after, this is not XML: either way a 4xx with a message.
    const res = await importFile(owner, projectId, 'format=mspdi&preview=true', 'notes.xml', 'this is not XML');
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(typeof res.body.message).toBe('string');
  });
});

describe('[import-undo] undoing an import', () => {
  const undoImport = (who: ClientUser, projectId: string, body: unknown) => who.client.post(`/api/projects/${projectId}/import/undo`, body);
  const calendarOf = async (projectId: string) =>
    (await server.dataSource.query(`SELECT working_weekdays, holidays::text[] AS holidays FROM projects WHERE id = $1`, [projectId]))[0] as { working_weekdays: number[]; holidays: string[] };

  it('[import-undo] puts back the tasks, the calendar the import found (moving no task) and removes the baseline it saved', async () => {
    const projectId = await newProject();
    expect((await owner.client.request('PATCH', `/api/projects/${projectId}`, { holidays: ['2026-12-24'], workingWeekdays: [1, 2, 3, 4, 5, 6] })).status).toBe(200);
    const old = await createTask(owner.client, { projectId, name: 'Old plan', startDate: '2026-12-21', endDate: '2026-12-29' });
    const res = await importPlan(ana, projectId, launchPlan(), 'mode=replace&preview=false');
    expect(res.status).toBe(200);
    expect(await calendarOf(projectId)).toEqual({ working_weekdays: [1, 2, 3, 4, 5], holidays: ['2026-12-25'] });
    const saved = (await owner.client.get(`/api/projects/${projectId}/baselines`)).body as { id: string; name: string }[];
    expect(saved.map((b) => b.name)).toEqual(['Imported baseline']);
    expect(res.body.undo).toEqual({
      at: res.body.undoAt,
      keepEditsAfter: res.body.importedAt,
      calendar: { before: { workingWeekdays: [1, 2, 3, 4, 5, 6], holidays: ['2026-12-24'] }, after: { workingWeekdays: [1, 2, 3, 4, 5], holidays: ['2026-12-25'] } },
      baselineId: saved[0]!.id,
    });

    const undone = await undoImport(ana, projectId, res.body.undo);
    expect(undone.status).toBe(200);
    expect(undone.body).toMatchObject({ calendarRestored: true, baselineRemoved: true });
    expect((await storedTasks(projectId)).map((r) => [r.id, r.start_date, r.end_date])).toEqual([[old.id, '2026-12-21', '2026-12-29']]);
    expect(await calendarOf(projectId)).toEqual({ working_weekdays: [1, 2, 3, 4, 5, 6], holidays: ['2026-12-24'] });
    expect((await owner.client.get(`/api/projects/${projectId}/baselines`)).body).toEqual([]);
    // The calendar went back without a holiday moving the restored task.
    const moves = await server.dataSource.query(`SELECT change_reason FROM task_change_history WHERE task_id = $1 AND change_reason LIKE 'Holiday%'`, [old.id]);
    expect(moves).toEqual([]);

    // Undone twice: the baseline is already gone and the calendar is no longer the file's; nothing else changes.
    const again = await undoImport(ana, projectId, res.body.undo);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ calendarRestored: false, baselineRemoved: false });
    expect(await calendarOf(projectId)).toEqual({ working_weekdays: [1, 2, 3, 4, 5, 6], holidays: ['2026-12-24'] });
  });

  it('[import-undo] a calendar a teammate changed after the import stays theirs; an appended import keeps the calendar and undo leaves it', async () => {
    const projectId = await newProject();
    const res = await importPlan(owner, projectId, launchPlan(), 'mode=append&preview=false');
    expect(res.status).toBe(200);
    expect(res.body.undo.calendar).not.toBeNull();
    expect((await ana.client.request('PATCH', `/api/projects/${projectId}`, { holidays: ['2026-12-25', '2027-06-01'] })).status).toBe(200);
    const undone = await undoImport(owner, projectId, res.body.undo);
    expect(undone.status).toBe(200);
    expect(undone.body).toMatchObject({ calendarRestored: false, baselineRemoved: true });
    expect((await calendarOf(projectId)).holidays).toEqual(['2026-12-25', '2027-06-01']);
    expect(await storedTasks(projectId)).toEqual([]);

    const withTasks = await newProject();
    await createTask(owner.client, { projectId: withTasks, name: 'Already there', startDate: '2026-12-01', endDate: '2026-12-02' });
    const appended = await importPlan(owner, withTasks, launchPlan(), 'mode=append&preview=false');
    expect(appended.body.undo.calendar).toBeNull();
  });

  it('[import-undo] a malformed undo is a 400 that says what is wrong; a guest of the project is refused', async () => {
    const projectId = await newProject();
    const res = await importPlan(owner, projectId, launchPlan(), 'mode=append&preview=false');
    const bad = await undoImport(owner, projectId, { ...res.body.undo, baselineId: 'not-an-id' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('baselineId must be the id of a baseline');
    const noAt = await undoImport(owner, projectId, { keepEditsAfter: res.body.importedAt });
    expect(noAt.status).toBe(400);
    expect(noAt.body.message).toMatch(/^at must be a date and time/);
    const link = await owner.client.get(`/api/projects/${projectId}/invite-link`);
    const token = link.body.inviteLink.match(/\/project-invite\/([A-Za-z0-9_-]+)$/)[1];
    const guest = await registeredClient(server);
    expect((await guest.client.post('/api/projects/join', { token })).status).toBe(200);
    const refused = await undoImport(guest, projectId, res.body.undo);
    expect(refused.status).toBe(403);
    expect(await storedTasks(projectId)).toHaveLength(3);
  });
});

// The file-based cases (real MS Project, CSV and xlsx files through the readers; undo) are in import-files.int.test.ts,
// where the task cap is the real one.

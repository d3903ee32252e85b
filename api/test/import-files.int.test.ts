import { readFileSync } from 'node:fs';
import { deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTask, joinedMember, startTestServer, teamWithOwner, type ClientUser, type TestServer } from './harness.js';
import { zip } from './zip-bytes.js';

/*
 * [import-files] Issue 37: POST /api/projects/{projectId}/import with real files through the real readers (MS Project
 * XML, CSV, xlsx), on both databases: previews, stored imports in both modes, the export → import round trip, the
 * refusals of hostile files, and undoing an import (restore to its undoAt).
 */

let server: TestServer;
let owner: ClientUser;
let ana: ClientUser;
let teamId: string;

beforeAll(async () => {
  server = await startTestServer();
  const made = await teamWithOwner(server, 'File importers');
  owner = made.owner;
  teamId = made.team.id;
  ana = await joinedMember(server, owner.client, teamId);
});
afterAll(async () => {
  await server?.stop();
});

const mspdi = (name: string) => readFileSync(new URL(`./fixtures/mspdi/${name}`, import.meta.url));
const sheet = (name: string) => readFileSync(new URL(`./fixtures/sheets/${name}`, import.meta.url));
const newProject = async (name = 'Imported') => ((await owner.client.post('/api/projects', { name, teamId })).body as { id: string }).id;

async function importFile(who: ClientUser, projectId: string, query: string, fileName: string, body: Buffer | string, locale = 'en-US') {
  const res = await fetch(`${server.url}/api/projects/${projectId}/import?${query}&fileName=${encodeURIComponent(fileName)}`, {
    method: 'POST',
    headers: { cookie: who.client.cookieHeader, 'content-type': 'application/octet-stream', 'accept-language': locale },
    body,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

type Row = { id: string; name: string; parent_id: string | null; kind: string; start_date: string; end_date: string; progress: number; description: string | null };
const storedTasks = (projectId: string): Promise<Row[]> =>
  server.dataSource.query(
    `SELECT id, name, parent_id, kind, start_date::text AS start_date, end_date::text AS end_date, progress, description FROM tasks WHERE project_id = $1 ORDER BY "order"`,
    [projectId],
  );
/** The project's links as "predecessor TYPE±lag successor", by task name. */
async function storedLinks(projectId: string): Promise<string[]> {
  const rows: { a: string; b: string; type: string; lag: number }[] = await server.dataSource.query(
    `SELECT p.name AS a, s.name AS b, d.type, d.lag_days AS lag FROM task_dependencies d JOIN tasks s ON s.id = d.task_id JOIN tasks p ON p.id = d.depends_on_task_id WHERE s.project_id = $1`,
    [projectId],
  );
  return rows.map((r) => `${r.a} ${r.type}${r.lag >= 0 ? '+' : ''}${r.lag} ${r.b}`).sort();
}
const parentOf = (rows: Row[]) => rows.map((r) => [r.name, rows.find((p) => p.id === r.parent_id)?.name ?? null]);

describe('[import-files] MS Project XML', () => {
  it('each link type with lags in days, hours and percent, the calendar and allocations: previewed, then stored in a new project', async () => {
    const projectId = await newProject();
    const preview = await importFile(owner, projectId, 'format=mspdi&mode=append&preview=true', 'Link types.xml', mspdi('link-types.xml'));
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ tasks: 6, milestones: 1, summaries: 0, errors: [] });
    expect(preview.body.warnings).toMatchSnapshot();
    expect(await storedTasks(projectId)).toEqual([]);

    const stored = await importFile(owner, projectId, 'format=mspdi&mode=append&preview=false', 'Link types.xml', mspdi('link-types.xml'));
    expect(stored.status).toBe(200);
    expect(Date.parse(stored.body.undoAt)).not.toBeNaN();
    const rows = await storedTasks(projectId);
    expect(rows.map((r) => [r.name, r.kind, r.start_date, r.end_date, r.progress])).toMatchSnapshot();
    expect(rows[0]!.description).toBe('Wireframes & flows été');
    expect(await storedLinks(projectId)).toMatchSnapshot();
    const [project] = await server.dataSource.query(`SELECT working_weekdays::text AS weekdays, holidays::text[] AS holidays FROM projects WHERE id = $1`, [projectId]);
    expect(project).toMatchSnapshot();
  });

  it('a 7.5-hour day and a recurring holiday read through the file\'s own calendar', async () => {
    for (const file of ['seven-and-a-half-hours.xml', 'recurring-holiday.xml']) {
      const projectId = await newProject();
      const res = await importFile(owner, projectId, 'format=mspdi&preview=false', file, mspdi(file));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const [project] = await server.dataSource.query(`SELECT holidays::text[] AS holidays FROM projects WHERE id = $1`, [projectId]);
      expect({ file, tasks: (await storedTasks(projectId)).map((r) => [r.name, r.start_date, r.end_date]), links: await storedLinks(projectId), holidays: project.holidays }).toMatchSnapshot();
    }
  });

  it('three levels of summaries and baseline 0, replacing the project\'s tasks: the hierarchy, the milestone and "Imported baseline"', async () => {
    const projectId = await newProject();
    await createTask(owner.client, { projectId, name: 'Old', startDate: '2026-12-01', endDate: '2026-12-02' });
    const res = await importFile(owner, projectId, 'format=mspdi&mode=replace&preview=false', 'Nested.xml', mspdi('nested-summaries.xml'));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ tasks: 7, summaries: 3, milestones: 1, errors: [] });
    const rows = await storedTasks(projectId);
    expect(parentOf(rows)).toEqual([
      ['Phase 1', null],
      ['Stage 1.1', 'Phase 1'],
      ['Step 1.1.1', 'Stage 1.1'],
      ['Step 1.1.2', 'Stage 1.1'],
      ['Gate', 'Phase 1'],
      ['Phase 2', null],
      ['Step 2.1', 'Phase 2'],
    ]);
    expect(rows.find((r) => r.name === 'Gate')!.kind).toBe('milestone');
    expect(await storedLinks(projectId)).toEqual(['Step 1.1.1 FS+0 Step 1.1.2']);
    const baselines = (await owner.client.get(`/api/projects/${projectId}/baselines`)).body as { id: string; name: string }[];
    expect(baselines.map((b) => b.name)).toEqual(['Imported baseline']);
    const baseline = (await owner.client.get(`/api/projects/${projectId}/baselines/${baselines[0]!.id}`)).body as { tasks: { taskId: string; startDate: string; endDate: string }[] };
    const step = rows.find((r) => r.name === 'Step 1.1.1')!;
    expect(baseline.tasks.find((t) => t.taskId === step.id)).toMatchObject({ startDate: '2026-03-02', endDate: '2026-03-03' });
  });

  it('an export imported into another project gives back the same plan (names, dates, hierarchy, milestones, links, allocations)', async () => {
    const from = await newProject('Exported');
    expect((await importFile(owner, from, 'format=mspdi&preview=false', 'Link types.xml', mspdi('link-types.xml'))).status).toBe(200);
    expect((await importFile(owner, from, 'format=mspdi&preview=false', 'Nested.xml', mspdi('nested-summaries.xml'))).status).toBe(200);
    // The files' resources are nobody of the team: people are put on tasks here, at 50, 100 and 150 %.
    const staffed = (name: string, startDate: string, endDate: string, assignments: { userId: string; allocation: number }[]) =>
      owner.client.post('/api/tasks', { projectId: from, name, startDate, endDate, assignments });
    expect((await staffed('Survey', '2026-03-02', '2026-03-04', [{ userId: owner.user.id, allocation: 100 }, { userId: ana.user.id, allocation: 50 }])).status).toBe(201);
    expect((await staffed('Fit-out', '2026-03-05', '2026-03-11', [{ userId: ana.user.id, allocation: 150 }])).status).toBe(201);
    const exported = await fetch(`${server.url}/api/projects/${from}/export/mspdi`, { headers: { cookie: owner.client.cookieHeader } });
    expect(exported.status).toBe(200);
    const to = await newProject('Round trip');
    const res = await importFile(owner, to, 'format=mspdi&preview=false', 'export.xml', Buffer.from(await exported.arrayBuffer()));
    expect(res.status).toBe(200);
    expect(res.body.errors).toEqual([]);
    const shape = async (projectId: string) => {
      const rows = await storedTasks(projectId);
      const allocations: { name: string; user_id: string; allocation: number }[] = await server.dataSource.query(
        `SELECT t.name, a.user_id, a.allocation FROM task_assignments a JOIN tasks t ON t.id = a.task_id WHERE t.project_id = $1 ORDER BY t.name, a.user_id`,
        [projectId],
      );
      return {
        tasks: rows.map((r) => [r.name, r.kind, r.start_date, r.end_date]),
        parents: parentOf(rows),
        links: await storedLinks(projectId),
        allocations: allocations.map((a) => [a.name, a.user_id, a.allocation]),
      };
    };
    const before = await shape(from);
    expect(before.allocations).toEqual(
      [
        ['Fit-out', ana.user.id, 150],
        ['Survey', ana.user.id, 50],
        ['Survey', owner.user.id, 100],
      ].sort((a, b) => `${a[0]} ${a[1]}`.localeCompare(`${b[0]} ${b[1]}`)),
    );
    expect(await shape(to)).toEqual(before);
  });

  it('a DOCTYPE (external entity) is a 400 that says why and nothing is stored; so is an entity bomb', async () => {
    const projectId = await newProject();
    for (const file of ['doctype-entity.xml', 'entity-bomb.xml']) {
      const res = await importFile(owner, projectId, 'format=mspdi&preview=false', file, mspdi(file));
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/DOCTYPE|entit/i);
    }
    expect(await storedTasks(projectId)).toEqual([]);
  });
});

describe('[import-files] CSV and Excel', () => {
  it('a CSV with ; and a BOM, in en-GB dates: previewed with its rows, then stored with a column left out', async () => {
    const projectId = await newProject();
    const preview = await importFile(owner, projectId, 'format=csv&preview=true', 'office-move.csv', sheet('office-move-en-gb.csv'), 'en-GB');
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ tasks: 5, links: 4, milestones: 1, summaries: 1, errors: [] });
    expect(preview.body.columns.headers[0]).toBe('ID');
    expect({ links: preview.body.links, warnings: preview.body.warnings }).toMatchSnapshot();
    // The dialog's "Not in the file" sends the field mapped to "".
    const columns = encodeURIComponent(JSON.stringify({ notes: '' }));
    const stored = await importFile(owner, projectId, `format=csv&preview=false&columns=${columns}`, 'office-move.csv', sheet('office-move-en-gb.csv'), 'en-GB');
    expect(stored.status).toBe(200);
    const rows = await storedTasks(projectId);
    expect(rows.map((r) => [r.name, r.kind, r.start_date, r.end_date, r.progress])).toMatchSnapshot();
    expect(rows.every((r) => !r.description)).toBe(true);
    expect(parentOf(rows).slice(0, 4)).toEqual([
      ['Office move', null],
      ['Pack', 'Office move'],
      ['Transport', 'Office move'],
      ['Unpack', 'Office move'],
    ]);
    expect(await storedLinks(projectId)).toMatchSnapshot();
  });

  it('an xlsx made with exceljs: WBS, predecessors by row and an e-mail allocation', async () => {
    const workbook = new ExcelJS.Workbook();
    const ws = workbook.addWorksheet('Plan');
    ws.addRow(['Name', 'Start', 'Finish', 'WBS', 'Predecessors', 'Assignee', 'Progress']);
    ws.addRow(['Launch', null, null, '1', null, null, null]);
    ws.addRow(['Write copy', new Date(Date.UTC(2026, 11, 7)), new Date(Date.UTC(2026, 11, 9)), '1.1', null, ana.account.email, 0.25]);
    ws.addRow(['Go live', new Date(Date.UTC(2026, 11, 14)), new Date(Date.UTC(2026, 11, 14)), '1.2', '3FS+2d', null, null]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const projectId = await newProject();
    const res = await importFile(owner, projectId, 'format=xlsx&preview=false', 'launch.xlsx', bytes);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ tasks: 3, links: 1, summaries: 1, errors: [] });
    const rows = await storedTasks(projectId);
    expect(parentOf(rows)).toEqual([
      ['Launch', null],
      ['Write copy', 'Launch'],
      ['Go live', 'Launch'],
    ]);
    expect(rows.slice(1).map((r) => [r.start_date, r.end_date])).toEqual([
      ['2026-12-07', '2026-12-09'],
      ['2026-12-14', '2026-12-14'],
    ]);
    expect(await storedLinks(projectId)).toEqual(['Write copy FS+2 Go live']);
    const [assignment] = await server.dataSource.query(`SELECT user_id FROM task_assignments WHERE task_id = $1`, [rows[1]!.id]);
    expect(assignment.user_id).toBe(ana.user.id);
  });

  it('a zip bomb sent as xlsx is a 413 that says what to do, nothing stored', async () => {
    const projectId = await newProject();
    const EIGHT_MB = 8 * 1024 * 1024;
    const zeros = deflateRawSync(Buffer.alloc(EIGHT_MB));
    const bomb = zip(Array.from({ length: 30 }, (_, i) => ({ name: `xl/media/pad${i}.bin`, deflated: zeros, declaredBytes: EIGHT_MB })));
    const res = await importFile(owner, projectId, 'format=xlsx&preview=false', 'bomb.xlsx', bomb);
    expect(res.status).toBe(413);
    expect(res.body.message).toMatch(/This workbook is refused/);
    expect(await storedTasks(projectId)).toEqual([]);
  });
});

describe('[import-undo] undoing an import is restoring to its undoAt', () => {
  const restore = (who: ClientUser, projectId: string, at: string, keepEditsAfter?: string) =>
    who.client.post(`/api/projects/${projectId}/restore`, { at, keepEditsAfter });

  it.each(['append', 'replace'])('%s: the project as it was before the import (tasks, dates, links)', async (mode) => {
    const projectId = await newProject();
    const a = await createTask(owner.client, { projectId, name: 'Kept A', startDate: '2026-12-01', endDate: '2026-12-02' });
    const b = await createTask(owner.client, { projectId, name: 'Kept B', startDate: '2026-12-03', endDate: '2026-12-04' });
    expect((await owner.client.post(`/api/tasks/${b.id}/dependencies`, { dependsOnTaskId: a.id })).status).toBe(201);
    const before = { tasks: (await storedTasks(projectId)).map((r) => [r.id, r.name, r.start_date, r.end_date]), links: await storedLinks(projectId) };

    const imported = await importFile(owner, projectId, `format=mspdi&mode=${mode}&preview=false`, 'Nested.xml', mspdi('nested-summaries.xml'));
    expect(imported.status).toBe(200);
    expect((await storedTasks(projectId)).some((r) => r.name === 'Phase 1')).toBe(true);

    const undone = await restore(owner, projectId, imported.body.undoAt);
    expect(undone.status).toBe(200);
    expect({ tasks: (await storedTasks(projectId)).map((r) => [r.id, r.name, r.start_date, r.end_date]), links: await storedLinks(projectId) }).toEqual(before);
  });

  it('after the import a teammate renames a task that was there and adds one: undoing the import (keepEditsAfter) keeps both', async () => {
    const projectId = await newProject();
    const kept = await createTask(owner.client, { projectId, name: 'Survey', startDate: '2026-12-01', endDate: '2026-12-02' });
    const imported = await importFile(owner, projectId, 'format=mspdi&mode=append&preview=false', 'Nested.xml', mspdi('nested-summaries.xml'));
    expect(imported.status).toBe(200);
    expect(Date.parse(imported.body.importedAt)).toBeGreaterThanOrEqual(Date.parse(imported.body.undoAt));
    expect((await ana.client.request('PATCH', `/api/tasks/${kept.id}`, { name: 'Site survey' })).status).toBe(200);
    await createTask(ana.client, { projectId, name: 'Permits', startDate: '2026-12-03', endDate: '2026-12-04' });
    expect((await restore(owner, projectId, imported.body.undoAt, imported.body.importedAt)).status).toBe(200);
    expect((await storedTasks(projectId)).map((r) => r.name)).toEqual(['Site survey', 'Permits']);
  });
});

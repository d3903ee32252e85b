import { randomUUID } from 'node:crypto';
import { TASK_STATUS_COLORS } from '@planline/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, joinedMember, registeredClient, startTestServer, teamWithOwner, type TestServer } from './harness.js';
import { pdfFonts, pdfPageItems } from './pdf-text.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

type Format = 'excel' | 'pdf';

/** POSTs an export and keeps the body as bytes (ApiClient reads text). */
async function download(client: ApiClient, format: Format, projectId: string, options: Record<string, unknown> = {}) {
  const res = await fetch(`${server.url}/api/export/${format}/${projectId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(client.cookies.size ? { cookie: client.cookieHeader } : {}) },
    body: JSON.stringify(options),
  });
  const body = Buffer.from(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, body, json: () => JSON.parse(body.toString('utf8')) };
}

async function workbook(buffer: Buffer): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buffer as unknown as ArrayBuffer);
  return wb;
}

/** Every text item of every page, NFKC-normalised (Arabic comes back in presentation forms). */
async function pdfPages(buffer: Buffer): Promise<string[]> {
  return (await pdfPageItems(buffer)).map((items) => items.filter((s) => s.trim()).join('\n').normalize('NFKC'));
}

const todayUtc = () => new Date().toISOString().slice(0, 10);

/** A project with a few realistic tasks made through the API, two people assigned and one dependency. */
async function sampleProject() {
  const { owner, team } = await teamWithOwner(server);
  const bea = await joinedMember(server, owner.client, team.id);
  await bea.client.put('/api/auth/user', { firstName: 'Bea', lastName: 'Builder', email: bea.account.email });
  const project = (await owner.client.post('/api/projects', { name: 'Rocket Überprüfung', teamId: team.id })).body;
  const create = async (fields: Record<string, unknown>) => (await owner.client.post('/api/tasks', { projectId: project.id, ...fields })).body;
  const design = await create({
    name: 'Design the hull',
    description: 'Carbon fibre, two layers',
    startDate: '2026-11-23',
    endDate: '2026-11-27',
    status: 'in_progress',
    priority: 'high',
    progress: 45,
    color: '#10b981',
    assigneeId: owner.user.id,
    assigneeIds: [owner.user.id, bea.user.id],
  });
  const build = await create({ name: 'Build', startDate: '2026-11-30', endDate: '2026-12-04', status: 'blocked', priority: 'critical' });
  await create({ name: 'Проект Ελληνικά', startDate: '2026-12-01', endDate: '2026-12-02', status: 'completed', priority: 'low', progress: 100 });
  await create({ name: '设计评审 review', startDate: '2026-12-03', endDate: '2026-12-03' });
  await create({ name: 'مراجعة التصميم', startDate: '2026-12-04', endDate: '2026-12-08' });
  await owner.client.post(`/api/tasks/${build.id}/dependencies`, { dependsOnTaskId: design.id });
  return { owner, bea, team, project, design, build };
}

describe('export access and answers', () => {
  it('[export-access] outsiders get 404, signed-out visitors 401, guests of the project may export', async () => {
    const { owner, project } = await sampleProject();
    const outsider = await registeredClient(server);
    for (const format of ['excel', 'pdf'] as const) {
      expect((await download(outsider.client, format, project.id)).status).toBe(404);
      expect((await download(new ApiClient(server.url), format, project.id)).status).toBe(401);
      expect((await download(owner.client, format, randomUUID())).json()).toMatchObject({ message: 'Project not found' });
      expect((await download(owner.client, format, 'not-a-uuid')).status).toBe(404);
    }
    const token = (await owner.client.get(`/api/projects/${project.id}/invite-link`)).body.inviteLink.split('/').pop();
    const guest = await registeredClient(server);
    expect((await guest.client.post('/api/projects/join', { token })).status).toBe(200);
    expect((await download(guest.client, 'pdf', project.id)).status).toBe(200);
  });

  it('[export-options] options must be booleans: anything else is a 400 that names the option', async () => {
    const { owner, project } = await sampleProject();
    const res = await download(owner.client, 'excel', project.id, { includeTimeline: 'yes' });
    expect(res.status).toBe(400);
    expect(res.json().message).toBe('includeTimeline must be true or false');
  });

  it('[export-filename] the file comes as an attachment named by project code and date, with the right type', async () => {
    const { owner, project } = await sampleProject();
    const code = project.projectCode as string;
    for (const [format, ext, type] of [
      ['excel', 'xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      ['pdf', 'pdf', 'application/pdf'],
    ] as const) {
      const before = todayUtc();
      const res = await download(owner.client, format, project.id);
      const names = [before, todayUtc()].map((d) => `${code}-${d}.${ext}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(type);
      const disposition = res.headers.get('content-disposition')!;
      expect(names.map((n) => `attachment; filename="${n}"; filename*=UTF-8''${n}`)).toContain(disposition);
      expect(disposition).toMatch(/^attachment; filename="[A-Za-z0-9._-]+"; filename\*=UTF-8''[A-Za-z0-9._-]+$/);
    }
  });
});

describe('Excel', () => {
  it('[export-excel] the Tasks sheet has every field, real dates, a filter and a frozen header; Timeline and Summary follow', async () => {
    const { owner, project } = await sampleProject();
    const wb = await workbook((await download(owner.client, 'excel', project.id)).body);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Tasks', 'Timeline', 'Summary']);
    const tasks = wb.getWorksheet('Tasks')!;
    expect(tasks.getRow(1).values).toEqual([
      undefined, 'Name', 'Description', 'Status', 'Priority', 'Start', 'End', 'Progress', 'Colour', 'Order', 'Type', 'Parent', 'Depends on', 'Assignee', 'Assignees',
    ]);
    expect(tasks.rowCount).toBe(6);
    expect(tasks.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(tasks.autoFilter).toBeTruthy();
    const design = tasks.getRow(2);
    expect(design.getCell(1).value).toBe('Design the hull');
    expect(design.getCell(2).value).toBe('Carbon fibre, two layers');
    expect(design.getCell(3).value).toBe('In Progress');
    expect(design.getCell(4).value).toBe('High');
    expect(design.getCell(5).value).toEqual(new Date(Date.UTC(2026, 10, 23)));
    expect(design.getCell(5).type).toBe(ExcelJS.ValueType.Date);
    expect(design.getCell(5).numFmt).toBe('yyyy-mm-dd');
    expect(design.getCell(6).value).toEqual(new Date(Date.UTC(2026, 10, 27)));
    expect(design.getCell(7).value).toBe(0.45);
    expect(design.getCell(8).value).toBe('#10b981');
    expect(design.getCell(9).value).toBe(0);
    expect(design.getCell(10).value).toBe('Task');
    expect(design.getCell(11).value).toBe(null);
    expect(design.getCell(13).value).toBe('Ada Lovelace');
    expect(design.getCell(14).value).toBe('Ada Lovelace, Bea Builder');
    const build = tasks.getRow(3);
    expect([build.getCell(3).value, build.getCell(4).value, build.getCell(12).value]).toEqual(['Blocked', 'Critical', 'Design the hull (FS)']);
    expect(tasks.getColumn(1).values).toContain('设计评审 review');

    // One column per day from 23 Nov to 8 Dec; the hull task fills its five days in the in-progress blue of the palette.
    const timeline = wb.getWorksheet('Timeline')!;
    expect(timeline.getRow(2).getCell(5).value).toBe('23');
    expect(timeline.getRow(2).cellCount).toBe(4 + 16);
    const filled = (row: ExcelJS.Row) =>
      Array.from({ length: 16 }, (_, i) => row.getCell(5 + i)).filter((c) => c.fill?.type === 'pattern' && c.fill.pattern === 'solid');
    const hull = filled(timeline.getRow(3));
    expect(hull.length).toBe(5);
    const inProgressArgb = `FF${TASK_STATUS_COLORS.in_progress.slice(1).toUpperCase()}`;
    expect(hull.every((c) => (c.fill as ExcelJS.FillPattern).fgColor?.argb === inProgressArgb)).toBe(true);
    expect(filled(timeline.getRow(4)).length).toBe(5);

    const summary = wb.getWorksheet('Summary')!;
    const facts = new Map<unknown, unknown>();
    summary.eachRow((row) => void (row.number <= 10 && facts.set(row.getCell(1).value, row.getCell(2).value)));
    expect([facts.get('Project ID'), facts.get('Tasks'), facts.get('Completed')]).toEqual([project.projectCode, 5, 1]);
    /** The rows under a heading: count, and the bar of filled cells that is the chart. */
    const table = (heading: string) => {
      const out: Record<string, [count: unknown, bar: number]> = {};
      let inside = false;
      summary.eachRow((row) => {
        const label = row.getCell(1).value;
        if (label === 'Tasks by status' || label === 'Tasks by priority') inside = label === heading;
        else if (inside) out[String(label)] = [row.getCell(2).value, Array.from({ length: 30 }, (_, i) => row.getCell(4 + i)).filter((c) => c.fill?.type === 'pattern').length];
      });
      return out;
    };
    // The largest count fills all 30 bar cells, a count half as big fills 15, none fills none.
    expect(table('Tasks by status')).toEqual({ Pending: [2, 30], 'In Progress': [1, 15], Completed: [1, 15], Blocked: [1, 15] });
    expect(table('Tasks by priority')).toEqual({ Low: [1, 15], Medium: [2, 30], High: [1, 15], Critical: [1, 15] });
  });

  it('[export-options] each option turns its part off: no Timeline, no Summary, no names of people', async () => {
    const { owner, project } = await sampleProject();
    const wb = await workbook((await download(owner.client, 'excel', project.id, { includeTimeline: false })).body);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Tasks', 'Summary']);
    const noCharts = await workbook((await download(owner.client, 'excel', project.id, { includeCharts: false })).body);
    expect(noCharts.worksheets.map((w) => w.name)).toEqual(['Tasks', 'Timeline']);
    const buffer = (await download(owner.client, 'excel', project.id, { includeAssignments: false })).body;
    const anonymous = await workbook(buffer);
    expect(anonymous.worksheets.map((w) => w.name)).toEqual(['Tasks', 'Timeline', 'Summary']);
    const texts = anonymous.worksheets.flatMap((ws) => ws.getSheetValues().flat(2).map(String));
    expect(texts).not.toContain('Assignee');
    expect(texts.some((t) => /Lovelace|Builder/.test(t))).toBe(false);
  });

  it('[export-custom] a column per custom field, typed: numbers as numbers, dates as dates, checkboxes TRUE/FALSE', async () => {
    const { owner, project, design } = await sampleProject();
    const field = async (body: Record<string, unknown>) => (await owner.client.post(`/api/projects/${project.id}/fields`, body)).body as { id: string };
    const cost = await field({ name: 'Cost', type: 'number' });
    const due = await field({ name: 'Due', type: 'date' });
    const signed = await field({ name: 'Signed', type: 'checkbox' });
    const phase = await field({ name: '=Phase', type: 'choice', options: ['=1+1'] });
    const patched = await owner.client.request('PATCH', `/api/tasks/${design.id}`, { custom: { [cost.id]: 1250.5, [due.id]: '2026-12-31', [signed.id]: true, [phase.id]: '=1+1' } });
    expect(patched.status).toBe(200);
    const ws = (await workbook((await download(owner.client, 'excel', project.id)).body)).getWorksheet('Tasks')!;
    const headers = (ws.getRow(1).values as unknown[]).map(String);
    const column = (name: string) => headers.indexOf(name);
    expect(headers.slice(-4)).toEqual(['Cost', 'Due', 'Signed', '=Phase']);
    const row = ws.getRow(2);
    expect(row.getCell(1).value).toBe('Design the hull');
    expect(row.getCell(column('Cost')).value).toBe(1250.5);
    expect(row.getCell(column('Due')).value).toEqual(new Date('2026-12-31T00:00:00Z'));
    expect(row.getCell(column('Due')).numFmt).toBe('yyyy-mm-dd');
    expect(row.getCell(column('Signed')).value).toBe(true);
    expect(row.getCell(column('=Phase')).value).toBe('=1+1');
    // Another task: no values; an unchecked checkbox is FALSE, the rest blank.
    const other = ws.getRow(3);
    expect([other.getCell(column('Cost')).value, other.getCell(column('Due')).value, other.getCell(column('Signed')).value]).toEqual([null, null, false]);
  });

  it('[export-formula] text that looks like a formula stays text: no cell has a formula and the text is unchanged', async () => {
    const { owner, project } = await sampleProject();
    const tricky = ['=1+1', '+SUM(A1)', '-2', '@cmd', '\t=x', '\r=x', '=HYPERLINK("http://x","y")', 'a_x000D_b'];
    for (const [i, name] of tricky.entries()) {
      await server.dataSource.query(
        `INSERT INTO tasks (id, project_id, name, description, start_date, end_date, "order") VALUES ($1, $2, $3, $4, '2026-11-23', '2026-11-24', $5)`,
        [randomUUID(), project.id, name, `=cmd|' /C calc'!A${i}`, 100 + i],
      );
    }
    const wb = await workbook((await download(owner.client, 'excel', project.id)).body);
    for (const ws of wb.worksheets) {
      ws.eachRow((row) =>
        row.eachCell((cell) => {
          expect(cell.formula, `${ws.name}!${cell.address}`).toBeUndefined();
          expect(cell.type, `${ws.name}!${cell.address}`).not.toBe(ExcelJS.ValueType.Formula);
        }),
      );
    }
    const names = wb.getWorksheet('Tasks')!.getColumn(1).values.slice(2);
    for (const name of tricky) expect(names).toContain(name);
    expect(wb.getWorksheet('Tasks')!.getColumn(2).values).toContain(`=cmd|' /C calc'!A0`);
    expect(wb.getWorksheet('Timeline')!.getColumn(1).values).toContain('\r=x');
  });

  it('[export-timeline] a project longer than 120 days gets one column per week', async () => {
    const { owner, team } = await sampleProject();
    const project = (await owner.client.post('/api/projects', { name: 'Long haul', teamId: team.id })).body;
    await owner.client.post('/api/tasks', { projectId: project.id, name: 'Phase 1', startDate: '2026-01-05', endDate: '2026-01-18' });
    await owner.client.post('/api/tasks', { projectId: project.id, name: 'Phase 2', startDate: '2026-06-01', endDate: '2026-07-26' });
    const timeline = (await workbook((await download(owner.client, 'excel', project.id)).body)).getWorksheet('Timeline')!;
    expect(timeline.getRow(1).getCell(1).value).toBe('Timeline, one column per week starting');
    expect(timeline.getRow(2).cellCount).toBe(4 + 29);
    const filled = (n: number) =>
      Array.from({ length: 29 }, (_, i) => timeline.getRow(n).getCell(5 + i)).filter((c) => c.fill?.type === 'pattern' && c.fill.pattern === 'solid').length;
    expect([filled(3), filled(4)]).toEqual([2, 8]);
  });
});

describe('PDF', () => {
  it('[export-pdf] title, facts, table, Gantt and chart, with names in any script readable as text', async () => {
    const { owner, project } = await sampleProject();
    const pdf = (await download(owner.client, 'pdf', project.id)).body;
    const pages = await pdfPages(pdf);
    const all = pages.join('\n');
    for (const text of [
      'Rocket Überprüfung',
      `Project ID ${project.projectCode}`,
      'Tasks 5',
      'Tasks by status',
      'Tasks by priority',
      'Assignees',
      'Ada Lovelace, Bea Builder',
      'Depends on',
      'Timeline',
      'Проект Ελληνικά',
      '设计评审',
      'مراجعة التصميم',
    ]) {
      expect(all, text).toContain(text);
    }
    pages.forEach((text, i) => expect(text, `page ${i + 1}`).toContain(`Page ${i + 1} of ${pages.length}`));
    // [export-pdf-fonts] Readers draw these names with the fonts the file carries, not with one of their own.
    expect(await pdfFonts(pdf)).toEqual([
      { name: 'DejaVuSans', embedded: true },
      { name: 'DejaVuSans-Bold', embedded: true },
      { name: 'NotoSansSC-Regular', embedded: true },
    ]);
  });

  it('[export-pdf-bidi] right-to-left and mixed-script names read back in logical order', async () => {
    const { owner, team } = await teamWithOwner(server);
    const project = (await owner.client.post('/api/projects', { name: 'مشروع Alpha', teamId: team.id })).body;
    const names = ['Review مراجعة التصميم v2', 'سلام عليكم', 'עברית and English', '设计评审 مراجعة review', 'مراجعة 2026 التصميم'];
    for (const name of names) {
      expect((await owner.client.post('/api/tasks', { projectId: project.id, name, startDate: '2026-11-23', endDate: '2026-11-24' })).status).toBe(201);
    }
    const pages = await pdfPages((await download(owner.client, 'pdf', project.id)).body);
    // A line with two directions comes back as a text item per direction, in reading order.
    const all = pages.join('\n').replace(/\s+/g, ' ');
    for (const name of ['مشروع Alpha', ...names.slice(0, 2)]) expect(all, name).toContain(name);
    // A Hebrew line puts its English part on the left, as a Hebrew reader sees it.
    expect(all).toContain('and English עברית');
    expect(all).toContain('设计评审 مراجعة review');
    expect(all).toContain('2026 مراجعة');
  });

  it('[export-options] the PDF leaves out what is turned off', async () => {
    const { owner, project } = await sampleProject();
    const all = (await pdfPages((await download(owner.client, 'pdf', project.id, { includeTimeline: false, includeCharts: false, includeAssignments: false })).body)).join('\n');
    expect(all).toContain('Design the hull');
    for (const gone of ['Timeline', 'Tasks by status', 'Assignees', 'Lovelace', 'Builder']) expect(all, gone).not.toContain(gone);
  });
});

describe('links in exports', () => {
  it('[export-links] both formats give each task\'s predecessors with their link\'s type and lag, as the REST reads do', async () => {
    const { owner, team } = await teamWithOwner(server);
    const project = (await owner.client.post('/api/projects', { name: 'Pipeline', teamId: team.id })).body;
    const create = async (name: string) =>
      (await owner.client.post('/api/tasks', { projectId: project.id, name, startDate: '2026-11-23', endDate: '2026-11-24' })).body as { id: string };
    const [design, survey, test] = [await create('Design'), await create('Survey'), await create('Test')];
    expect((await owner.client.post(`/api/tasks/${test.id}/dependencies`, { dependsOnTaskId: design.id })).status).toBe(201);
    expect((await owner.client.post(`/api/tasks/${test.id}/dependencies`, { dependsOnTaskId: survey.id, type: 'SS', lagDays: 2 })).status).toBe(201);
    expect((await owner.client.post(`/api/tasks/${survey.id}/dependencies`, { dependsOnTaskId: design.id, type: 'FF', lagDays: -1 })).status).toBe(201);
    const read = (await owner.client.get(`/api/projects/${project.id}/tasks`)).body as { id: string; links: unknown[] }[];
    expect(read.find((t) => t.id === test.id)!.links).toEqual([
      { dependsOnTaskId: design.id, type: 'FS', lagDays: 0 },
      { dependsOnTaskId: survey.id, type: 'SS', lagDays: 2 },
    ]);

    const tasks = (await workbook((await download(owner.client, 'excel', project.id)).body)).getWorksheet('Tasks')!;
    const column = tasks.getRow(1).values as unknown[];
    const dependsOn = (name: string) => {
      const row = [2, 3, 4].map((n) => tasks.getRow(n)).find((r) => r.getCell(1).value === name)!;
      return row.getCell(column.indexOf('Depends on')).value;
    };
    expect([dependsOn('Design'), dependsOn('Survey'), dependsOn('Test')]).toEqual([null, 'Design (FF -1d)', 'Design (FS), Survey (SS +2d)']);

    const pdf = (await pdfPages((await download(owner.client, 'pdf', project.id)).body)).join('\n');
    expect(pdf).toContain('Design (FS), Survey (SS +2d)');
    expect(pdf).toContain('Design (FF -1d)');
  });
});

describe('an empty project', () => {
  it('[export-empty] a project without tasks still exports: empty table, nothing to draw', async () => {
    const { owner, team } = await teamWithOwner(server);
    const project = (await owner.client.post('/api/projects', { name: 'Blank', teamId: team.id })).body;
    const wb = await workbook((await download(owner.client, 'excel', project.id)).body);
    expect(wb.getWorksheet('Tasks')!.rowCount).toBe(1);
    expect(wb.getWorksheet('Timeline')!.getCell('A1').value).toBe('No tasks to draw yet.');
    const all = (await pdfPages((await download(owner.client, 'pdf', project.id)).body)).join('\n');
    expect(all).toContain('This project has no tasks yet.');
    expect(all).toContain('No tasks to draw yet.');
  });
});

describe('a large project', () => {
  it('[export-large] 2,000 tasks export to both formats, every task in them, the table header on every page', { timeout: 120_000 }, async () => {
    const { owner, project } = await sampleProject();
    await server.dataSource.query(
      `INSERT INTO tasks (id, project_id, name, start_date, end_date, status, priority, progress, "order")
       SELECT gen_random_uuid(), $1, 'Bulk task ' || n, DATE '2026-11-01' + (n % 90), DATE '2026-11-01' + (n % 90) + (n % 7),
              (ARRAY['pending','in_progress','completed','blocked'])[1 + n % 4], (ARRAY['low','medium','high','critical'])[1 + n % 4], n % 101, 1000 + n
         FROM generate_series(1, 1995) AS n`,
      [project.id],
    );
    const excel = await download(owner.client, 'excel', project.id);
    expect(excel.status).toBe(200);
    const wb = await workbook(excel.body);
    const tasks = wb.getWorksheet('Tasks')!;
    expect(tasks.rowCount).toBe(2001);
    expect(tasks.getRow(2001).getCell(1).value).toBe('Bulk task 1995');
    expect(wb.getWorksheet('Timeline')!.rowCount).toBeGreaterThanOrEqual(2002);

    const pdf = await download(owner.client, 'pdf', project.id);
    expect(pdf.status).toBe(200);
    const pages = await pdfPages(pdf.body);
    const all = pages.join('\n');
    for (const n of [1, 777, 1995]) expect(all).toContain(`Bulk task ${n}\n`);
    pages.forEach((text, i) => expect(text, `page ${i + 1}`).toContain(`Page ${i + 1} of ${pages.length}`));
    // A table row reads '#', name, status; Gantt rows have no number before the name.
    const tablePages = pages.filter((p) => /\n\d+\nBulk task \d+\n(Pending|In Progress|Completed|Blocked)\n/.test(p));
    expect(tablePages.length).toBeGreaterThan(50);
    expect(tablePages.every((p) => /Task\nStatus\nPriority\nStart\nEnd\nProgress/.test(p))).toBe(true);
  });
});

import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTeamPlan, startTestServer, teamWithOwner, type ClientUser, type TestServer } from '../harness.js';
import { pdfPageItems } from '../pdf-text.js';
import { hostileNames } from './hostile-names.js';
import { prng, recordFigures, soakCount } from './soak.js';

// Issue 9, exports: generated hostile task names go in through the API (so validation applies: a refusal is a
// 400, never a 5xx), then every project is exported to Excel and PDF and read back with the libraries the
// export uses or a reader's: no cell is a formula, every name comes back as the text that was stored, no file
// is broken. `npm test` runs 300 names; `npm run test:soak` 1,000.
const NAMES = soakCount('SOAK_HOSTILE_NAMES', 300, 1000);
const PER_PROJECT = 250;
const SEED = 4242;
const PARALLEL_REQUESTS = 6;

let server: TestServer;
let owner: ClientUser;
let teamId: string;
beforeAll(async () => {
  server = await startTestServer();
  const made = await teamWithOwner(server, 'Hostile names');
  owner = made.owner;
  teamId = made.team.id;
  await setTeamPlan(server, teamId, 'enterprise');
});
afterAll(async () => {
  await server?.stop();
});

async function download(format: 'excel' | 'pdf', projectId: string) {
  const res = await fetch(`${server.url}/api/export/${format}/${projectId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: owner.client.cookieHeader },
    body: '{}',
  });
  return { status: res.status, body: Buffer.from(await res.arrayBuffer()) };
}

async function pdfPages(buffer: Buffer): Promise<string[]> {
  return (await pdfPageItems(buffer)).map((items) => items.join('\n'));
}

/** Runs `work` over `items`, `parallel` at a time, keeping the results in order. */
async function inParallel<T, R>(items: T[], parallel: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await work(items[i]!, i);
      }
    }),
  );
  return results;
}

describe('hostile names in exports', () => {
  it(`[export-hostile] ${NAMES} generated hostile task names: refused with a 400 or stored, and exported as plain text in Excel and PDF`, { timeout: 120_000 + NAMES * 400 }, async () => {
    const started = Date.now();
    const names = hostileNames(prng(SEED), NAMES, SEED);
    const figures = { names: NAMES, stored: 0, refused400: 0, fivexx: 0, otherStatus: 0, projects: 0, workbooks: 0, cellsChecked: 0, formulaCells: 0, pdfs: 0, pdfPages: 0, byKind: {} as Record<string, { stored: number; refused: number }> };
    const unexpected: string[] = [];

    for (let offset = 0; offset < names.length; offset += PER_PROJECT) {
      const chunk = names.slice(offset, offset + PER_PROJECT);
      const project = (await owner.client.post('/api/projects', { name: `Hostile ${offset / PER_PROJECT + 1}`, teamId })).body as { id: string };
      figures.projects += 1;
      const answers = await inParallel(chunk, PARALLEL_REQUESTS, async ({ name }, i) => {
        const create = () =>
          owner.client.post('/api/tasks', {
            projectId: project.id,
            name,
            // Every other task carries a hostile description as well (the Excel export has a column for it).
            description: i % 2 ? chunk[(i + 7) % chunk.length]!.name.slice(0, 500) : undefined,
            startDate: '2026-11-23',
            endDate: '2026-11-30',
          });
        // One person adding a thousand tasks meets the write budget of new tasks (docs/security.md): past it, a
        // 429 asks them to slow down, and they send the same task again a moment later, as a client would.
        let res = await create();
        for (let tries = 0; res.status === 429 && tries < 50; tries++) {
          await new Promise((r) => setTimeout(r, 200));
          res = await create();
        }
        return res;
      });
      const storedNames: string[] = [];
      answers.forEach((res, i) => {
        const { kind, name } = chunk[i]!;
        const tally = (figures.byKind[kind] ??= { stored: 0, refused: 0 });
        if (res.status === 201) {
          figures.stored += 1;
          tally.stored += 1;
          storedNames.push(res.body.name as string);
        } else if (res.status === 400) {
          figures.refused400 += 1;
          tally.refused += 1;
          expect(typeof res.body.message).toBe('string');
        } else {
          if (res.status >= 500) figures.fivexx += 1;
          else figures.otherStatus += 1;
          unexpected.push(`${res.status} for ${JSON.stringify(name)}: ${JSON.stringify(res.body)}`);
        }
      });

      // Excel: the file loads (exceljs reads XML strictly), no cell anywhere is a formula, and the Tasks sheet
      // has each stored name, as text, exactly as stored.
      const excel = await download('excel', project.id);
      expect(excel.status).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(excel.body as unknown as ArrayBuffer);
      figures.workbooks += 1;
      for (const ws of wb.worksheets) {
        ws.eachRow({ includeEmpty: false }, (row) =>
          row.eachCell({ includeEmpty: false }, (cell) => {
            figures.cellsChecked += 1;
            const isFormula = cell.type === ExcelJS.ValueType.Formula || cell.formula !== undefined || (typeof cell.value === 'object' && cell.value !== null && ('formula' in cell.value || 'sharedFormula' in cell.value));
            if (isFormula) {
              figures.formulaCells += 1;
              unexpected.push(`formula in ${ws.name}!${cell.address}: ${JSON.stringify(cell.value)}`);
            }
          }),
        );
      }
      const tasksSheet = wb.getWorksheet('Tasks')!;
      const exported = (tasksSheet.getColumn(1).values as unknown[]).slice(2);
      expect(exported.every((v) => typeof v === 'string')).toBe(true);
      expect([...(exported as string[])].sort()).toEqual([...storedNames].sort());
      const timelineNames = (wb.getWorksheet('Timeline')!.getColumn(1).values as unknown[]).filter((v) => typeof v === 'string');
      for (const name of storedNames) expect(timelineNames).toContain(name);

      // PDF: it opens, every page says which of how many it is, and names in plain ASCII with PDF and XML
      // specials read back verbatim (or cut with an ellipsis where the column ends).
      const pdf = await download('pdf', project.id);
      expect(pdf.status).toBe(200);
      const pages = await pdfPages(pdf.body);
      figures.pdfs += 1;
      figures.pdfPages += pages.length;
      pages.forEach((text, i) => expect(text, `page ${i + 1}`).toContain(`Page ${i + 1} of ${pages.length}`));
      const all = pages.join('\n');
      expect(all).toContain(`Tasks ${storedNames.length}`);
      for (const name of storedNames.filter((n) => /^[\x20-\x7e]{1,30}$/.test(n))) {
        expect(all, name).toContain(name.slice(0, 12));
      }
    }

    recordFigures('hostile-export', { ...figures, durationMs: Date.now() - started });
    expect(unexpected).toEqual([]);
    expect(figures.stored).toBeGreaterThan(NAMES / 2);
    expect(figures.refused400).toBeGreaterThan(0);
  });
});

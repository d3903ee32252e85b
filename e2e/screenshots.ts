/**
 * Regenerates docs/screenshots/chart-390.png (a phone, 390×844 with touch) and chart-1280.png (1280×800): the app as
 * the e2e tests start it (a fresh data directory, the built web app), a small plan of two people (a summary over two
 * subtasks, finish-to-start links, a milestone, each status), then the chart at both sizes.
 *
 *   npm run build && node --import tsx e2e/screenshots.ts
 *
 * The dates follow today, so each run shows the plan around its own "Today". Not a test: run it when the chart's
 * look changes, look at both images, and commit them.
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { decodePng, encodePng, quantize } from './png.js';
import { chartSynced, dayFromToday, launchBrowser, newContext, newTouchContext, signUpByApi, startApp, teamWithTeammate } from './harness.js';

const OUT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'screenshots');
/** The docs keep them small: a screenshot over this is a sign of noise (a gradient, a photo) in the picture. */
const MAX_BYTES = 100_000;

interface PlannedTask {
  name: string;
  start: number;
  end: number;
  status?: 'pending' | 'in_progress' | 'completed' | 'blocked';
  progress?: number;
  milestone?: boolean;
  assignee?: 'lead' | 'mate';
  /** Names of tasks this one follows (finish-to-start). */
  after?: string[];
  /** The summary it sits under. */
  parent?: string;
}

/**
 * A website relaunch over two working weeks, in outline order. Days count from this week's Monday, so the work
 * falls on working days and inside the chart's default range (a week back to two weeks ahead) whatever day it is.
 */
const PLAN: PlannedTask[] = [
  { name: 'Design', start: 0, end: 4 },
  { name: 'Wireframes', start: 0, end: 1, status: 'completed', progress: 100, assignee: 'mate', parent: 'Design' },
  { name: 'Visual design', start: 2, end: 4, status: 'in_progress', progress: 60, assignee: 'mate', parent: 'Design', after: ['Wireframes'] },
  { name: 'Content migration', start: 1, end: 7, status: 'blocked', progress: 20, assignee: 'lead' },
  { name: 'Build pages', start: 7, end: 8, status: 'in_progress', progress: 10, assignee: 'lead', after: ['Visual design'] },
  { name: 'QA and fixes', start: 9, end: 10, assignee: 'mate', after: ['Build pages', 'Content migration'] },
  { name: 'Launch', start: 11, end: 11, milestone: true, after: ['QA and fixes'] },
];
/** This week's Monday, in days from today (UTC, as the server runs). */
const MONDAY = -((new Date().getUTCDay() + 6) % 7);

async function createPlan(lead: Page, projectId: string, people: { lead: string; mate: string }): Promise<void> {
  const ids = new Map<string, string>();
  for (const t of PLAN) {
    const res = await lead.request.post('/api/tasks', {
      data: {
        projectId,
        name: t.name,
        startDate: dayFromToday(MONDAY + t.start),
        endDate: dayFromToday(MONDAY + t.end),
        status: t.status ?? 'pending',
        progress: t.progress ?? 0,
        kind: t.milestone ? 'milestone' : 'task',
        assigneeId: t.assignee ? people[t.assignee] : null,
      },
    });
    if (res.status() !== 201) throw new Error(`creating ${t.name}: ${res.status()} ${await res.text()}`);
    ids.set(t.name, ((await res.json()) as { id: string }).id);
  }
  for (const t of PLAN) {
    const id = ids.get(t.name)!;
    if (t.parent) {
      const res = await lead.request.patch(`/api/tasks/${id}`, { data: { parentId: ids.get(t.parent) } });
      if (!res.ok()) throw new Error(`nesting ${t.name}: ${res.status()} ${await res.text()}`);
    }
    for (const before of t.after ?? []) {
      const res = await lead.request.post(`/api/tasks/${id}/dependencies`, { data: { dependsOnTaskId: ids.get(before) } });
      if (res.status() !== 201) throw new Error(`linking ${before} → ${t.name}: ${res.status()} ${await res.text()}`);
    }
  }
}

/** The workspace with its chart drawn, synced and still: the arrows in, nothing hovered, the chart at the top. */
async function openChart(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByRole('heading', { name: 'Project Timeline' }).waitFor();
  await chartSynced(page);
  await page.locator('[data-milestone]').waitFor();
  await page.locator('[data-dependency]').first().waitFor();
  await page.mouse.move(0, 0);
  // The chart's title just under the sticky top bar.
  await page.getByRole('heading', { name: 'Project Timeline' }).evaluate((heading) => {
    const navBottom = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
    window.scrollBy({ top: heading.getBoundingClientRect().top - navBottom - 24, behavior: 'instant' });
  });
  // Fonts and the entry animations settle.
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(600);
}

/** The page as it is into docs/screenshots/`file`; in 256 colours when the full-colour PNG is over MAX_BYTES. */
async function shoot(page: Page, file: string): Promise<void> {
  const path = join(OUT_DIR, file);
  let png = await page.screenshot({ animations: 'disabled', caret: 'hide' });
  let how = 'full colour';
  if (png.length > MAX_BYTES) {
    png = encodePng(quantize(decodePng(png)));
    how = '256 colours';
  }
  if (png.length > MAX_BYTES) throw new Error(`${file} is ${png.length} bytes even in ${how}, over ${MAX_BYTES}`);
  // What is written is a PNG of the whole viewport (its header's size).
  const written = { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
  const viewport = page.viewportSize()!;
  if (written.width !== viewport.width || written.height !== viewport.height) {
    throw new Error(`${file} is ${written.width}×${written.height}, not ${viewport.width}×${viewport.height}`);
  }
  writeFileSync(path, png);
  console.log(`${path}: ${Math.round(png.length / 1024)} KB, ${how}`);
}

async function main(): Promise<void> {
  const app = await startApp();
  const browser = await launchBrowser();
  try {
    const leadContext = await newContext(browser, app.url);
    const lead = await signUpByApi(leadContext, 'Lena', 'Lead');
    const mateContext = await newContext(browser, app.url);
    const mate = await signUpByApi(mateContext, 'Sam', 'Rivera');
    const { projectId } = await teamWithTeammate(lead, mate, 'Northwind', 'Website relaunch');
    const userId = async (page: Page) => ((await (await page.request.get('/api/auth/user')).json()) as { id: string }).id;
    await createPlan(lead, projectId, { lead: await userId(lead), mate: await userId(mate) });

    await openChart(lead);
    await shoot(lead, 'chart-1280.png');

    const phoneContext = await newTouchContext(browser, app.url, { width: 390, height: 844 }, await leadContext.storageState());
    const phone = await phoneContext.newPage();
    await openChart(phone);
    await shoot(phone, 'chart-390.png');
  } finally {
    await browser.close();
    await app.stop();
  }
}

await main();

import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServerProcess } from '@planline/api/test/process';
import { chromium, type Browser, type BrowserContext, type Page, type Route } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface AppProcess {
  url: string;
  dataDir: string;
  output: () => string;
  stop(): Promise<void>;
}

/** The migrated empty database the run's global setup made (embedded-template.ts); none outside Vitest. */
function embeddedTemplate(): string | undefined {
  try {
    return inject('embeddedTemplateDir');
  } catch {
    return undefined;
  }
}

/**
 * The product as a user runs it, on a free port over a fresh embedded database, serving the built web app
 * (test:e2e builds it first). The database is a copy of the run's migrated empty one when there is one (the
 * server's own secrets are still made anew).
 */
export async function startApp(env: Record<string, string> = {}): Promise<AppProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'planline-e2e-'));
  const template = embeddedTemplate();
  if (template) cpSync(join(template, 'pglite'), join(dataDir, 'pglite'), { recursive: true });
  const server = await startServerProcess({ DATABASE_URL: '', DATA_DIR: dataDir, ...env });
  return {
    url: server.url,
    dataDir,
    output: server.output,
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
  });
}

export async function newContext(
  browser: Browser,
  baseURL: string,
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 }, ...options });
  context.setDefaultTimeout(15_000);
  return context;
}

/**
 * The server and browser one e2e file shares: started before its tests, stopped after (printing the server's
 * log when E2E_SERVER_LOG is set). Read `app()` and `browser()` inside tests.
 */
export function useAppAndBrowser(env: Record<string, string> = {}) {
  let app: AppProcess | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    app = await startApp(env);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    if (process.env.E2E_SERVER_LOG) console.log(app?.output());
    await app?.stop();
  });
  return {
    app: () => app!,
    browser: () => browser!,
  };
}

/** Signs a new person up through the API inside a browser context (the session cookie lands in the context). */
export async function signUpByApi(context: BrowserContext, firstName: string, lastName: string): Promise<Page> {
  const page = await context.newPage();
  const res = await page.request.post('/api/auth/register', {
    data: { firstName, lastName, email: `${firstName.toLowerCase()}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`, password: 'long-enough-1' },
  });
  if (res.status() !== 201) throw new Error(`sign-up failed: ${res.status()} ${await res.text()}`);
  return page;
}

/** A phone or tablet: touch, a mobile viewport, the session of `storageState` when given. */
export async function newTouchContext(
  browser: Browser,
  baseURL: string,
  viewport: { width: number; height: number },
  storageState?: Awaited<ReturnType<BrowserContext['storageState']>>,
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport, hasTouch: true, isMobile: true, storageState });
  context.setDefaultTimeout(15_000);
  return context;
}

/** A creates a team and a project in it, B joins the team by its invite link; returns both ids. */
export async function teamWithTeammate(a: Page, b: Page, teamName: string, projectName: string): Promise<{ teamId: string; projectId: string }> {
  const team = await (await a.request.post('/api/teams', { data: { name: teamName } })).json();
  const project = await (await a.request.post('/api/projects', { data: { name: projectName, teamId: team.id } })).json();
  const link = await (await a.request.get(`/api/teams/${team.id}/invite-link`)).json();
  const token = new URL(link.inviteLink).searchParams.get('token');
  const joined = await b.request.post('/api/teams/join', { data: { token } });
  if (joined.status() !== 200) throw new Error(`join failed: ${joined.status()} ${await joined.text()}`);
  return { teamId: team.id, projectId: project.id };
}

/**
 * Waits until the chart on `page` has synced: a first visit paints the bars from the task list while the document
 * arrives, and an edit made before then is written only once the document is in (the outbox), so a test that reads
 * the server or a teammate's chart after an edit waits for this first.
 */
export async function chartSynced(page: Page, timeout = 15_000): Promise<void> {
  await page.locator('[data-connection="synced"]').waitFor({ timeout });
}

/** A calendar date `days` from today (UTC, as the e2e server runs), 'yyyy-MM-dd'. */
export function dayFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Holds every /collab WebSocket the context's pages open until `release` is called, then lets it through to the
 * server: the page has the task list and no document (the chart shows "preview").
 */
export async function holdCollabSocket(context: BrowserContext) {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await context.routeWebSocket(/\/collab/, async (ws) => {
    await held;
    ws.connectToServer();
  });
  return { release: () => release() };
}

/**
 * Holds back the app's entry script (its name starts with "index-") until `release` is called: the page has its
 * HTML, its styles and the small painter, and none of the app.
 */
export async function holdApp(context: BrowserContext) {
  const held: Route[] = [];
  let holding = true;
  await context.route(/\/assets\/index-[^/]*\.js$/, (route) => (holding ? void held.push(route) : route.continue()));
  return {
    async release() {
      holding = false;
      for (const route of held.splice(0)) await route.continue();
    },
  };
}

// axe-core's own bundle, injected into the page as a script: no browser download, no extra runner. Our
// Content-Security-Policy (script-src 'self') refuses an inline script, so a context that audits bypasses it.
let axeSource: string | undefined;
const loadAxeSource = () => (axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'));

/**
 * axe-core's serious and critical findings in what the page shows now (or inside the elements `scope` selects),
 * one line per offending node. Animations settle first: axe measures colours mid-fade otherwise. The page's
 * context must bypass the CSP (`newContext(browser, url, { bypassCSP: true })`).
 */
export async function seriousAxeFindings(page: Page, scope = 'html'): Promise<string[]> {
  await page.waitForTimeout(300);
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.addScriptTag({ content: loadAxeSource() });
  return page.evaluate(async (scope) => {
    const { axe } = globalThis as unknown as {
      axe: { run(context: string, options: object): Promise<{ violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[] }> };
    };
    const result = await axe.run(scope, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.map(String).join(' ')}`));
  }, scope);
}

/**
 * Presses on a bar (its middle, or the handle of its end) and moves right by `steps` × 12 px with the mouse;
 * `release` lets go at the end, else the bar stays held (page.mouse.up() drops it).
 */
export async function dragBar(page: Page, taskId: string, steps: number, release: boolean, grip: 'middle' | 'resize-end' = 'middle') {
  const target = page.locator(grip === 'middle' ? `[data-task-bar="${taskId}"]` : `[data-task-bar="${taskId}"] [data-drag-handle="${grip}"]`);
  const box = (await target.boundingBox())!;
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let i = 1; i <= steps; i++) await page.mouse.move(x + i * 12, y);
  if (release) await page.mouse.up();
}

// Temporary: a drag on a fresh load, with diagnostics (not committed).
import { randomBytes } from 'node:crypto';
import { cleanupAll } from '../lib/cleanup.js';
import { createBenchDatabase } from '../lib/database.js';
import { startPlanlineServer } from '../lib/server.js';
import { projectWithTasks } from '../lib/seed.js';
import { buildWeb } from '../lib/web-build.js';
import { buildProbe } from './peer-pages.js';
import { launch, OURS } from './timeline-pages.js';

const size = Number(process.env.N ?? 1000);
const db = await createBenchDatabase();
try {
  const web = await buildWeb(console.log);
  const server = await startPlanlineServer(db, randomBytes(32).toString('base64url'), { WEB_DIST_DIR: web.outDir });
  const project = await projectWithTasks(server.url, db.pool, `T ${size}`, size, 1);
  const probeScript = await buildProbe();
  const browser = await launch();
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addCookies(project.owner.client.browserCookies());
  const config = { barSelector: OURS.barSelector, scrollSelector: OURS.scrollSelector, readySelector: OURS.readySelector, readyAttribute: OURS.readyAttribute };
  await context.addInitScript({ content: `window.__benchConfig = ${JSON.stringify(config)};\n${probeScript}` });
  const page = await context.newPage();
  page.on('console', (m) => console.log('[page]', m.text()));
  await page.goto(server.url + '/', { waitUntil: 'commit' });
  const bar = page.locator('#root [data-task-bar][aria-roledescription="task bar"]:not([data-partial])').first();
  await bar.waitFor({ state: 'visible' });
  const t0 = await page.evaluate(() => performance.now());
  const id = await bar.getAttribute('data-task-bar');
  console.log('live bar at', t0, id, await bar.getAttribute('aria-label'));
  console.log('watch', await page.evaluate((i) => (window as any).__bench.watchBar(i), id));
  const box = (await bar.boundingBox())!;
  console.log('box', box, 'at point:', await page.evaluate(([x, y]) => { const e = document.elementFromPoint(x!, y!); return e?.outerHTML.slice(0, 200); }, [box.x + box.width / 2, box.y + box.height / 2]));
  await page.evaluate(() => ['pointerdown', 'pointermove', 'pointerup'].forEach((t) => window.addEventListener(t, (e) => console.log(t, (e as PointerEvent).clientX, (e.target as HTMLElement).tagName, (e.target as HTMLElement).dataset?.taskBar ?? ''), { capture: true })));
  const x = box.x + box.width / 2, y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let s = 1; s <= 10; s++) await page.mouse.move(x + s * 12, y);
  console.log('mid-drag label', await bar.getAttribute('aria-label'));
  await page.mouse.up();
  console.log('movedAt', await page.evaluate(() => (window as any).__bench.movedAt()));
  console.log('after', await page.evaluate((i) => (window as any).__bench.barDates(i), id), await page.locator(`#root [data-task-bar="${id}"]`).getAttribute('aria-label'));
  console.log('status', await page.locator('[data-connection]').first().getAttribute('data-connection'));
  await page.screenshot({ path: '/tmp/edbg/after.png' });
  await browser.close();
  await server.close();
} finally {
  await cleanupAll();
}

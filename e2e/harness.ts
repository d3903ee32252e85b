import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServerProcess } from '@planline/api/test/process';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface AppProcess {
  url: string;
  dataDir: string;
  output: () => string;
  stop(): Promise<void>;
}

/**
 * The product as a user runs it, on a free port over a fresh embedded database, serving the built web app
 * (test:e2e builds it first).
 */
export async function startApp(env: Record<string, string> = {}): Promise<AppProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'planline-e2e-'));
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

export async function newContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(15_000);
  return context;
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServerProcess } from '@planline/api/test/process';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data directory whose embedded database a server has created and migrated (startApp copies it). */
    embeddedTemplateDir: string;
  }
}

/**
 * Global setup of the browser tests: one server starts on an empty data directory, as on a first `npm start`
 * (PGlite creates its cluster, the migrations run: ~8 s of a start's ~13), and stops. Each file's server then
 * starts on a copy of that database (startApp) and is up in ~5 s.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'planline-e2e-template-'));
  const server = await startServerProcess({ DATABASE_URL: '', DATA_DIR: dir });
  await server.stop();
  project.provide('embeddedTemplateDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}

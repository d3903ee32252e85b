import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where the security suites leave their figures (cases, leaks, inputs) for docs/security.md. */
export const FIGURES_DIR = process.env.SECURITY_FIGURES_DIR ?? join(tmpdir(), 'planline-security');

/** Writes one suite's figures as JSON, with the database it ran on, and prints them on one line. */
export function writeFigures(suite: string, figures: Record<string, unknown>): void {
  const record = { suite, database: process.env.DATABASE_URL ? 'postgresql' : 'pglite', at: new Date().toISOString(), ...figures };
  mkdirSync(FIGURES_DIR, { recursive: true });
  writeFileSync(join(FIGURES_DIR, `${suite}.${record.database}.json`), `${JSON.stringify(record, null, 2)}\n`);
  console.log(`[security figures] ${JSON.stringify(record)}`);
}

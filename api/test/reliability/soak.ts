import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * The reliability suites run twice over: a few rounds inside `npm test`, and the long runs of issue #9 under
 * `npm run test:soak` (SOAK=1). Each count can also be set on its own (SOAK_KILLS=3 ...) to reproduce a run.
 */
export const SOAK = process.env.SOAK === '1' || process.env.SOAK === 'true';

export function soakCount(variable: string, quick: number, soak: number): number {
  const raw = process.env[variable];
  if (raw === undefined || raw === '') return SOAK ? soak : quick;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${variable} must be a whole number of at least 1, not ${raw}`);
  return n;
}

/** Where the figures for docs/security.md go (one JSON object, one entry per suite, database and mode). */
export const FIGURES_FILE = process.env.SOAK_FIGURES_FILE ?? join(tmpdir(), 'planline-soak-figures.json');

const sleepSync = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Adds one suite's figures to FIGURES_FILE and prints them on one line. Suites run in parallel forks, so the
 * read-modify-write happens under a lock file.
 */
export function recordFigures(suite: string, figures: Record<string, unknown>): void {
  const database = process.env.DATABASE_URL ? 'postgresql' : 'pglite';
  const mode = SOAK ? 'soak' : 'quick';
  const record = { suite, database, mode, at: new Date().toISOString(), ...figures };
  console.log(`[soak figures] ${JSON.stringify(record)}`);
  mkdirSync(dirname(FIGURES_FILE), { recursive: true });
  const lock = `${FIGURES_FILE}.lock`;
  let fd: number | null = null;
  for (let attempt = 0; fd === null; attempt++) {
    try {
      fd = openSync(lock, 'wx');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      // A lock older than any write (a fork killed mid-write) is taken over after 5 s.
      if (attempt > 100) rmSync(lock, { force: true });
      sleepSync(50);
    }
  }
  try {
    let all: Record<string, unknown> = {};
    try {
      all = JSON.parse(readFileSync(FIGURES_FILE, 'utf8')) as Record<string, unknown>;
    } catch {
      // first suite to write, or an unreadable file: start over
    }
    all[`${suite}/${database}/${mode}`] = record;
    writeFileSync(FIGURES_FILE, `${JSON.stringify(all, null, 2)}\n`);
  } finally {
    closeSync(fd);
    rmSync(lock, { force: true });
  }
}

/** A small seeded PRNG (mulberry32): the same seed gives the same run of operations. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    /** 0 ≤ n < max */
    int: (max: number) => Math.floor(next() * max),
    chance: (p: number) => next() < p,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    /** A version-4 uuid made of PRNG bits (task ids must be uuids). */
    uuid: () => {
      const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16));
      hex[12] = '4';
      hex[16] = '89ab'[Math.floor(next() * 4)]!;
      const h = hex.join('');
      return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
    },
  };
}
export type Prng = ReturnType<typeof prng>;

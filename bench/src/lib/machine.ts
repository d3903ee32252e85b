import { execFileSync } from 'node:child_process';
import { cpus, loadavg, totalmem } from 'node:os';
import { repoRoot } from './paths.js';

export interface Machine {
  cpuModel: string;
  cores: number;
  ramGb: number;
  node: string;
  postgres: string;
  chromium: string;
  /** 1-minute load average when the run started: above ~0.5 per core, the figures are contended. */
  loadAtStart: number;
}

export interface RunInfo {
  date: string;
  commit: string;
  quick: boolean;
}

function run(cmd: string, args: string[]): string {
  try {
    return execFileSync(cmd, args, { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return '';
  }
}

export function describeMachine(postgres: string, chromiumPath: string): Machine {
  return {
    cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
    cores: cpus().length,
    ramGb: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    postgres,
    chromium: run(chromiumPath, ['--version']).split('\n')[0] || 'not found',
    loadAtStart: loadavg()[0] ?? Number.NaN,
  };
}

/** The commit measured; "+ uncommitted changes" when the work tree differs from it. */
export function describeRun(quick: boolean): RunInfo {
  const commit = run('git', ['rev-parse', '--short', 'HEAD']) || 'unknown';
  const dirty = run('git', ['status', '--porcelain', '--untracked-files=no']) !== '';
  return { date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'), commit: dirty ? `${commit} + uncommitted changes` : commit, quick };
}

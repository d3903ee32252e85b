import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

let ticksPerSecond: number | undefined;
function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** CPU seconds (user + system) a process has used so far, from /proc/<pid>/stat. */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start at ") ": utime and stime are fields 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / clockTicks();
}

/** Resident and peak resident memory of a process in MB, from /proc/<pid>/status. */
export function memoryMb(pid: number): { rssMb: number; hwmMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { rssMb: kb('VmRSS') / 1024, hwmMb: kb('VmHWM') / 1024 };
}

/**
 * Resets a process's peak RSS (VmHWM) to its current RSS (Linux: writing 5 to clear_refs), so a peak read
 * afterwards belongs to what happened since. Returns false where the kernel does not allow it.
 */
export function resetPeakRss(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

export interface ProcessUsage {
  /** Mean CPU over the window, in % of one core (200% = both cores of a 2-core machine). */
  cpuMeanPct: number;
  /** Busiest sampling interval, % of one core. */
  cpuMaxPct: number;
  rssMeanMb: number;
  rssMaxMb: number;
}

/** Samples the CPU and memory of a group of processes (summed) every `intervalMs` until stopped. */
export function sampleProcesses(pids: number[], intervalMs = 1000) {
  const cpuPcts: number[] = [];
  const rss: number[] = [];
  const total = () => pids.reduce((sum, pid) => sum + safe(() => cpuSeconds(pid), 0), 0);
  const startCpu = total();
  const startAt = performance.now();
  let lastCpu = startCpu;
  let lastAt = startAt;
  const timer = setInterval(() => {
    const now = performance.now();
    const cpu = total();
    cpuPcts.push(((cpu - lastCpu) / ((now - lastAt) / 1000)) * 100);
    rss.push(pids.reduce((sum, pid) => sum + safe(() => memoryMb(pid).rssMb, 0), 0));
    lastCpu = cpu;
    lastAt = now;
  }, intervalMs);
  return {
    stop(): ProcessUsage {
      clearInterval(timer);
      const seconds = (performance.now() - startAt) / 1000;
      return {
        cpuMeanPct: ((total() - startCpu) / seconds) * 100,
        cpuMaxPct: cpuPcts.length ? Math.max(...cpuPcts) : Number.NaN,
        rssMeanMb: rss.length ? rss.reduce((a, b) => a + b, 0) / rss.length : Number.NaN,
        rssMaxMb: rss.length ? Math.max(...rss) : Number.NaN,
      };
    },
  };
}

function safe<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback; // the process is gone
  }
}

/**
 * What the benchmarks read from the machine itself: a process's CPU time (/proc/<pid>/stat), the load
 * average, the whole machine's busy share (/proc/stat), the space files take on disk, and a free
 * loopback port. CPU time is the figure a busy machine disturbs least: other work steals wall-clock
 * time from the server, not the CPU time the server needs per request.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';

let clockTicks: number | undefined;

/** USER_HZ: /proc reports CPU times in these ticks (100 a second on Linux almost everywhere). */
export function clockTicksPerSecond(): number {
  if (clockTicks === undefined) {
    try {
      clockTicks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      clockTicks = 100;
    }
  }
  return clockTicks;
}

/**
 * User + system CPU time of a process, all its threads included, in ms; undefined once it is gone.
 * Fields 14 and 15 of /proc/<pid>/stat; the command name (field 2) may hold spaces, so count from
 * the last ')'.
 */
export function processCpuMs(pid: number): number | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  // fields[0] is field 3 (state), so utime (14) and stime (15) are at 11 and 12.
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / clockTicksPerSecond();
}

/** User and system CPU time of a process in ms (10 ms ticks, /proc/<pid>/stat); undefined once gone. */
export function processUserSystemMs(pid: number): { user: number; system: number } | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const tick = 1000 / clockTicksPerSecond();
  return { user: Number(fields[11]) * tick, system: Number(fields[12]) * tick };
}

/**
 * CPU time of a process in ms to the nanosecond: the sum over its threads of the first field of
 * /proc/<pid>/task/<tid>/schedstat (time run on a CPU, ns). /proc/<pid>/stat counts in 10 ms ticks,
 * too coarse for a walk of 100 ms; a thread that ended meanwhile is missed (Node's are long-lived).
 * undefined when the process is gone or the kernel keeps no schedstat.
 */
export function processCpuMsFine(pid: number): number | undefined {
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return undefined;
  }
  let ns = 0;
  for (const tid of tids) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      /* the thread ended */
    }
  }
  return Number.isFinite(ns) && tids.length > 0 ? ns / 1e6 : undefined;
}

/** The first three fields of /proc/loadavg: the 1, 5 and 15 minute load averages. */
export function loadAverage(): [number, number, number] {
  try {
    const [a, b, c] = readFileSync('/proc/loadavg', 'utf8').split(' ').map(Number);
    return [a ?? 0, b ?? 0, c ?? 0];
  } catch {
    return [0, 0, 0];
  }
}

export interface MachineCpu {
  busy: number;
  total: number;
}

/** Jiffies the whole machine spent busy and in all, from the `cpu` line of /proc/stat. */
export function machineCpu(): MachineCpu {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    // user nice system idle iowait irq softirq steal (guest time is already inside user).
    const v = line.trim().split(/\s+/).slice(1, 9).map(Number);
    const total = v.reduce((a, b) => a + b, 0);
    const idle = (v[3] ?? 0) + (v[4] ?? 0);
    return { busy: total - idle, total };
  } catch {
    return { busy: 0, total: 0 };
  }
}

/** The share of all cores that was busy between two snapshots, 0…1. */
export function busyShare(before: MachineCpu, after: MachineCpu): number {
  const total = after.total - before.total;
  return total > 0 ? (after.busy - before.busy) / total : 0;
}

/**
 * Bytes the files under these paths occupy on disk (allocated blocks, as `du` counts them), and
 * their apparent size. Missing paths count as 0.
 */
export function diskUsage(paths: readonly string[]): { allocated: number; apparent: number } {
  let allocated = 0;
  let apparent = 0;
  const visit = (path: string): void => {
    if (!existsSync(path)) return;
    const st = lstatSync(path);
    if (st.isDirectory()) {
      for (const name of readdirSync(path)) visit(join(path, name));
    } else if (st.isFile()) {
      allocated += st.blocks * 512;
      apparent += st.size;
    }
  };
  for (const path of paths) visit(path);
  return { allocated, apparent };
}

/** A port on 127.0.0.1 that was free a moment ago (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

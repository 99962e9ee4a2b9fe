/**
 * InfluxDB 1.6 for the side-by-side benchmark: found at /usr/bin/influxd, or installed from Debian's
 * `influxdb` package when it is missing and we are root; started by us on a loopback port with a
 * configuration of our own in a temporary folder, so nothing of a system installation is used or
 * touched.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { diskUsage, freePort } from '../support/procStats.js';

export const INFLUX_DB = 'bench';
export const INFLUX_MEASUREMENT = 'reading';

/** The influxd binary to use, or why there is none (then InfluxDB's runs are skipped). */
export function locateInfluxd(opts: {
  binary: string;
  install: boolean;
}): { binary: string } | { skip: string } {
  if (existsSync(opts.binary)) return { binary: opts.binary };
  if (!opts.install) return { skip: `${opts.binary} is missing and --no-install was given` };
  if (process.getuid?.() !== 0) {
    return { skip: `${opts.binary} is missing; install it with \`apt-get install influxdb\` (needs root)` };
  }
  if (!existsSync('/usr/bin/apt-get'))
    return { skip: `${opts.binary} is missing and there is no apt-get here` };
  process.stdout.write('InfluxDB is missing: apt-get update && apt-get install -y influxdb …\n');
  // The package's postinst starts the system service where an init system runs; a policy-rc.d that
  // answers 101 ("not allowed") keeps it from starting one that listens on every interface.
  const policy = '/usr/sbin/policy-rc.d';
  const ownPolicy = !existsSync(policy);
  if (ownPolicy) writeFileSync(policy, '#!/bin/sh\nexit 101\n', { mode: 0o755 });
  try {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    for (const args of [['update'], ['install', '-y', '--no-install-recommends', 'influxdb']]) {
      const r = spawnSync('apt-get', args, { env, stdio: ['ignore', 'ignore', 'inherit'], timeout: 600_000 });
      if (r.status !== 0) {
        return { skip: `apt-get ${args.join(' ')} failed (exit ${r.status ?? r.signal}); InfluxDB skipped` };
      }
    }
  } finally {
    if (ownPolicy) rmSync(policy, { force: true });
  }
  return existsSync(opts.binary)
    ? { binary: opts.binary }
    : { skip: `the influxdb package did not provide ${opts.binary}` };
}

export function influxdVersion(binary: string): string {
  try {
    return execFileSync(binary, ['version'], { encoding: 'utf8', timeout: 10_000 }).trim();
  } catch {
    return 'unknown';
  }
}

/**
 * The configuration keys are InfluxDB 1.6's as Debian ships it (`influxd config` prints them; Debian
 * renamed `reporting-disabled` to `reporting-enabled`). The write path keeps its defaults — above all
 * `wal-fsync-delay = "0s"`, an fsync of the WAL before each write is answered, which is what
 * Emberwatch's `synchronous=FULL` promises too. Only what happens once writes stop is shortened:
 * the cache is snapshotted to TSM files 2 s after the last write and the shard fully compacted 5 s
 * after, so that the bytes on disk can be measured after a short settle instead of hours later.
 */
function configText(dir: string, httpPort: number, rpcPort: number): string {
  return `reporting-enabled = false
bind-address = "127.0.0.1:${rpcPort}"

[meta]
  dir = "${join(dir, 'meta')}"
  logging-enabled = false

[data]
  dir = "${join(dir, 'data')}"
  wal-dir = "${join(dir, 'wal')}"
  wal-fsync-delay = "0s"
  index-version = "inmem"
  query-log-enabled = false
  cache-snapshot-write-cold-duration = "2s"
  compact-full-write-cold-duration = "5s"

[retention]
  enabled = false

[shard-precreation]
  enabled = false

[monitor]
  store-enabled = false

[subscriber]
  enabled = false

[http]
  enabled = true
  bind-address = "127.0.0.1:${httpPort}"
  log-enabled = false
  suppress-write-log = true
  pprof-enabled = false

[ifql]
  enabled = false

[continuous_queries]
  enabled = false

[logging]
  level = "warn"
  suppress-logo = true
`;
}

export interface Influxd {
  child: ChildProcess;
  pid: number;
  url: string;
  dir: string;
  stop(): Promise<void>;
}

/** Starts influxd on a fresh data folder and creates the database; resolves once it answers. */
export async function startInfluxd(binary: string): Promise<Influxd> {
  const dir = mkdtempSync(join(tmpdir(), 'emberwatch-bench-influx-'));
  const httpPort = await freePort();
  const rpcPort = await freePort();
  const configPath = join(dir, 'influxdb.conf');
  writeFileSync(configPath, configText(dir, httpPort, rpcPort));
  const logPath = join(dir, 'influxd.log');
  const log = openSync(logPath, 'a');
  const child = spawn(binary, ['run', '-config', configPath], { stdio: ['ignore', log, log] });
  const url = `http://127.0.0.1:${httpPort}`;
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) break;
    try {
      const res = await fetch(`${url}/ping`);
      if (res.status === 204) {
        await influxQuery(url, `CREATE DATABASE ${INFLUX_DB}`, 'POST');
        return { child, pid: child.pid as number, url, dir, stop };
      }
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const tail = existsSync(logPath) ? readFileSync(logPath, 'utf8').slice(-2000) : '';
  await stop();
  throw new Error(`influxd did not start:\n${tail}`);
}

export async function influxQuery(url: string, q: string, method: 'GET' | 'POST' = 'GET'): Promise<unknown> {
  const params = new URLSearchParams({ q, db: INFLUX_DB });
  const res = await fetch(`${url}/query?${params.toString()}`, { method });
  const body = await res.text();
  if (!res.ok) throw new Error(`InfluxDB query failed: ${res.status} ${body.slice(0, 300)}`);
  return JSON.parse(body) as unknown;
}

/** Points stored, counted by InfluxDB itself. */
export async function influxCount(url: string): Promise<number> {
  const answer = (await influxQuery(url, `SELECT count(t0) FROM ${INFLUX_MEASUREMENT}`)) as {
    results?: { series?: { values?: [string, number][] }[] }[];
  };
  return answer.results?.[0]?.series?.[0]?.values?.[0]?.[1] ?? 0;
}

/** Bytes of WAL segments and the number of TSM files per shard, to see whether it has settled. */
function storageState(dir: string): { walBytes: number; tsmPerShard: number[]; bytes: number; temp: number } {
  const shards: number[] = [];
  let temp = 0;
  const dataDb = join(dir, 'data', INFLUX_DB);
  if (existsSync(dataDb)) {
    for (const rp of readdirSync(dataDb)) {
      // `_series` (the series file's partitions) sits beside the retention policies.
      if (rp.startsWith('_')) continue;
      const rpDir = join(dataDb, rp);
      if (!statSync(rpDir).isDirectory()) continue;
      for (const shard of readdirSync(rpDir)) {
        const files = readdirSync(join(rpDir, shard));
        shards.push(files.filter((f) => f.endsWith('.tsm')).length);
        temp += files.filter((f) => f.endsWith('.tmp')).length;
      }
    }
  }
  return {
    walBytes: diskUsage([join(dir, 'wal')]).apparent,
    tsmPerShard: shards,
    bytes: diskUsage([join(dir, 'data'), join(dir, 'wal')]).allocated,
    temp,
  };
}

/**
 * Waits until the writes have left the WAL for TSM files and every shard has been compacted into one
 * file (or `maxSeconds` pass), then returns what `du` would say of the data and WAL folders.
 */
export async function influxSettle(
  dir: string,
  maxSeconds: number,
): Promise<{ bytes: number; apparentBytes: number; seconds: number; settled: boolean }> {
  const began = performance.now();
  let previous = -1;
  let settled = false;
  while ((performance.now() - began) / 1000 < maxSeconds) {
    await new Promise((r) => setTimeout(r, 1000));
    const s = storageState(dir);
    const compacted =
      s.walBytes === 0 && s.temp === 0 && s.tsmPerShard.length > 0 && s.tsmPerShard.every((n) => n === 1);
    if (compacted && s.bytes === previous) {
      settled = true;
      break;
    }
    previous = compacted ? s.bytes : -1;
  }
  const usage = diskUsage([join(dir, 'data'), join(dir, 'wal')]);
  const state = storageState(dir);
  if (!settled) {
    process.stdout.write(
      `  InfluxDB had not settled after ${maxSeconds} s: WAL ${state.walBytes} B, TSM files per shard ${state.tsmPerShard.join(', ')}\n`,
    );
  }
  return {
    bytes: usage.allocated,
    apparentBytes: usage.apparent,
    seconds: Math.round((performance.now() - began) / 100) / 10,
    settled,
  };
}

/**
 * Helpers the benchmarks share: a fresh store with one account and its stations, the built server in
 * its own process (BENCH_NODE_ARGS reach node, e.g. --cpu-prof), login, keep-alive HTTP and percentiles.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { migrateToLatest, openStore, type Store } from '../../apps/server/src/db/createDatabase.js';
import { hashStationSecret } from '../../apps/server/src/features/ingest/stationCredentials.js';
import { hashPassword } from '../../apps/server/src/features/sessions/passwordHash.js';
import { newUserRow } from '../../apps/server/src/db/newUserRow.js';

export const root = resolve(import.meta.dirname, '../..');
export const BENCH_USERNAME = 'bench@emberwatch';
export const BENCH_PASSWORD = 'bench-password-1';

export function stationSecret(i: number): string {
  return `bench-secret-${String(i).padStart(6, '0')}-0123456789abcdef`;
}
export function stationId(i: number): string {
  return `B${String(1_000_000 + i)}`;
}

/** Creates the schema, one premium account (password BENCH_PASSWORD when `login`) and its stations. */
export async function prepareStore(opts: {
  dataDir: string;
  databaseUrl?: string | undefined;
  /** PostgreSQL: an existing schema to create the tables in, instead of the connection's default. */
  pgSchema?: string;
  stations: number;
  login?: boolean;
}): Promise<void> {
  const store: Store = openStore({
    databaseUrl: opts.databaseUrl,
    sqlitePath: join(opts.dataDir, 'emberwatch.db'),
    ...(opts.pgSchema ? { pgSchema: opts.pgSchema } : {}),
  });
  await migrateToLatest(store);
  const now = Math.floor(Date.now() / 1000);
  const user = await store.db
    .insertInto('users')
    .values(
      newUserRow({
        username: BENCH_USERNAME,
        password_hash: opts.login ? await hashPassword(BENCH_PASSWORD) : 'x',
        plan_name: 'Premium',
        plan_level: 2,
        created_ts: now,
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  for (let i = 0; i < opts.stations; i++) {
    await store.db
      .insertInto('base_stations')
      .values({
        id: stationId(i),
        owner_user_id: user.id,
        bs_group: null,
        display_name: null,
        timezone: 'UTC',
        bs_type: 2,
        version: 'V5.1.0',
        firmware: '3.2',
        sim: null,
        activation_ts: now,
        last_boot_ts: null,
        last_conf_ts: null,
        last_data_ts: null,
        credential_hash: hashStationSecret(stationSecret(i)),
        created_ts: now,
      })
      .execute();
  }
  await store.close();
}

/**
 * Starts apps/server/dist/main.js on the port and waits until /health answers. `main` (or
 * BENCH_SERVER_MAIN) names another build's main.js instead: a side-by-side run against another tree's build.
 * The server's standard output is dropped, or written to `<BENCH_SERVER_STDOUT>-<port>` when that is set
 * (what `BENCH_NODE_ARGS=--trace-gc-nvp` prints, say).
 */
export async function startServer(
  dataDir: string,
  databaseUrl: string | undefined,
  port: number,
  main: string = process.env.BENCH_SERVER_MAIN ?? join(root, 'apps/server/dist/main.js'),
): Promise<ChildProcess> {
  if (!existsSync(main)) throw new Error('apps/server/dist is missing: npm run build -w @emberwatch/server');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    DEMO_SEED: '0',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const out = process.env.BENCH_SERVER_STDOUT
    ? openSync(`${process.env.BENCH_SERVER_STDOUT}-${port}`, 'w')
    : undefined;
  const child = spawn(
    process.execPath,
    [...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean), main],
    { env, stdio: ['ignore', out ?? 'ignore', 'inherit'] },
  );
  if (out !== undefined) closeSync(out); // the child holds its own copy
  // Up to 30 s: on a loaded machine (others' tests beside the bench) a start took more than 10.
  for (let i = 0; i < 300; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/health`);
      if (res.ok) return child;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error('server did not start');
}

export async function stopServer(child: ChildProcess): Promise<void> {
  // A process that died of a signal has no exit code, and will never emit 'exit' again.
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

export function randomPort(): number {
  return 18_000 + Math.floor(Math.random() * 1000);
}

/**
 * Runs `work` against the built server on a fresh SQLite store holding the bench account (with its
 * password) and one station; then stops the server and deletes the store, whatever happened. `work`
 * gets the server's pid too, for its CPU time (/proc/<pid>/stat).
 */
export async function withFreshServer<T>(
  name: string,
  work: (port: number, pid: number) => Promise<T>,
): Promise<T> {
  const dataDir = mkdtempSync(join(tmpdir(), `emberwatch-bench-${name}-`));
  const port = randomPort();
  await prepareStore({ dataDir, stations: 1, login: true });
  const server = await startServer(dataDir, undefined, port);
  try {
    return await work(port, server.pid as number);
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Writes a benchmark's results to bench/results/<name>.json, which docs/PERFORMANCE.md quotes. */
export function writeResults(name: string, results: unknown): void {
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(join(root, `bench/results/${name}.json`), JSON.stringify(results, null, 2) + '\n');
}

export function percentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
}

export function round1(x: number): number {
  return Math.round(x * 10) / 10;
}

export function latencySummary(latencies: number[]): { p50: number; p95: number; p99: number; max: number } {
  const s = [...latencies].sort((a, b) => a - b);
  return {
    p50: round1(percentile(s, 0.5)),
    p95: round1(percentile(s, 0.95)),
    p99: round1(percentile(s, 0.99)),
    max: round1(s[s.length - 1] ?? 0),
  };
}

/** Sends readings through the ingest path in packets of at most 1000. */
export async function ingestReadings(port: number, station: number, readings: object[]): Promise<void> {
  for (let i = 0; i < readings.length; i += 1000) {
    const res = await fetch(`http://127.0.0.1:${port}/ingest/v1/packets`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Station ${stationId(station)}:${stationSecret(station)}`,
      },
      body: JSON.stringify({ type: 'data', readings: readings.slice(i, i + 1000) }),
    });
    if (!res.ok) throw new Error(`ingest failed: ${res.status} ${await res.text()}`);
  }
}

export async function login(port: number): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: BENCH_USERNAME, password: BENCH_PASSWORD }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

/** A keep-alive GET client: resolves with the status, body size and latency in ms. */
export function keepAliveClient(port: number, token: string, maxSockets = 64) {
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  return {
    get(path: string): Promise<{ status: number; bytes: number; ms: number; body: string }> {
      const t0 = performance.now();
      return new Promise((resolvePromise, reject) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port,
            path,
            method: 'GET',
            agent,
            headers: { authorization: `Bearer ${token}` },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => {
              const body = Buffer.concat(chunks);
              resolvePromise({
                status: res.statusCode ?? 0,
                bytes: body.length,
                ms: performance.now() - t0,
                body: body.toString('utf8'),
              });
            });
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end();
      });
    },
    close(): void {
      agent.destroy();
    },
  };
}

/**
 * The three things the side-by-side benchmark drives — Emberwatch on SQLite, Emberwatch on PostgreSQL,
 * InfluxDB — behind one interface: each starts on a fresh store, takes packets, names the processes
 * whose CPU time is its own, and measures its bytes on disk after a settle.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { prepareStore, startServer, stationId, stopServer } from '../support/benchServer.js';
import { ingestReading, postPacket } from '../support/ingestPacket.js';
import type { SendOutcome } from '../support/closedLoop.js';
import { diskUsage, freePort } from '../support/procStats.js';
import type { ProbeReading } from '../support/probeReadings.js';
import { INFLUX_DB, INFLUX_MEASUREMENT, influxCount, influxSettle, startInfluxd } from './influxd.js';

export type TargetName = 'emberwatch-sqlite' | 'emberwatch-postgres' | 'influxdb';

export interface Storage {
  /** Bytes the store occupies after the settle (see docs/PERFORMANCE.md for what each one counts). */
  bytes: number;
  /** Of which the readings table and its indexes, where the store can tell. */
  readingsTableBytes: number | undefined;
  /** Readings the store holds, counted by the store (warm-up and measured window together). */
  storedReadings: number;
  settleSeconds: number;
  settled: boolean;
}

export interface Target {
  name: TargetName;
  /** The server process: its CPU time is the product's. */
  pid: number;
  /** Bytes of the fresh store before the first reading (schema, accounts, stations), measured like `bytes`. */
  emptyBytes: number;
  send(station: number, ts: number, readings: ProbeReading[]): Promise<SendOutcome>;
  alive(): boolean;
  /** Other processes doing the product's work (PostgreSQL's backends for Emberwatch's pool). */
  helperPids(): Promise<number[]>;
  /**
   * PostgreSQL: the server's checkpoints begun so far and its WAL position (bytes), read before and after
   * the measured window. A checkpoint begun during it makes each page written before it log a full image
   * of itself at its next change, which the backends pay for.
   */
  walState?(): Promise<{ checkpoints: number; walBytes: number }>;
  /** PostgreSQL: a checkpoint now (--checkpoint-first), so that none falls due during the window. */
  checkpoint?(): Promise<void>;
  /** After the measured window: stop writing, let the store settle, measure it. */
  settle(maxSeconds: number): Promise<Storage>;
  /** Stops everything and removes the store; safe to call more than once. */
  close(): Promise<void>;
}

const REQUEST_TIMEOUT_MS = 60_000;

function isRunning(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}

/** Every reading of the load is new: a packet that stores fewer than all of them counts as failed. */
function emberwatchSender(port: number) {
  return (station: number, ts: number, readings: ProbeReading[]): Promise<SendOutcome> =>
    postPacket(
      port,
      station,
      readings.map((r) => ingestReading(r, ts)),
      readings.length,
    );
}

export async function startEmberwatchSqlite(stations: number): Promise<Target> {
  const dataDir = mkdtempSync(join(tmpdir(), 'emberwatch-bench-ivi-sqlite-'));
  const dbPath = join(dataDir, 'emberwatch.db');
  const port = await freePort();
  let child: ChildProcess | undefined;
  const close = async (): Promise<void> => {
    if (child) await stopServer(child);
    rmSync(dataDir, { recursive: true, force: true });
  };
  let emptyBytes = 0;
  try {
    await prepareStore({ dataDir, stations });
    emptyBytes = diskUsage([dbPath, `${dbPath}-wal`]).allocated;
    child = await startServer(dataDir, undefined, port);
  } catch (err) {
    await close();
    throw err;
  }
  const server = child;
  return {
    name: 'emberwatch-sqlite',
    pid: server.pid as number,
    emptyBytes,
    send: emberwatchSender(port),
    alive: () => isRunning(server),
    helperPids: () => Promise.resolve([]),
    async settle() {
      const began = performance.now();
      // A clean stop closes the store; a checkpoint then moves whatever is left in the WAL into the
      // database file, so db + WAL is what the readings take at rest.
      await stopServer(server);
      const sqlite = new Database(dbPath);
      let storedReadings = 0;
      let readingsTableBytes: number | undefined;
      try {
        sqlite.pragma('wal_checkpoint(TRUNCATE)');
        storedReadings = (sqlite.prepare('select count(*) as n from readings').get() as { n: number }).n;
        readingsTableBytes = sqliteObjectBytes(sqlite, 'readings');
      } finally {
        sqlite.close();
      }
      const usage = diskUsage([dbPath, `${dbPath}-wal`]);
      return {
        bytes: usage.allocated,
        readingsTableBytes,
        storedReadings,
        settleSeconds: Math.round((performance.now() - began) / 100) / 10,
        settled: true,
      };
    },
    close,
  };
}

/** Bytes of a table and its indexes, from the dbstat table (undefined where SQLite lacks it). */
function sqliteObjectBytes(sqlite: Database.Database, table: string): number | undefined {
  try {
    const row = sqlite
      .prepare(
        `select sum(pgsize) as bytes from dbstat
         where name in (select name from sqlite_schema where tbl_name = ?)`,
      )
      .get(table) as { bytes: number | null };
    return row.bytes ?? undefined;
  } catch {
    return undefined;
  }
}

export async function startEmberwatchPostgres(stations: number, baseUrl: string): Promise<Target> {
  // A schema of its own, dropped afterwards; its name also marks the server's connections
  // (application_name), so their backends' CPU time can be found.
  const schema = `bench_ivi_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: baseUrl, application_name: 'emberwatch-bench-monitor' });
  await admin.connect();
  const dataDir = mkdtempSync(join(tmpdir(), 'emberwatch-bench-ivi-postgres-'));
  const port = await freePort();
  let child: ChildProcess | undefined;
  let closed = false;
  const close = async (): Promise<void> => {
    if (closed) return;
    closed = true;
    if (child) await stopServer(child);
    await admin.query(`drop schema if exists ${schema} cascade`).catch(() => undefined);
    await admin.end().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  };
  let emptyBytes = 0;
  let walStateQuery: string | undefined;
  try {
    await admin.query(`create schema ${schema}`);
    await prepareStore({ dataDir, databaseUrl: baseUrl, pgSchema: schema, stations });
    emptyBytes = (await schemaBytes(admin, schema)).total;
    const serverUrl = new URL(baseUrl);
    serverUrl.searchParams.set('options', `-c search_path=${schema}`);
    serverUrl.searchParams.set('application_name', schema);
    child = await startServer(dataDir, serverUrl.toString(), port);
  } catch (err) {
    await close();
    throw err;
  }
  const server = child;
  return {
    name: 'emberwatch-postgres',
    pid: server.pid as number,
    emptyBytes,
    send: emberwatchSender(port),
    alive: () => isRunning(server),
    async helperPids() {
      const { rows } = await admin.query<{ pid: number }>(
        'select pid from pg_stat_activity where application_name = $1',
        [schema],
      );
      return rows.map((r) => r.pid);
    },
    async walState() {
      walStateQuery ??= await walStateQueryOf(admin);
      const { rows } = await admin.query<{ checkpoints: string; wal: string }>(walStateQuery);
      return { checkpoints: Number(rows[0]?.checkpoints ?? 0), walBytes: Number(rows[0]?.wal ?? 0) };
    },
    async checkpoint() {
      await admin.query('checkpoint');
    },
    async settle() {
      const began = performance.now();
      await stopServer(server);
      const sizes = await schemaBytes(admin, schema);
      const { rows } = await admin.query<{ n: string }>(`select count(*)::text as n from ${schema}.readings`);
      return {
        bytes: sizes.total,
        readingsTableBytes: sizes.readings,
        storedReadings: Number(rows[0]?.n ?? 0),
        settleSeconds: Math.round((performance.now() - began) / 100) / 10,
        settled: true,
      };
    },
    close,
  };
}

/**
 * The checkpoints begun so far and the WAL position in bytes, as one row. PostgreSQL 17 moved the
 * checkpoints' counts from pg_stat_bgwriter to pg_stat_checkpointer.
 */
async function walStateQueryOf(client: pg.Client): Promise<string> {
  const { rows } = await client.query<{ v: number }>(
    `select current_setting('server_version_num')::int as v`,
  );
  const [counts, view] =
    (rows[0]?.v ?? 0) >= 170_000
      ? ['num_timed + num_requested', 'pg_stat_checkpointer']
      : ['checkpoints_timed + checkpoints_req', 'pg_stat_bgwriter'];
  return `select (${counts})::text as checkpoints, pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::text as wal from ${view}`;
}

/** Every table of the schema with its indexes and TOAST (pg_total_relation_size), and `readings` alone. */
async function schemaBytes(client: pg.Client, schema: string): Promise<{ total: number; readings: number }> {
  const { rows } = await client.query<{ total: string; readings: string }>(
    `select coalesce(sum(pg_total_relation_size(c.oid)), 0)::text as total,
            coalesce(sum(pg_total_relation_size(c.oid)) filter (where c.relname = 'readings'), 0)::text as readings
       from pg_class c join pg_namespace ns on ns.oid = c.relnamespace
      where ns.nspname = $1 and c.relkind in ('r', 'm', 'p')`,
    [schema],
  );
  return { total: Number(rows[0]?.total ?? 0), readings: Number(rows[0]?.readings ?? 0) };
}

export async function startInflux(binary: string): Promise<Target> {
  const influx = await startInfluxd(binary);
  const writeUrl = `${influx.url}/write?db=${INFLUX_DB}&precision=s`;
  return {
    name: 'influxdb',
    pid: influx.pid,
    emptyBytes: diskUsage([join(influx.dir, 'data'), join(influx.dir, 'wal')]).allocated,
    async send(station, ts, readings) {
      // Line protocol, tags sorted by key as InfluxDB advises; integers as integers (the `i` suffix).
      const tags = `,probe=`;
      const stationTag = `,station=${stationId(station)} `;
      let body = '';
      for (const r of readings) {
        const [t0, t1, t2] = r.temperatures;
        body += `${INFLUX_MEASUREMENT}${tags}${r.sensorId}${stationTag}t0=${t0}i,t1=${t1}i,t2=${t2}i,sensor_rssi=${r.sensorRssi}i,bs_rssi=${r.bsRssi}i,batt=${r.battery}i ${ts}\n`;
      }
      const res = await fetch(writeUrl, {
        method: 'POST',
        headers: { 'content-type': 'text/plain; charset=utf-8' },
        body,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const text = await res.text();
      if (res.status !== 204) return { ok: false, readings: 0, error: `${res.status} ${text.slice(0, 200)}` };
      return { ok: true, readings: readings.length };
    },
    alive: () => isRunning(influx.child),
    helperPids: () => Promise.resolve([]),
    async settle(maxSeconds) {
      const settle = await influxSettle(influx.dir, maxSeconds);
      return {
        bytes: settle.bytes,
        readingsTableBytes: undefined,
        storedReadings: await influxCount(influx.url),
        settleSeconds: settle.seconds,
        settled: settle.settled,
      };
    },
    close: () => influx.stop(),
  };
}

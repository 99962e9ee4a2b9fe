/**
 * A bench's store on either engine, and the PostgreSQL backends' CPU: what the benches that seed a
 * store and start the built server against it (station-picker, site-index) share.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openStore } from '../../apps/server/src/db/createDatabase.js';
import { prepareStore } from './benchServer.js';
import { processCpuMs } from './procStats.js';

/** The bench database, created when missing (the server's tables go into a schema of the run's own). */
export async function ensureDatabase(url: string): Promise<void> {
  const u = new URL(url);
  const name = u.pathname.slice(1);
  u.pathname = '/postgres';
  const c = new pg.Client({ connectionString: u.toString() });
  await c.connect();
  try {
    const exists = await c.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await c.query(`create database "${name.replace(/"/g, '""')}"`);
  } finally {
    await c.end();
  }
}

export interface BenchStore {
  /** The server's data folder (the SQLite file lives here). */
  dataDir: string;
  /** PostgreSQL: the run's own schema. */
  schema: string;
  /** PostgreSQL: a connection of the bench's own, outside the server (seeding, CPU of the backends). */
  admin: pg.Client | undefined;
  /** PostgreSQL: the URL the server is started with (its search_path is the run's schema). */
  serverUrl: string | undefined;
  /** The store, migrated and with the bench's login, to seed; closed by the caller before the server starts. */
  store: ReturnType<typeof openStore>;
  /** Drops the schema, closes the admin connection and removes the data folder. */
  dispose(): Promise<void>;
}

/** A fresh store for one engine: on PostgreSQL in a schema of its own in the bench database. */
export async function openBenchStore(
  engine: 'sqlite' | 'postgres',
  opts: { databaseUrl: string; prefix: string },
): Promise<BenchStore> {
  const dataDir = mkdtempSync(join(tmpdir(), `emberwatch-bench-${opts.prefix}-`));
  const schema = `${opts.prefix.replace(/[^a-z]/g, '')}_${randomBytes(5).toString('hex')}`;
  const baseUrl = opts.databaseUrl;
  if (engine === 'postgres') await ensureDatabase(baseUrl);
  const admin = engine === 'postgres' ? new pg.Client({ connectionString: baseUrl }) : undefined;
  const dispose = async () => {
    if (admin) {
      await admin.query(`drop schema if exists ${schema} cascade`).catch(() => undefined);
      await admin.end().catch(() => undefined);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    let serverUrl: string | undefined;
    if (admin) {
      await admin.connect();
      await admin.query(`create schema ${schema}`);
      await prepareStore({ dataDir, databaseUrl: baseUrl, pgSchema: schema, stations: 0, login: true });
      const u = new URL(baseUrl);
      u.searchParams.set('options', `-c search_path=${schema}`);
      serverUrl = u.toString();
    } else await prepareStore({ dataDir, stations: 0, login: true });
    const store = openStore({
      databaseUrl: admin ? baseUrl : undefined,
      sqlitePath: join(dataDir, 'emberwatch.db'),
      ...(admin ? { pgSchema: schema } : {}),
    });
    return { dataDir, schema, admin, serverUrl, store, dispose };
  } catch (e) {
    await dispose();
    throw e;
  }
}

/**
 * The CPU of the database backends serving the bench's own database (the server's), for a span of
 * work: `const mark = await db.mark(); …; const { ms, ended } = await db.since(mark)`. Each backend's
 * own difference counts: summing the backends before and after subtracted the whole past CPU of a
 * backend that ended in between (the server's pool lets idle connections go), which printed negative
 * figures. A backend that starts during the span counts whole; one that ends takes its last share
 * with it, and `ended` says how many did. Without a connection (SQLite) every span is 0 ms.
 */
export function databaseCpu(admin: pg.Client | undefined) {
  const byBackend = async (): Promise<Map<number, number>> => {
    const cpu = new Map<number, number>();
    if (!admin) return cpu;
    const r = await admin.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    for (const { pid } of r.rows) {
      const ms = processCpuMs(pid);
      if (ms !== undefined) cpu.set(pid, ms);
    }
    return cpu;
  };
  return {
    mark: byBackend,
    async since(before: Map<number, number>): Promise<{ ms: number; ended: number }> {
      const after = await byBackend();
      let ms = 0;
      for (const [pid, now] of after) ms += now - (before.get(pid) ?? 0);
      const ended = [...before.keys()].filter((pid) => !after.has(pid)).length;
      return { ms, ended };
    },
  };
}

import { availableParallelism } from 'node:os';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { PROCESS_DATABASE } from './storeTemplate.js';
import { quotedName, workerDatabaseName } from './workerDatabases.js';

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/test';

/**
 * Global setup of the server project on PostgreSQL: makes sure each worker's database exists, one after
 * another before any file starts (CREATE DATABASE copies template1 and refuses while another copy of it
 * is being made). Existing ones are kept, like the base database: every test app creates and drops a
 * schema of its own inside, so two runs at once (two worktrees) may share them as they shared the base
 * database before, and nothing here drops a database another run may be using.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const baseUrl = new URL(process.env.TEST_DATABASE_URL ?? DEFAULT_URL);
  const base = decodeURIComponent(baseUrl.pathname.slice(1)) || 'postgres';
  // Vitest leaves maxWorkers unset when no --maxWorkers is given (one file run by hand): its pool then
  // numbers at most as many workers as the machine has cores.
  const workers = Math.max(1, project.globalConfig.maxWorkers ?? availableParallelism());
  const admin = new pg.Client({ connectionString: baseUrl.toString() });
  await admin.connect();
  try {
    const wanted = Array.from({ length: workers }, (_, i) => workerDatabaseName(base, i + 1));
    const { rows } = await admin.query<{ datname: string }>(
      'select datname from pg_database where datname = any($1)',
      [wanted],
    );
    const present = new Set(rows.map((r) => r.datname));
    for (const name of wanted.filter((n) => !present.has(n))) {
      try {
        await admin.query(`create database ${quotedName(name)}`);
      } catch (error) {
        // 42P04: another run created it in the meantime.
        if ((error as { code?: string }).code !== '42P04') throw error;
      }
    }
    await dropLeftovers(admin, base);
  } finally {
    await admin.end();
  }
  return () => dropWhenDone(baseUrl.toString(), base);
}

/**
 * The teardown: the workers keep their app databases until the run ends (storeTemplate.ts,
 * KEPT_APP_DATABASES), so they are dropped here, once each worker process has exited (a few seconds
 * at most), three at a time. Those of a process still alive after that (another run beside this one)
 * are left to that run, or to the next run's setup.
 */
async function dropWhenDone(url: string, base: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const pending = await workerDatabases(admin, base);
    const pids = new Set(pending.map((d) => d.pid));
    for (let waited = 0; waited < 10_000 && [...pids].some(processAlive); waited += 100)
      await new Promise((resolve) => setTimeout(resolve, 100));
    const done = pending.filter((d) => !processAlive(d.pid)).map((d) => d.name);
    if (done.length === 0) return;
    const clients = await Promise.all(
      [0, 1, 2].map(async () => {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        return client;
      }),
    );
    try {
      await Promise.all(
        clients.map(async (client) => {
          for (let name = done.pop(); name !== undefined; name = done.pop())
            await client.query(`drop database if exists ${quotedName(name)} with (force)`);
        }),
      );
    } finally {
      await Promise.all(clients.map((c) => c.end()));
    }
  } finally {
    await admin.end();
  }
}

/** The template and app databases of worker processes (storeTemplate.ts names them after the process). */
async function workerDatabases(admin: pg.Client, base: string): Promise<{ name: string; pid: number }[]> {
  const { rows } = await admin.query<{ datname: string }>(
    'select datname from pg_database where starts_with(datname, $1)',
    [`${base}_w`],
  );
  return rows
    .map(({ datname }) => ({ name: datname, pid: Number(PROCESS_DATABASE.exec(datname)?.[1]) }))
    .filter((d) => d.pid > 0);
}

/**
 * The template and app databases a worker left when it was killed (storeTemplate.ts names them after
 * its process): dropped once that process is gone. Another run's, still alive, are left alone.
 */
async function dropLeftovers(admin: pg.Client, base: string): Promise<void> {
  for (const { name, pid } of await workerDatabases(admin, base)) {
    if (processAlive(pid)) continue;
    await admin.query(`drop database if exists ${quotedName(name)} with (force)`);
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

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
export default async function setup(project: TestProject): Promise<void> {
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
}

/**
 * The template and app databases a worker left when it was killed (storeTemplate.ts names them after
 * its process): dropped once that process is gone. Another run's, still alive, are left alone.
 */
async function dropLeftovers(admin: pg.Client, base: string): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>(
    'select datname from pg_database where starts_with(datname, $1)',
    [`${base}_w`],
  );
  for (const { datname } of rows) {
    const pid = Number(PROCESS_DATABASE.exec(datname)?.[1]);
    if (!pid || processAlive(pid)) continue;
    await admin.query(`drop database if exists ${quotedName(datname)} with (force)`);
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

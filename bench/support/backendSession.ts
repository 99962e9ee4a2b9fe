import type pg from 'pg';
import { PostgresClient } from '../../apps/server/src/db/postgresClient.js';
import { processCpuMsFine } from './procStats.js';

/** One connection to PostgreSQL on this machine, and the CPU time its backend has spent. */
export interface BackendSession {
  /** node-postgres' query behind one signature, typed for its results. */
  query: <R extends pg.QueryResultRow = Record<string, unknown>>(
    text: string,
    values?: unknown[],
  ) => Promise<pg.QueryResult<R>>;
  /** The backend's CPU time so far (/proc/<pid>/task/<tid>/schedstat, what a busy machine disturbs least). */
  cpuMs: () => number;
  end: () => Promise<void>;
}

/**
 * Connects to `url` and finds its backend's process, for the benches that measure what a statement
 * costs PostgreSQL itself (postgres-row-shapes, postgres-journal-keys).
 */
export async function openBackendSession(url: string): Promise<BackendSession> {
  const client = new PostgresClient({ connectionString: url });
  await client.connect();
  const query = <R extends pg.QueryResultRow = Record<string, unknown>>(text: string, values?: unknown[]) =>
    (values ? client.query(text, values) : client.query(text)) as unknown as Promise<pg.QueryResult<R>>;
  const backend = ((await query('select pg_backend_pid() as pid')).rows[0] as { pid: number }).pid;
  return {
    query,
    cpuMs: () => {
      const ms = processCpuMsFine(backend);
      if (ms === undefined)
        throw new Error(`no CPU time for backend ${backend}: is PostgreSQL on this machine?`);
      return ms;
    },
    end: () => client.end(),
  };
}

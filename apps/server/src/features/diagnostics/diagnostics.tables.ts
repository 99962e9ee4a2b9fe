import type { Generated, Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * The tables of migration 0055 (decision 0095), typed beside their only reader and added to the
 * store's type with Kysely's `withTables`, as the station-logs feature does.
 */

/** One line of a server's own log, as its logger wrote it (redacted). */
export interface ServerLogsTable {
  id: Generated<number>;
  /** When the line was written, epoch s, and its milliseconds. */
  ts: number;
  ms: number;
  /** The server instance that wrote it. */
  server: string;
  env: string;
  /** pino's level number. */
  level: number;
  msg: string | null;
  /** The JSON line, bounded. */
  line: string;
}

/** One answered HTTP call (the stations' packets are in station_calls). */
export interface AccessLogsTable {
  id: Generated<number>;
  ts: number;
  server: string;
  method: string;
  /** Without its query: tokens and codes travel there. */
  path: string;
  route: string | null;
  status: number;
  duration_us: number;
  user_id: number | null;
  /** The caller's partner app (gari, haytech); null for the main system or no user. */
  family: string | null;
  ip: string;
}

/** The latest reading of each probe a not-yet-activated station sent (its factory test). */
export interface StationTestReadingsTable {
  bs_id: string;
  sensor_id: string;
  meas_ts: number;
  temperature: number | null;
  sensor_rssi: number | null;
  batt: number | null;
  received_ts: number;
}

// A type alias, not an interface: withTables wants an indexable record.
export type DiagnosticsTables = {
  server_logs: ServerLogsTable;
  access_logs: AccessLogsTable;
  station_test_readings: StationTestReadingsTable;
};

export type DiagnosticsDb = Kysely<Database & DiagnosticsTables>;

export function diagnosticsDb(db: Kysely<Database>): DiagnosticsDb {
  return db.withTables<DiagnosticsTables>();
}

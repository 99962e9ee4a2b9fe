import type { Generated, Kysely } from 'kysely';
import type { StationCallKind } from '@emberwatch/shared/domain/stationTraffic';
import type { Database } from '../../db/schema.js';

/**
 * The tables of migration 0049 (decision 0090), typed beside their only reader and added to the
 * store's type with Kysely's `withTables`, as the delivery and account features do.
 */

/** One call of a base station on the station protocol, as its answer left. */
export interface StationCallsTable {
  id: Generated<number>;
  /** The id the station named (registered or not). */
  bs_id: string;
  /** When the answer left, epoch s. */
  ts: number;
  kind: StationCallKind;
  /** HTTP status of the answer. */
  status: number;
  bytes_up: number;
  /** From the request's arrival to its answer, in microseconds (whole numbers on both engines). */
  duration_us: number;
  /** Readings the packet carried; null when it could not be read. */
  readings: number | null;
  operator: string | null;
  net: string | null;
  mobile_rssi: number | null;
  /** A summary of the packet and its answer (JSON text, bounded), for stations with detailed logging. */
  detail: string | null;
}

/** The stations whose calls keep their summary. */
export interface StationLoggingTable {
  bs_id: string;
  since_ts: number;
  by_user_id: number | null;
}

// A type alias, not an interface: withTables wants an indexable record.
export type StationLogsTables = {
  station_calls: StationCallsTable;
  station_logging: StationLoggingTable;
};

export type StationLogsDb = Kysely<Database & StationLogsTables>;

export function stationLogsDb(db: Kysely<Database>): StationLogsDb {
  return db.withTables<StationLogsTables>();
}

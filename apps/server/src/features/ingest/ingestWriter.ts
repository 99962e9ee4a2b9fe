import type { Selectable, Transaction } from 'kysely';
import type { IngestReading } from '@emberwatch/shared/contracts/ingest';
import type { BsPacketsTable, Database } from '../../db/schema.js';

/** Where a packet of the commit came from. */
export interface PacketOrigin {
  bsId: string;
  receivedTs: number;
}

export interface StationUpdate {
  bs_id: string;
  last_data_ts?: number;
  last_boot_ts?: number;
  last_conf_ts?: number;
  firmware?: string;
  version?: string;
  bs_type?: number;
}

export type PacketLogRow = Omit<Selectable<BsPacketsTable>, 'id'>;

export interface WrittenReadings {
  /** Per reading of the call: 1 when it was stored now, 0 when it was stored before (a duplicate). */
  fresh: Uint8Array;
  /** Call after the commit: publishes what the writer keeps in memory (never ahead of the store). */
  publish(): void;
  /** Call when the transaction rolled back: forgets what the writer folded in memory for it. */
  discard(): void;
}

/**
 * Thrown by a writer whose fast insert met a reading stored before, or twice in the call (PostgreSQL's
 * COPY, decision 0065): the transaction is lost, and the service runs the commit again with `repeats`.
 */
export class RepeatedReadings extends Error {
  constructor() {
    super('a reading of the commit was stored before: commit again with repeats');
  }
}

/** How a transaction left the roll-ups (deferred roll-ups, decisions 0062 and 0064). */
export interface SettledRollups {
  /** The store's roll-ups cover every committed reading once this transaction commits. */
  complete: boolean;
  /** Call after the commit. */
  publish(): void;
  /** Call when the transaction rolled back. */
  discard(): void;
}

/**
 * The write statements of the ingest path, one implementation per store
 * (docs/decisions/0027-ingest-hot-path.md). Readings are passed as the packets carry them, with the
 * index of their packet beside them, so the path makes no row object per reading.
 */
export interface IngestWriter {
  /**
   * Stores the readings not stored yet (the same probe and time stored before, or earlier in this
   * call, is a duplicate), moves each probe's latest reading forward and folds the new readings into
   * the daily roll-ups. Runs inside the caller's transaction. `repeats`: the commit is run again after
   * the writer threw RepeatedReadings, and must take the path that skips repeats.
   */
  writeReadings(
    trx: Transaction<Database>,
    origins: readonly PacketOrigin[],
    readings: readonly IngestReading[],
    packetOf: readonly number[],
    repeats?: boolean,
  ): Promise<WrittenReadings>;
  /** Station times (only forward), firmware and version, and one packet-log row per packet. */
  writeStations(trx: Transaction<Database>, updates: StationUpdate[], log: PacketLogRow[]): Promise<void>;

  /*
   * A writer that defers its roll-ups (SQLite, decision 0062; PostgreSQL, decision 0064) has the four
   * below; one without them writes the roll-ups in writeReadings, so every commit leaves them complete.
   */
  /**
   * Last step of each transaction: writes the owed roll-ups now (`force`) or when due. `fresh`: the new
   * readings this transaction stored (what writeReadings marked in `fresh`).
   */
  settleRollups?(
    trx: Transaction<Database>,
    opts: { force: boolean; fresh: number },
  ): SettledRollups | Promise<SettledRollups>;
  /** Whether committed readings' roll-ups are still unwritten, and in how many ms they are due. */
  rollupsOwed?(): boolean;
  rollupsDueInMs?(): number;
  /** Writes what a crash left owed; in the caller's transaction. Returns how much it wrote. */
  recoverRollups?(trx: Transaction<Database>): number | Promise<number>;
}

import { sql, type Kysely, type RawBuilder } from 'kysely';
import {
  longestKeptFrom,
  tierKeptFrom,
  type DataTier,
  type RetentionHorizons,
} from '@emberwatch/shared/domain/readingRetention';
import type { Database } from '../../db/schema.js';
import { HOUR_S } from './readingHours.js';
import type { ReadingPartitions } from './readingPartitions.js';

/** Rows deleted per statement, each its own short transaction: ingest's commits never wait long on one. */
export const RETENTION_BATCH = 1_000;
/** At most this many rows per run (an hour apart): a long backlog goes in steps. */
const MAX_ROWS_PER_RUN = 300_000;
/** Probes named per delete: well under both engines' bound-parameter limits. */
const PROBES_PER_DELETE = 500;

export interface RetentionResult {
  /** Month partitions detached and dropped (PostgreSQL). */
  droppedPartitions: string[];
  /** Raw and packed rows deleted one by one. */
  deletedRows: number;
}

export interface RetentionLog {
  info(obj: object, msg: string): void;
}

/**
 * Readings past their account's horizon go (decision 0136). First whole months: on PostgreSQL each
 * month partition past every tier's horizon is detached and dropped. Then rows: those before the
 * longest horizon that no dropped month held (on SQLite all of them; on PostgreSQL the default
 * partition's), and the rows of accounts whose tier keeps less, between their horizon and the longest,
 * which sit in months kept for everyone else. Rows go a batch at a time, each batch its own short
 * statement, oldest work first; a run stops after MAX_ROWS_PER_RUN rows and the next goes on.
 */
export class ReadingRetention {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly nowS: () => number,
    private readonly horizons: RetentionHorizons,
    private readonly partitions: ReadingPartitions | null,
    private readonly log: RetentionLog,
    /** Rows per statement (smaller in tests, to see a run stop midway). */
    private readonly batch = RETENTION_BATCH,
  ) {}

  async run(maxRows = MAX_ROWS_PER_RUN): Promise<RetentionResult> {
    const nowS = this.nowS();
    const droppedPartitions = this.partitions ? await this.partitions.dropPast() : [];
    const budget = { rows: maxRows };
    const longest = longestKeptFrom(nowS, this.horizons);
    let deletedRows = await this.deleteBefore(longest, null, budget);
    for (const tier of ['limited', 'full'] as DataTier[]) {
      const keptFrom = tierKeptFrom(tier, nowS, this.horizons);
      if (keptFrom <= longest) continue;
      const probes = await this.probesOf(tier);
      for (let i = 0; i < probes.length && budget.rows > 0; i += PROBES_PER_DELETE)
        deletedRows += await this.deleteBefore(keptFrom, probes.slice(i, i + PROBES_PER_DELETE), budget);
    }
    if (droppedPartitions.length > 0 || deletedRows > 0)
      this.log.info({ droppedPartitions, deletedRows }, 'readings past their retention removed');
    return { droppedPartitions, deletedRows };
  }

  /** The probes on stations of accounts of this tier. */
  private async probesOf(tier: DataTier): Promise<string[]> {
    const rows = await this.db
      .selectFrom('probes')
      .innerJoin('base_stations', 'base_stations.id', 'probes.bs_id')
      .innerJoin('users', 'users.id', 'base_stations.owner_user_id')
      .select('probes.sensor_id')
      .where('users.limit_free_data', tier === 'limited' ? '=' : '<>', 1)
      .orderBy('probes.sensor_id')
      .execute();
    return rows.map((r) => r.sensor_id);
  }

  /** Deletes raw and packed rows measured before `before` (of these probes, or all), batch by batch. */
  private async deleteBefore(
    before: number,
    probes: string[] | null,
    budget: { rows: number },
  ): Promise<number> {
    const ofProbes = probes ? sql`and sensor_id in (${sql.join(probes)})` : sql``;
    // Raw rows are keyed by hour first (migrations 0036, 0076): the hours before the cut are one range.
    const rawKey = {
      cols: sql`hour, sensor_id, meas_ts`,
      where: sql`hour < ${Math.floor(before / HOUR_S)} and meas_ts < ${before}`,
    };
    const raw = (limit: number) => sql`delete from readings where (${rawKey.cols}) in (
        select ${rawKey.cols} from readings where ${rawKey.where} ${ofProbes} limit ${limit})
      and ${rawKey.where}`;
    const packed = (limit: number) => sql`delete from readings_packed where (sensor_id, day) in (
        select sensor_id, day from readings_packed where day < ${before} ${ofProbes} limit ${limit})
      and day < ${before}`;
    return (await this.batches(raw, budget)) + (await this.batches(packed, budget));
  }

  private async batches(
    statement: (limit: number) => RawBuilder<unknown>,
    budget: { rows: number },
  ): Promise<number> {
    let deleted = 0;
    while (budget.rows > 0) {
      const limit = Math.min(this.batch, budget.rows);
      const n = Number((await statement(limit).execute(this.db)).numAffectedRows ?? 0);
      deleted += n;
      budget.rows -= n;
      if (n < limit) break;
    }
    return deleted;
  }
}

import type { Kysely, Selectable } from 'kysely';
import type { AlertLogTable, Database } from '../../db/schema.js';
import type { AlertLogRow } from './alertLogRows.js';

/** Logbook rows per insert: SQLite's bound-variable limit stays far away. */
const CHUNK = 50;

/** The logbook's SQL (migration 0017). */
export class AlertLogRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Writes lines in the caller's transaction, so they commit with what they record. */
  async insert(trx: Kysely<Database>, rows: readonly AlertLogRow[]): Promise<void> {
    for (let i = 0; i < rows.length; i += CHUNK)
      await trx
        .insertInto('alert_log')
        .values(rows.slice(i, i + CHUNK))
        .execute();
  }

  /** A storage: its account, monitor and probes; undefined when the account has no such storage. */
  async storage(
    ownerId: number,
    storageId: number,
  ): Promise<{ monitorId: number | null; sensorIds: string[] } | undefined> {
    const row = await this.db
      .selectFrom('storages')
      .select('monitor_id')
      .where('owner_user_id', '=', ownerId)
      .where('id', '=', storageId)
      .executeTakeFirst();
    if (!row) return undefined;
    const probes = await this.db
      .selectFrom('storage_probes')
      .select('sensor_id')
      .where('storage_id', '=', storageId)
      .execute();
    return { monitorId: row.monitor_id, sensorIds: probes.map((p) => p.sensor_id) };
  }

  /** The monitor's lines about these probes and about no probe (rule changes), newest first. */
  page(
    ownerId: number,
    monitorId: number,
    sensorIds: readonly string[],
    before: number | undefined,
    limit: number,
  ): Promise<Selectable<AlertLogTable>[]> {
    let q = this.db
      .selectFrom('alert_log')
      .selectAll()
      .where('owner_user_id', '=', ownerId)
      .where('monitor_id', '=', monitorId)
      .where((eb) =>
        sensorIds.length > 0
          ? eb.or([eb('sensor_id', 'is', null), eb('sensor_id', 'in', [...sensorIds])])
          : eb('sensor_id', 'is', null),
      );
    if (before !== undefined) q = q.where('id', '<', before);
    return q.orderBy('id', 'desc').limit(limit).execute();
  }
}

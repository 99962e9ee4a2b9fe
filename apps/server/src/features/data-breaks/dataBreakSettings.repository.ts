import type { Kysely } from 'kysely';
import type { DataBreakProbe } from '@emberwatch/shared/domain/dataBreaks/dataBreakDelay';
import type { Database } from '../../db/schema.js';

/** Rolls the save back: a storage named is not the account's. */
class NotTheAccounts extends Error {}

export interface StorageDelayRow {
  id: number;
  name: string;
  data_break_s: number | null;
}

/**
 * The data-break delays (migration 0044: users.data_break_s of the account's main user,
 * storages.data_break_s), and what resolving them needs: the account's stations and probes with
 * their storage and measurement interval. Kysely only.
 */
export class DataBreakSettingsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async accountDelay(ownerId: number): Promise<number | null> {
    const row = await this.db
      .selectFrom('users')
      .select('data_break_s')
      .where('id', '=', ownerId)
      .executeTakeFirst();
    return row?.data_break_s ?? null;
  }

  storages(ownerId: number): Promise<StorageDelayRow[]> {
    return this.db
      .selectFrom('storages')
      .select(['id', 'name', 'data_break_s'])
      .where('owner_user_id', '=', ownerId)
      .orderBy('name')
      .orderBy('id')
      .execute();
  }

  /**
   * Writes the account's delay (when given) and the storages' overrides in one transaction, each
   * storage only when it is the account's; when one is not (or no longer exists), nothing is written
   * and the answer is false.
   */
  async save(
    ownerId: number,
    change: { accountS?: number | null; storages: readonly { id: number; delayS: number | null }[] },
  ): Promise<boolean> {
    try {
      await this.db.transaction().execute(async (trx) => {
        if (change.accountS !== undefined)
          await trx
            .updateTable('users')
            .set({ data_break_s: change.accountS })
            .where('id', '=', ownerId)
            .execute();
        for (const s of change.storages) {
          const r = await trx
            .updateTable('storages')
            .set({ data_break_s: s.delayS })
            .where('id', '=', s.id)
            .where('owner_user_id', '=', ownerId)
            .executeTakeFirst();
          if (Number(r.numUpdatedRows) !== 1) throw new NotTheAccounts();
        }
      });
      return true;
    } catch (err) {
      if (err instanceof NotTheAccounts) return false;
      throw err;
    }
  }

  async stationIds(ownerId: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('base_stations')
      .select('id')
      .where('owner_user_id', '=', ownerId)
      .execute();
    return rows.map((r) => r.id);
  }

  /** The probes of the account's stations, each with the storage (of that account) listing it. */
  async probes(ownerId: number): Promise<DataBreakProbe[]> {
    const rows = await this.db
      .selectFrom('probes')
      .innerJoin('base_stations', 'base_stations.id', 'probes.bs_id')
      .leftJoin('storage_probes', (j) =>
        j
          .onRef('storage_probes.sensor_id', '=', 'probes.sensor_id')
          .onRef('storage_probes.owner_user_id', '=', 'base_stations.owner_user_id'),
      )
      .select([
        'probes.sensor_id',
        'probes.bs_id',
        'probes.measurement_interval',
        'storage_probes.storage_id',
      ])
      .where('base_stations.owner_user_id', '=', ownerId)
      .execute();
    return rows.map((r) => ({
      sensorId: r.sensor_id,
      bsId: r.bs_id,
      storageId: r.storage_id === null ? null : Number(r.storage_id),
      measurementIntervalS: r.measurement_interval === null ? null : Number(r.measurement_interval),
    }));
  }
}

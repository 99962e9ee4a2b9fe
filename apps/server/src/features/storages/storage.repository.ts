import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { Database, StoragesTable } from '../../db/schema.js';

export type StorageRow = Selectable<StoragesTable>;
/** The columns a save writes (everything but the id and the creation time). */
export type StorageValues = Omit<Insertable<StoragesTable>, 'id' | 'created_ts'>;

/** A probe of the account listed in one of its storages. */
export interface ProbeHolder {
  sensor_id: string;
  storage_id: number;
  name: string;
}

/** The only SQL of the storages feature. */
export class StorageRepository {
  constructor(private readonly db: Kysely<Database>) {}

  transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  /** Every storage of these accounts, unordered (the service sorts by name, alike on both stores). */
  listByOwners(ownerIds: readonly number[]): Promise<StorageRow[]> {
    if (ownerIds.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('storages').selectAll().where('owner_user_id', 'in', ownerIds).execute();
  }

  findById(id: number): Promise<StorageRow | undefined> {
    return this.db.selectFrom('storages').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Which of these probes an account's storages already list, and in which storage. */
  holdersOf(ownerId: number, sensorIds: readonly string[]): Promise<ProbeHolder[]> {
    if (sensorIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('storage_probes')
      .innerJoin('storages', 'storages.id', 'storage_probes.storage_id')
      .select(['storage_probes.sensor_id', 'storage_probes.storage_id', 'storages.name'])
      .where('storage_probes.owner_user_id', '=', ownerId)
      .where('storage_probes.sensor_id', 'in', sensorIds)
      .execute();
  }

  /**
   * Writes a storage's alert messaging if it is still `expected` (what the caller read): a
   * concurrent save in between makes it answer false, and the caller reads again.
   */
  async replaceAlertMessaging(
    id: number,
    expected: string | null,
    next: string,
    saved: { nowS: number; byUserId: number },
  ): Promise<boolean> {
    const res = await this.db
      .updateTable('storages')
      .set({ alert_messaging: next, updated_ts: saved.nowS, updated_by: saved.byUserId })
      .where('id', '=', id)
      .where((eb) =>
        expected === null ? eb('alert_messaging', 'is', null) : eb('alert_messaging', '=', expected),
      )
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  async insert(
    trx: Transaction<Database>,
    values: StorageValues,
    createdTs: number,
    sensorIds: readonly string[],
  ): Promise<number> {
    const row = await trx
      .insertInto('storages')
      .values({ ...values, created_ts: createdTs })
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.writeProbes(trx, row.id, values.owner_user_id, sensorIds);
    return row.id;
  }

  /** Replaces a storage's fields and its list of probes. */
  async replace(
    trx: Transaction<Database>,
    id: number,
    values: StorageValues,
    sensorIds: readonly string[],
  ): Promise<void> {
    await trx.updateTable('storages').set(values).where('id', '=', id).execute();
    await trx.deleteFrom('storage_probes').where('storage_id', '=', id).execute();
    await this.writeProbes(trx, id, values.owner_user_id, sensorIds);
  }

  async remove(id: number): Promise<void> {
    await this.transaction(async (trx) => {
      await trx.deleteFrom('storage_probes').where('storage_id', '=', id).execute();
      await trx.deleteFrom('storages').where('id', '=', id).execute();
    });
  }

  private async writeProbes(
    trx: Transaction<Database>,
    storageId: number,
    ownerId: number,
    sensorIds: readonly string[],
  ): Promise<void> {
    if (sensorIds.length === 0) return;
    await trx
      .insertInto('storage_probes')
      .values(sensorIds.map((sensor_id) => ({ storage_id: storageId, owner_user_id: ownerId, sensor_id })))
      .execute();
  }
}

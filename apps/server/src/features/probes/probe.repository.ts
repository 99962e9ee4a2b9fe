import type { Kysely, Transaction, Updateable } from 'kysely';
import type { Database, ProbesTable } from '../../db/schema.js';

export type ProbeUpdate = Pick<
  Updateable<ProbesTable>,
  'sensor_name' | 'corrections' | 'measurement_interval' | 'receiving_time'
>;

/** The SQL of probe configuration changes. */
export class ProbeRepository {
  constructor(private readonly db: Kysely<Database>) {}

  transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  async update(trx: Transaction<Database>, sensorId: string, set: ProbeUpdate): Promise<void> {
    if (Object.keys(set).length === 0) return;
    await trx.updateTable('probes').set(set).where('sensor_id', '=', sensorId).execute();
  }

  async setDisabled(bsId: string, sensorIds: readonly string[], disabled: boolean): Promise<void> {
    await this.db
      .updateTable('probes')
      .set({ disabled: disabled ? 1 : 0 })
      .where('bs_id', '=', bsId)
      .where('sensor_id', 'in', sensorIds)
      .execute();
  }

  /** Moves probes to another station; their place in the old station's storages does not travel. */
  async transfer(fromBs: string, toBs: string, sensorIds: readonly string[]): Promise<number> {
    const res = await this.db
      .updateTable('probes')
      .set({ bs_id: toBs, storage_location: null, col: null })
      .where('bs_id', '=', fromBs)
      .where('sensor_id', 'in', sensorIds)
      .executeTakeFirst();
    return Number(res.numUpdatedRows);
  }
}

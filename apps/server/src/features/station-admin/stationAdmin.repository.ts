import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import {
  stationAdminDb,
  type ProbeStopSettingsTable,
  type StationAdminDb,
  type AllTables,
  type StationSettingsTable,
} from './stationAdmin.tables.js';

type Trx = Transaction<Database & AllTables>;

export type ProbeStopRow = Selectable<ProbeStopSettingsTable>;
export type StationSettingsRow = Selectable<StationSettingsTable>;

/** The SQL of the console's station tools (decision 0094). */
export class StationAdminRepository {
  private readonly db: StationAdminDb;

  constructor(base: Kysely<Database>) {
    this.db = stationAdminDb(base);
  }

  transaction<T>(work: (trx: Trx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  station(trx: Trx, bsId: string) {
    return trx.selectFrom('base_stations').selectAll().where('id', '=', bsId).executeTakeFirst();
  }

  async groupSize(trx: Trx, group: string): Promise<number> {
    const r = await trx
      .selectFrom('base_stations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('bs_group', '=', group)
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  }

  /** The base-station kit that makes this id, if one was registered. */
  stationKit(trx: Trx, bsId: string) {
    return trx
      .selectFrom('activation_kits')
      .select(['id', 'claimed_ts', 'credential_hash'])
      .where('kind', '=', 'system')
      .where('bs_id', '=', bsId)
      .executeTakeFirst();
  }

  /** Claims the new station's kit for the account; false when another call claimed it meanwhile. */
  async claimKit(trx: Trx, kitId: number, userId: number, bsId: string, now: number): Promise<boolean> {
    const res = await trx
      .updateTable('activation_kits')
      .set({ claimed_user_id: userId, claimed_bs_id: bsId, claimed_ts: now, code: null })
      .where('id', '=', kitId)
      .where('claimed_ts', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /** Opens a removed station's kit again, so that its code activates it once more. */
  async reopenKit(trx: Trx, bsId: string): Promise<void> {
    await trx
      .updateTable('activation_kits')
      .set({ claimed_user_id: null, claimed_bs_id: null, claimed_ts: null })
      .where('kind', '=', 'system')
      .where('bs_id', '=', bsId)
      .execute();
  }

  insertStation(trx: Trx, row: Parameters<ReturnType<Trx['insertInto']>['values']>[0]) {
    return trx
      .insertInto('base_stations')
      .values(row as never)
      .execute();
  }

  /**
   * Moves everything that names the old station to the new one: its probes (and the radio that last
   * heard them), their latest values and readings, storages, site plan and names, fan channels,
   * batches and saved settings. The old station's own logs (packets, calls) stay under its id: they
   * are that device's, and so is a firmware update pending for it, which is dropped (the new device
   * runs a revision of its own). Returns the probes moved.
   */
  async moveStation(trx: Trx, oldId: string, newId: string): Promise<string[]> {
    const probes = await trx.selectFrom('probes').select('sensor_id').where('bs_id', '=', oldId).execute();
    await trx.updateTable('probes').set({ bs_id: newId }).where('bs_id', '=', oldId).execute();
    await trx.updateTable('probes').set({ real_bs: newId }).where('real_bs', '=', oldId).execute();
    await trx.updateTable('probe_latest').set({ bs_id: newId }).where('bs_id', '=', oldId).execute();
    await trx.updateTable('readings').set({ bs_id: newId }).where('bs_id', '=', oldId).execute();
    await trx.updateTable('storages').set({ bs_id: newId }).where('bs_id', '=', oldId).execute();
    await trx.updateTable('sites').set({ bs_id: newId }).where('bs_id', '=', oldId).execute();
    await trx.updateTable('site_names').set({ bs_id: newId }).where('bs_id', '=', oldId).execute();
    await trx.updateTable('fan_channels').set({ bs_id: newId }).where('bs_id', '=', oldId).execute();
    await trx.updateTable('batches').set({ bs_id: newId }).where('bs_id', '=', oldId).execute();
    await trx.updateTable('station_settings').set({ bs_id: newId }).where('bs_id', '=', oldId).execute();
    await trx.deleteFrom('ota_pending').where('bs_id', '=', oldId).execute();
    return probes.map((p) => p.sensor_id);
  }

  async deleteStation(trx: Trx, bsId: string): Promise<void> {
    await trx.deleteFrom('base_stations').where('id', '=', bsId).execute();
  }

  async recordReplacement(
    trx: Trx,
    r: { replaced: string; bs_id: string; owner_user_id: number; replaced_ts: number; admin: string },
  ): Promise<void> {
    await trx.insertInto('bs_replacements').values(r).execute();
  }

  /** Every replacement a station was part of (by either id), newest first. */
  history(bsId: string) {
    return this.db
      .selectFrom('bs_replacements')
      .select(['replaced', 'bs_id', 'replaced_ts', 'admin'])
      .where((eb) => eb.or([eb('replaced', '=', bsId), eb('bs_id', '=', bsId)]))
      .orderBy('replaced_ts', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  async stationCount(trx: Trx, ownerId: number): Promise<number> {
    const r = await trx
      .selectFrom('base_stations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('owner_user_id', '=', ownerId)
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  }

  /** What still holds a station: probes configured on it, storages or batches on it (first found). */
  async stationHolds(trx: Trx, bsId: string): Promise<'probes' | 'storages' | 'batches' | null> {
    const has = async (q: { executeTakeFirst(): Promise<unknown> }) =>
      (await q.executeTakeFirst()) !== undefined;
    if (await has(trx.selectFrom('probes').select('sensor_id').where('bs_id', '=', bsId).limit(1)))
      return 'probes';
    if (await has(trx.selectFrom('storages').select('id').where('bs_id', '=', bsId).limit(1)))
      return 'storages';
    if (await has(trx.selectFrom('batches').select('bs_id').where('bs_id', '=', bsId).limit(1)))
      return 'batches';
    return null;
  }

  /**
   * Takes a station off its account: its site plan and names, fan channels' link, saved settings and
   * a pending firmware update go; its readings, packets and call log stay under its id (decision 0094).
   */
  async detachStation(trx: Trx, bsId: string): Promise<void> {
    await trx.deleteFrom('ota_pending').where('bs_id', '=', bsId).execute();
    await trx.deleteFrom('sites').where('bs_id', '=', bsId).execute();
    await trx.deleteFrom('site_names').where('bs_id', '=', bsId).execute();
    await trx.updateTable('fan_channels').set({ bs_id: null }).where('bs_id', '=', bsId).execute();
    await trx.deleteFrom('station_settings').where('bs_id', '=', bsId).execute();
    await trx.deleteFrom('base_stations').where('id', '=', bsId).execute();
  }

  stationsOf(trx: Trx, ids: readonly string[]) {
    return trx
      .selectFrom('base_stations')
      .select(['id', 'owner_user_id', 'bs_group'])
      .where('id', 'in', ids)
      .execute();
  }

  async setGroup(trx: Trx, ids: readonly string[], group: string | null): Promise<void> {
    await trx.updateTable('base_stations').set({ bs_group: group }).where('id', 'in', ids).execute();
  }

  /** A group left with one station is no group: that station is ungrouped. */
  async dissolveSingletons(trx: Trx, groups: readonly string[]): Promise<void> {
    for (const g of groups)
      if ((await this.groupSize(trx, g)) === 1)
        await trx.updateTable('base_stations').set({ bs_group: null }).where('bs_group', '=', g).execute();
  }

  probeStop(): Promise<ProbeStopRow | undefined> {
    return this.db.selectFrom('probe_stop_settings').selectAll().where('id', '=', 1).executeTakeFirst();
  }

  async saveProbeStop(row: Omit<ProbeStopRow, 'id'>): Promise<void> {
    await this.db
      .insertInto('probe_stop_settings')
      .values({ id: 1, ...row })
      .onConflict((oc) => oc.column('id').doUpdateSet(row))
      .execute();
  }

  stationSettings(bsId: string): Promise<StationSettingsRow | undefined> {
    return this.db.selectFrom('station_settings').selectAll().where('bs_id', '=', bsId).executeTakeFirst();
  }

  async saveStationSettings(row: StationSettingsRow): Promise<void> {
    const { bs_id: _id, ...set } = row;
    await this.db
      .insertInto('station_settings')
      .values(row)
      .onConflict((oc) => oc.column('bs_id').doUpdateSet(set))
      .execute();
  }

  /** Each probe of the station with its latest battery reading (none: null). */
  latestBatteries(bsId: string) {
    return this.db
      .selectFrom('probes as p')
      .leftJoin('probe_latest as l', 'l.sensor_id', 'p.sensor_id')
      .select(['p.sensor_id', 'l.batt', 'l.meas_ts'])
      .where('p.bs_id', '=', bsId)
      .orderBy('p.sensor_id')
      .execute();
  }

  /** The station's aux probes: those a fan channel of the account uses as its outdoor probe. */
  auxProbes(bsId: string) {
    return this.db
      .selectFrom('probes as p')
      .select(['p.sensor_id', 'p.sensor_name'])
      .where('p.bs_id', '=', bsId)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('fan_channels as ch')
            .select('ch.fc_id')
            .whereRef('ch.outdoor_id', '=', 'p.sensor_id'),
        ),
      )
      .orderBy('p.sensor_id')
      .execute();
  }
}

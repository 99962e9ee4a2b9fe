import type { Insertable, Kysely, Selectable } from 'kysely';
import { probeKindOf, type ProbeKind } from '@emberwatch/shared/domain/stationProbeKind';
import type { BaseStationsTable, Database, ProbesTable } from '../../db/schema.js';

export type BaseStationRow = Selectable<BaseStationsTable>;
export type ProbeRow = Selectable<ProbesTable>;
/** A probe with what access checks and settings rules need of its owning station. */
export type ProbeWithStation = ProbeRow & { owner_user_id: number; firmware: string | null };

export class BaseStationRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findById(id: string): Promise<BaseStationRow | undefined> {
    return this.db.selectFrom('base_stations').selectAll().where('id', '=', id).executeTakeFirst();
  }

  listByOwners(ownerIds: readonly number[]): Promise<BaseStationRow[]> {
    if (ownerIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('base_stations')
      .selectAll()
      .where('owner_user_id', 'in', ownerIds)
      .orderBy('id')
      .execute();
  }

  listAll(limit: number): Promise<BaseStationRow[]> {
    return this.db.selectFrom('base_stations').selectAll().orderBy('id').limit(limit).execute();
  }

  async ownerIdsOf(ids: readonly string[]): Promise<Map<string, number>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('base_stations')
      .select(['id', 'owner_user_id'])
      .where('id', 'in', ids)
      .execute();
    return new Map(rows.map((r) => [r.id, r.owner_user_id]));
  }

  /** Number of stations in each of the given groups. */
  async groupSizes(groups: readonly string[]): Promise<Map<string, number>> {
    if (groups.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('base_stations')
      .select((eb) => ['bs_group', eb.fn.countAll<number>().as('n')])
      .where('bs_group', 'in', groups)
      .groupBy('bs_group')
      .execute();
    return new Map(rows.map((r) => [r.bs_group ?? '', Number(r.n)]));
  }

  /** Each station's number of probes of each kind (a station without probes is absent). */
  async probeKindCounts(bsIds: readonly string[]): Promise<Map<string, Map<ProbeKind, number>>> {
    const out = new Map<string, Map<ProbeKind, number>>();
    if (bsIds.length === 0) return out;
    const rows = await this.db
      .selectFrom('probes')
      .select((eb) => ['bs_id', 'kind', eb.fn.countAll<number>().as('n')])
      .where('bs_id', 'in', bsIds)
      .groupBy(['bs_id', 'kind'])
      .execute();
    for (const r of rows) {
      const counts = out.get(r.bs_id) ?? new Map<ProbeKind, number>();
      const kind = probeKindOf(r.kind);
      counts.set(kind, (counts.get(kind) ?? 0) + Number(r.n));
      out.set(r.bs_id, counts);
    }
    return out;
  }

  listProbes(bsId: string): Promise<ProbeRow[]> {
    return this.db.selectFrom('probes').selectAll().where('bs_id', '=', bsId).orderBy('sensor_id').execute();
  }

  /** Probes by id with their owning station's owner and firmware; unknown ids are simply absent. */
  async probesWithStation(ids: readonly string[]): Promise<ProbeWithStation[]> {
    if (ids.length === 0) return [];
    return this.db
      .selectFrom('probes')
      .innerJoin('base_stations', 'base_stations.id', 'probes.bs_id')
      .selectAll('probes')
      .select(['base_stations.owner_user_id', 'base_stations.firmware'])
      .where('probes.sensor_id', 'in', ids)
      .execute();
  }

  /** Changes the display name and/or time zone; only the fields given. */
  async updateSettings(id: string, set: { display_name?: string | null; timezone?: string }): Promise<void> {
    if (Object.keys(set).length === 0) return;
    await this.db.updateTable('base_stations').set(set).where('id', '=', id).execute();
  }

  /**
   * A station joins an account with the credential issued for it (activation, decision 0052). Run it
   * on the caller's transaction: `new BaseStationRepository(trx)`.
   */
  async insertStation(row: Insertable<BaseStationsTable>): Promise<void> {
    await this.db.insertInto('base_stations').values(row).execute();
  }

  /** New probes configured on a station (a probe set's activation); a probe that exists stays as it is. */
  async insertProbes(rows: Insertable<ProbesTable>[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .insertInto('probes')
      .values(rows)
      .onConflict((oc) => oc.column('sensor_id').doNothing())
      .execute();
  }

  credentialHashOf(id: string): Promise<string | undefined> {
    return this.db
      .selectFrom('base_stations')
      .select('credential_hash')
      .where('id', '=', id)
      .executeTakeFirst()
      .then((r) => r?.credential_hash);
  }
}

import type { Kysely, Selectable } from 'kysely';
import { reusableQuery } from '../../db/reusableQuery.js';
import type { BaseStationsTable, Database, ProbesTable, UsersTable } from '../../db/schema.js';

export type AccountUser = Selectable<UsersTable>;
export type VisibleStation = Selectable<BaseStationsTable>;
export type ProbeOnStation = Selectable<ProbesTable> & { owner_user_id: number; firmware: string | null };

const userById = reusableQuery(['id'], (db: Kysely<Database>, v: { id: number }) =>
  db.selectFrom('users').selectAll().where('id', '=', v.id),
);

const probeWithStation = reusableQuery(['id'], (db: Kysely<Database>, v: { id: string }) =>
  db
    .selectFrom('probes')
    .innerJoin('base_stations', 'base_stations.id', 'probes.bs_id')
    .selectAll('probes')
    .select(['base_stations.owner_user_id', 'base_stations.firmware'])
    .where('probes.sensor_id', '=', v.id),
);

/**
 * The reads access needs, and nothing else: who a user is, which accounts authorised it as a master,
 * and which account owns a station or a probe. They live with the access rules, not in the users or
 * base-stations features, so that every feature can ask access without importing another feature.
 */
export class AccessRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Read on every call of every user (and key): compiled once (decision 0143). */
  async findUser(id: number): Promise<AccountUser | undefined> {
    return (await userById(this.db, { id }))[0];
  }

  async authorizedOwnerIds(masterUserId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('master_authorizations')
      .select('owner_user_id')
      .where('master_user_id', '=', masterUserId)
      .where('authorized', '=', 1)
      .orderBy('owner_user_id')
      .execute();
    return rows.map((r) => r.owner_user_id);
  }

  stationsOfOwners(ownerIds: readonly number[]): Promise<VisibleStation[]> {
    if (ownerIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('base_stations')
      .selectAll()
      .where('owner_user_id', 'in', ownerIds)
      .orderBy('id')
      .execute();
  }

  async ownerIdsOf(bsIds: readonly string[]): Promise<Map<string, number>> {
    if (bsIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('base_stations')
      .select(['id', 'owner_user_id'])
      .where('id', 'in', bsIds)
      .execute();
    return new Map(rows.map((r) => [r.id, r.owner_user_id]));
  }

  probesWithStation(sensorIds: readonly string[]): Promise<ProbeOnStation[]> {
    if (sensorIds.length === 0) return Promise.resolve([]);
    // One probe, the common case (a chart, a page of the public API): compiled once (decision 0143).
    if (sensorIds.length === 1) return probeWithStation(this.db, { id: sensorIds[0] as string });
    return this.db
      .selectFrom('probes')
      .innerJoin('base_stations', 'base_stations.id', 'probes.bs_id')
      .selectAll('probes')
      .select(['base_stations.owner_user_id', 'base_stations.firmware'])
      .where('probes.sensor_id', 'in', sensorIds)
      .execute();
  }
}

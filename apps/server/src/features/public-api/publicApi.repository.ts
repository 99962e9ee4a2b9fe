import type { PublicApiDb } from './publicApi.tables.js';

/** What the v1 calls read beside the history, and the v2 releases (decisions 0110, 0112). */
export class PublicApiRepository {
  constructor(private readonly db: PublicApiDb) {}

  stationsOf(accountId: number) {
    return this.db
      .selectFrom('base_stations')
      .select(['id', 'display_name', 'last_data_ts'])
      .where('owner_user_id', '=', accountId)
      .orderBy('id')
      .execute();
  }

  probesOn(bsIds: readonly string[]) {
    if (bsIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('probes')
      .select(['sensor_id', 'bs_id', 'sensor_name', 'kind'])
      .where('bs_id', 'in', bsIds)
      .orderBy('bs_id')
      .orderBy('sensor_id')
      .execute();
  }

  account(accountId: number) {
    return this.db
      .selectFrom('users')
      .select(['id', 'username', 'api_plan_due_ts'])
      .where('id', '=', accountId)
      .executeTakeFirst();
  }

  releaseOf(bsId: string) {
    return this.db
      .selectFrom('api_station_releases')
      .selectAll()
      .where('bs_id', '=', bsId)
      .executeTakeFirst();
  }

  async recordRelease(row: { bs_id: string; account_id: number; key_id: string; released_ts: number }) {
    await this.db.deleteFrom('api_station_releases').where('bs_id', '=', row.bs_id).execute();
    await this.db.insertInto('api_station_releases').values(row).execute();
  }

  async forgetRelease(bsId: string) {
    await this.db.deleteFrom('api_station_releases').where('bs_id', '=', bsId).execute();
  }
}

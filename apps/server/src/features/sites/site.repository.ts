import type { Kysely, Selectable } from 'kysely';
import type { Database, SiteNamesTable, SitesTable } from '../../db/schema.js';

export type SiteRow = Selectable<SitesTable>;
export type SiteNameRow = Selectable<SiteNamesTable>;

/** The only SQL of the sites feature. */
export class SiteRepository {
  constructor(private readonly db: Kysely<Database>) {}

  listByOwner(ownerId: number): Promise<SiteRow[]> {
    return this.db.selectFrom('sites').selectAll().where('owner_user_id', '=', ownerId).execute();
  }

  /** Writes the plan of one account's station, replacing the one saved before. */
  async upsert(row: SiteRow): Promise<void> {
    await this.db
      .insertInto('sites')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['owner_user_id', 'bs_id']).doUpdateSet({
          plan: row.plan,
          updated_ts: row.updated_ts,
          updated_by: row.updated_by,
        }),
      )
      .execute();
  }

  namesOf(userId: number): Promise<SiteNameRow[]> {
    return this.db
      .selectFrom('site_names')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('site_uid')
      .orderBy('bs_id')
      .execute();
  }

  /** Replaces a user's whole list of site names in one transaction. */
  async replaceNames(userId: number, rows: readonly SiteNameRow[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('site_names').where('user_id', '=', userId).execute();
      if (rows.length > 0)
        await trx
          .insertInto('site_names')
          .values([...rows])
          .execute();
    });
  }
}

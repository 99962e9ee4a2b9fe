import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Master access requests (table master_authorizations): Kysely only. */
export class MasterAccessRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Grants the requests of one owner account, by id, in one statement; answers how many it granted.
   * A request of another account is never touched, whatever id is passed.
   */
  async grant(ownerUserId: number, ids: readonly number[]): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const found = await trx
        .selectFrom('master_authorizations')
        .select('id')
        .where('owner_user_id', '=', ownerUserId)
        .where('id', 'in', [...ids])
        .execute();
      // All or nothing: an unknown id means the list is not the one the owner saw.
      if (found.length !== new Set(ids).size) return -1;
      const res = await trx
        .updateTable('master_authorizations')
        .set({ authorized: 1 })
        .where('owner_user_id', '=', ownerUserId)
        .where('id', 'in', [...ids])
        .executeTakeFirst();
      return Number(res.numUpdatedRows);
    });
  }
}

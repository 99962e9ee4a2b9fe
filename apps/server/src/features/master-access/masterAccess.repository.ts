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
      // All or nothing: an unknown id means the list is not the one the owner saw.
      if (!(await allOwnedBy(trx, ownerUserId, ids))) return -1;
      const res = await trx
        .updateTable('master_authorizations')
        .set({ authorized: 1 })
        .where('owner_user_id', '=', ownerUserId)
        .where('id', 'in', [...ids])
        .executeTakeFirst();
      return Number(res.numUpdatedRows);
    });
  }

  /** The masters who can watch the account or asked to, oldest request first. */
  mastersOf(ownerUserId: number) {
    return this.db
      .selectFrom('master_authorizations as m')
      .innerJoin('users as u', 'u.id', 'm.master_user_id')
      .select([
        'm.id',
        'm.authorized',
        'm.created_ts',
        'u.username',
        'u.firstname',
        'u.lastname',
        'u.grand_master',
      ])
      .where('m.owner_user_id', '=', ownerUserId)
      .orderBy('m.created_ts')
      .orderBy('m.id')
      .execute();
  }

  /** A master user by username (case ignored, as at login); a farm's user or staff is not one. */
  masterByUsername(username: string) {
    return this.db
      .selectFrom('users')
      .select(['id', 'username', 'firstname', 'lastname', 'grand_master'])
      .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
      .where('master', '=', 1)
      .where('main_user_id', 'is', null)
      .executeTakeFirst();
  }

  /** The request of this master for this owner, made now unless one exists; answers its id. */
  async request(masterUserId: number, ownerUserId: number, nowS: number): Promise<number> {
    await this.db
      .insertInto('master_authorizations')
      .values({ master_user_id: masterUserId, owner_user_id: ownerUserId, authorized: 0, created_ts: nowS })
      .onConflict((oc) => oc.columns(['master_user_id', 'owner_user_id']).doNothing())
      .execute();
    const row = await this.db
      .selectFrom('master_authorizations')
      .select('id')
      .where('master_user_id', '=', masterUserId)
      .where('owner_user_id', '=', ownerUserId)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /**
   * Withdraws masters' access (their rows) of one owner account, by id, all or nothing: -1 when an
   * id is not one of this owner's (nothing removed).
   */
  async withdraw(ownerUserId: number, ids: readonly number[]): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      if (!(await allOwnedBy(trx, ownerUserId, ids))) return -1;
      const res = await trx
        .deleteFrom('master_authorizations')
        .where('owner_user_id', '=', ownerUserId)
        .where('id', 'in', [...ids])
        .executeTakeFirst();
      return Number(res.numDeletedRows);
    });
  }
}

/** Whether every id is a request or authorisation of this owner's (another account's never counts). */
async function allOwnedBy(
  db: Kysely<Database>,
  ownerUserId: number,
  ids: readonly number[],
): Promise<boolean> {
  const found = await db
    .selectFrom('master_authorizations')
    .select('id')
    .where('owner_user_id', '=', ownerUserId)
    .where('id', 'in', [...ids])
    .execute();
  return found.length === new Set(ids).size;
}

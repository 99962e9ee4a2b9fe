import type { Kysely, Selectable } from 'kysely';
import type { Database, UsersTable } from '../../db/schema.js';

export type UserRow = Selectable<UsersTable>;

export class UserRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findById(id: number): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByUsername(username: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
  }

  findManyByIds(ids: readonly number[]): Promise<UserRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('users').selectAll().where('id', 'in', ids).execute();
  }

  listSubUsers(mainUserId: number): Promise<UserRow[]> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('main_user_id', '=', mainUserId)
      .orderBy('id')
      .execute();
  }

  /** Master accounts that asked this owner for access, authorised or not (spec: masterAuthorizations). */
  masterAuthorizationsOf(ownerUserId: number) {
    return this.db
      .selectFrom('master_authorizations as m')
      .innerJoin('users as u', 'u.id', 'm.master_user_id')
      .select(['m.id', 'm.master_user_id', 'm.authorized', 'u.username', 'u.firstname', 'u.lastname'])
      .where('m.owner_user_id', '=', ownerUserId)
      .orderBy('m.id')
      .execute();
  }
}

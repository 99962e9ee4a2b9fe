import type { Kysely } from 'kysely';
import { reusableQuery } from '../../db/reusableQuery.js';
import type { Database } from '../../db/schema.js';

const prefsOf = reusableQuery(['userId'], (db: Kysely<Database>, v: { userId: number }) =>
  db.selectFrom('ui_preferences').select('prefs').where('user_id', '=', v.userId),
);

export class PreferencesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Read on many calls (the unit of every public API page): compiled once (decision 0143). */
  async find(userId: number): Promise<string | undefined> {
    return (await prefsOf(this.db, { userId }))[0]?.prefs;
  }

  /** The stored preferences of many users at once (users without any are left out). */
  async findMany(userIds: readonly number[]): Promise<{ user_id: number; prefs: string }[]> {
    const rows: { user_id: number; prefs: string }[] = [];
    // In parts: a statement's parameters are bounded (SQLite 32,766, PostgreSQL 65,535).
    for (let i = 0; i < userIds.length; i += 1000)
      rows.push(
        ...(await this.db
          .selectFrom('ui_preferences')
          .select(['user_id', 'prefs'])
          .where('user_id', 'in', userIds.slice(i, i + 1000))
          .execute()),
      );
    return rows;
  }

  async save(userId: number, prefs: string, nowS: number): Promise<void> {
    await this.db
      .insertInto('ui_preferences')
      .values({ user_id: userId, prefs, updated_ts: nowS })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ prefs, updated_ts: nowS }))
      .execute();
  }
}

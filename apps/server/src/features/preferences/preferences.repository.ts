import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export class PreferencesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async find(userId: number): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('ui_preferences')
      .select('prefs')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.prefs;
  }

  async save(userId: number, prefs: string, nowS: number): Promise<void> {
    await this.db
      .insertInto('ui_preferences')
      .values({ user_id: userId, prefs, updated_ts: nowS })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ prefs, updated_ts: nowS }))
      .execute();
  }
}

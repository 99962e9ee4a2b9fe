import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** The account's voice-call flag (users.voice_call_enabled): Kysely only. */
export class AlertChannelsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async setVoiceCalls(accountId: number, enabled: boolean): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ voice_call_enabled: enabled ? 1 : 0 })
      .where('id', '=', accountId)
      .where('main_user_id', 'is', null)
      .execute();
  }
}

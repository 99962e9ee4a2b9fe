import type { Kysely, Selectable } from 'kysely';
import type { Database, RefreshTokensTable } from '../../db/schema.js';

export type RefreshTokenRow = Selectable<RefreshTokensTable>;

export class RefreshTokenRepository {
  constructor(private readonly db: Kysely<Database>) {}

  insert(row: RefreshTokenRow): Promise<unknown> {
    return this.db.insertInto('refresh_tokens').values(row).execute();
  }

  find(tokenHash: string): Promise<RefreshTokenRow | undefined> {
    return this.db
      .selectFrom('refresh_tokens')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  /** Marks the token used; false when another request used it first (a race is treated as reuse). */
  async markUsed(tokenHash: string, nowS: number): Promise<boolean> {
    const res = await this.db
      .updateTable('refresh_tokens')
      .set({ used_ts: nowS })
      .where('token_hash', '=', tokenHash)
      .where('used_ts', 'is', null)
      .where('revoked_ts', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  revokeFamily(familyId: string, nowS: number): Promise<unknown> {
    return this.db
      .updateTable('refresh_tokens')
      .set({ revoked_ts: nowS })
      .where('family_id', '=', familyId)
      .where('revoked_ts', 'is', null)
      .execute();
  }

  /** Ends every session of a user (the account feature: a login disabled, a password set by an admin). */
  revokeUser(userId: number, nowS: number): Promise<unknown> {
    return this.db
      .updateTable('refresh_tokens')
      .set({ revoked_ts: nowS })
      .where('user_id', '=', userId)
      .where('revoked_ts', 'is', null)
      .execute();
  }

  deleteExpired(nowS: number): Promise<unknown> {
    return this.db.deleteFrom('refresh_tokens').where('expires_ts', '<', nowS).execute();
  }
}

import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { accountDb } from './account.tables.js';

/**
 * The number a user confirmed with an SMS code, or null. Another feature's read of the account's
 * record (the voice test call rings only a confirmed number, decision 0120); the caller compares it
 * with the user's current phone, since a changed phone is not confirmed.
 */
export async function confirmedPhoneOf(
  /** The store, in any feature's typed view (Kysely's types do not widen). */
  db: object,
  userId: number,
): Promise<string | null> {
  const row = await accountDb(db as Kysely<Database>)
    .selectFrom('account_phone_confirmations')
    .select('phone_number')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.phone_number ?? null;
}

import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { accountDb } from './account.tables.js';

/**
 * Records the number a user confirmed with an SMS code (the account area shows it confirmed), in the
 * caller's transaction: the account feature's own confirmation and another feature's (the Gari
 * migration's phone code, decision 0102) write the same row.
 */
export async function recordConfirmedPhone(
  /** The store or a transaction on it, in any feature's typed view (Kysely's types do not widen). */
  db: object,
  userId: number,
  phone: string,
  nowS: number,
): Promise<void> {
  await accountDb(db as Kysely<Database>)
    .insertInto('account_phone_confirmations')
    .values({ user_id: userId, phone_number: phone, confirmed_ts: nowS })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ phone_number: phone, confirmed_ts: nowS }))
    .execute();
}

import type { Generated, Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * The tables of migration 0020 (decision 0036). Typed here, beside their only reader, and added to
 * the store's type with Kysely's `withTables`: the account feature is the one that reads and writes
 * them, and db/schema.ts keeps the tables several features share.
 */
export interface AccountAddressesTable {
  user_id: number;
  address: string | null;
  zip: string | null;
  city: string | null;
  updated_ts: number;
}

/** The number a user confirmed with a code; the user's phone is confirmed while users.phone equals it. */
export interface AccountPhoneConfirmationsTable {
  user_id: number;
  phone_number: string;
  confirmed_ts: number;
}

export type CodePurpose = 'phone' | 'password' | 'username';

/** One pending code per user and purpose; the code itself is never stored, only its keyed hash. */
export interface AccountCodesTable {
  user_id: number;
  purpose: CodePurpose;
  /** Phone codes: the number being confirmed, and the one it replaces. */
  phone_number: string | null;
  old_phone: string | null;
  code_hash: string;
  expires_ts: number;
  /** Wrong tries so far. */
  attempts: number;
  sent_ts: number;
  /** The pacing of sends: how many went out since window_start_ts. */
  window_start_ts: number;
  sends_in_window: number;
}

/** What the stand-in code sender "sent" (RecordingCodeSender). */
export interface AccountCodeOutboxTable {
  id: Generated<number>;
  user_id: number | null;
  recipient: string;
  purpose: CodePurpose;
  text: string;
  created_ts: number;
}

// A type alias, not an interface: withTables wants an indexable record.
export type AccountTables = {
  account_addresses: AccountAddressesTable;
  account_phone_confirmations: AccountPhoneConfirmationsTable;
  account_codes: AccountCodesTable;
  account_code_outbox: AccountCodeOutboxTable;
};

export type AccountDb = Kysely<Database & AccountTables>;

export function accountDb(db: Kysely<Database>): AccountDb {
  return db.withTables<AccountTables>();
}

import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { sentinelDb } from '../sentinel/index.js';

/** A user of an account as the storage alerts see it. */
export interface AlertContact {
  id: number;
  name: string;
  /** The phone alerts may use (see `contactsOf`); null without one. */
  phone: string | null;
  email: string | null;
  language: string;
  country: string | null;
  owner: boolean;
}

/** What the account may use beyond SMS and e-mail (spec doc 3 §6). */
export interface AlertRights {
  voiceCallEnabled: boolean;
  sentinel: boolean;
}

/**
 * The one place the storages feature reads who an account's alerts may reach. Narrow on purpose:
 * the account's confirmed phones and sub-users belong to the users feature (issue 14), and until it
 * exports them this reads what the store has — `users.phone` (taken as the confirmed phone), `users.email`
 * and the sub-users (`main_user_id`). Switching to that feature's export changes this file only.
 */
export class AlertContactsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The owner first, then its sub-users by name. */
  async contactsOf(ownerId: number): Promise<AlertContact[]> {
    const rows = await this.db
      .selectFrom('users')
      .select([
        'id',
        'username',
        'firstname',
        'lastname',
        'email',
        'phone',
        'language',
        'country',
        'main_user_id',
      ])
      .where((eb) => eb.or([eb('id', '=', ownerId), eb('main_user_id', '=', ownerId)]))
      .execute();
    const contacts = rows.map((r) => ({
      id: r.id,
      name: [r.firstname, r.lastname].filter((p) => p && p.trim()).join(' ') || r.username,
      phone: r.phone?.trim() || null,
      email: r.email?.trim() || null,
      language: r.language,
      country: r.country,
      owner: r.id === ownerId,
    }));
    const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
    return contacts.sort(
      (a, b) => Number(b.owner) - Number(a.owner) || byName.compare(a.name, b.name) || a.id - b.id,
    );
  }

  /**
   * Voice calls: the account's `voiceCallEnabled`. Sentinel: "only when sentinelAlerts exists" —
   * the account has a row in the sentinel feature's table (decision 0046).
   */
  async rightsOf(ownerId: number): Promise<AlertRights> {
    const row = await sentinelDb(this.db)
      .selectFrom('users')
      .leftJoin('sentinel_targets', 'sentinel_targets.owner_user_id', 'users.id')
      .select(['users.voice_call_enabled', 'sentinel_targets.owner_user_id as sentinel_owner'])
      .where('users.id', '=', ownerId)
      .executeTakeFirst();
    return { voiceCallEnabled: row?.voice_call_enabled === 1, sentinel: row?.sentinel_owner != null };
  }
}

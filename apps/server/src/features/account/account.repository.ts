import { sql, type Selectable, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Engine } from '../../db/engine.js';
import type { UserRow } from '../users/index.js';
import type { AccountCodesTable, AccountDb, AccountTables, CodePurpose } from './account.tables.js';
import { newUserRow } from '../../db/newUserRow.js';
import { recordConfirmedPhone } from './recordConfirmedPhone.js';

export type CodeRow = Selectable<AccountCodesTable>;
type Trx = Transaction<Database & AccountTables>;

export interface ProfileChange {
  firstname?: string;
  lastname?: string | null;
  email?: string | null;
  phone?: string;
  country?: string;
}

export interface AddressChange {
  address?: string | null;
  zip?: string | null;
  city?: string | null;
}

export interface NewSubUser {
  mainUserId: number;
  username: string;
  passwordHash: string;
  name: string;
  phone: string;
  email: string | null;
  /** Copied from the account, so that messages to the sub-user start in the account's language. */
  country: string | null;
  language: string;
  demo: number;
  nowS: number;
}

export interface SubUserChange {
  name: string;
  phone: string;
  email: string | null;
  username?: string;
  passwordHash?: string;
}

/**
 * The account feature's SQL. Sub-users are rows of `users` (main_user_id set, as the sessions and
 * access rules already know them): this is the one place that writes such rows; the users feature
 * reads them.
 */
export class AccountRepository {
  constructor(
    private readonly db: AccountDb,
    private readonly engine: Engine,
  ) {}

  findUser(id: number): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findUserByUsername(username: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
  }

  /** Case-insensitive: "Hand" and "hand" would be two logins a person cannot tell apart. */
  async usernameTaken(username: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('users')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
      .executeTakeFirst();
    return row !== undefined;
  }

  listSubUsers(mainUserId: number): Promise<UserRow[]> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('main_user_id', '=', mainUserId)
      .orderBy('id')
      .execute();
  }

  addressOf(userId: number) {
    return this.db
      .selectFrom('account_addresses')
      .select(['address', 'zip', 'city'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  async confirmedPhoneOf(userId: number): Promise<string | null> {
    const row = await this.db
      .selectFrom('account_phone_confirmations')
      .select('phone_number')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.phone_number ?? null;
  }

  async updateProfile(userId: number, profile: ProfileChange, address: AddressChange, nowS: number) {
    await this.db.transaction().execute(async (trx) => {
      if (Object.keys(profile).length > 0)
        await trx.updateTable('users').set(profile).where('id', '=', userId).execute();
      if (Object.keys(address).length > 0)
        await trx
          .insertInto('account_addresses')
          .values({ user_id: userId, address: null, zip: null, city: null, ...address, updated_ts: nowS })
          .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...address, updated_ts: nowS }))
          .execute();
    });
  }

  // ---- codes

  findCode(userId: number, purpose: CodePurpose): Promise<CodeRow | undefined> {
    return this.db
      .selectFrom('account_codes')
      .selectAll()
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .executeTakeFirst();
  }

  async saveCode(row: CodeRow): Promise<void> {
    const { user_id: _u, purpose: _p, ...rest } = row;
    await this.db
      .insertInto('account_codes')
      .values(row)
      .onConflict((oc) => oc.columns(['user_id', 'purpose']).doUpdateSet(rest))
      .execute();
  }

  /**
   * Counts one try, atomically, and returns the count; undefined when there is no code. Counting
   * before comparing means parallel guesses cannot all pass the limit before one of them is counted.
   */
  async countAttempt(userId: number, purpose: CodePurpose): Promise<number | undefined> {
    const row = await this.db
      .updateTable('account_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .returning('attempts')
      .executeTakeFirst();
    return row?.attempts;
  }

  deleteCode(userId: number, purpose: CodePurpose): Promise<unknown> {
    return this.db
      .deleteFrom('account_codes')
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .execute();
  }

  /**
   * Takes the code (it is used once): true for the one call that deleted it. Confirms the phone in the
   * same transaction, so a confirmed phone and a spent code never part.
   */
  async confirmPhone(userId: number, codeHash: string, phone: string, nowS: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const taken = await trx
        .deleteFrom('account_codes')
        .where('user_id', '=', userId)
        .where('purpose', '=', 'phone')
        .where('code_hash', '=', codeHash)
        .executeTakeFirst();
      if (Number(taken.numDeletedRows) !== 1) return false;
      await trx.updateTable('users').set({ phone }).where('id', '=', userId).execute();
      await recordConfirmedPhone(trx, userId, phone, nowS);
      return true;
    });
  }

  /** Takes a code (used once): true for the one call that deleted it. */
  async takeCode(userId: number, purpose: CodePurpose, codeHash: string): Promise<boolean> {
    const res = await this.db
      .deleteFrom('account_codes')
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('code_hash', '=', codeHash)
      .executeTakeFirst();
    return Number(res.numDeletedRows) === 1;
  }

  /** The users whose phone is this number and confirmed as theirs. */
  usersWithConfirmedPhone(phone: string): Promise<UserRow[]> {
    return this.db
      .selectFrom('users')
      .innerJoin('account_phone_confirmations as c', 'c.user_id', 'users.id')
      .selectAll('users')
      .where('users.phone', '=', phone)
      .where('c.phone_number', '=', phone)
      .orderBy('users.id')
      .execute();
  }

  /** The users whose e-mail address this is (letter case aside). */
  usersWithEmail(email: string): Promise<UserRow[]> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where(sql<string>`lower(email)`, '=', email.toLowerCase())
      .orderBy('id')
      .execute();
  }

  // ---- the stand-in sender's outbox

  async recordSent(row: {
    user_id: number | null;
    recipient: string;
    purpose: CodePurpose;
    text: string;
    created_ts: number;
  }): Promise<void> {
    await this.db.insertInto('account_code_outbox').values(row).execute();
  }

  /** The texts recorded since `since` (a code's lifetime: older ones are gone or about to be). */
  listSent(limit: number, to: string | undefined, since: number) {
    let q = this.db
      .selectFrom('account_code_outbox')
      .select(['id', 'recipient', 'purpose', 'text', 'created_ts'])
      .where('created_ts', '>=', since)
      .orderBy('id', 'desc')
      .limit(limit);
    if (to !== undefined) q = q.where('recipient', '=', to);
    return q.execute();
  }

  /** Deletes the texts recorded before `before`: a code must not stay readable once it has expired. */
  async purgeSent(before: number): Promise<number> {
    const r = await this.db
      .deleteFrom('account_code_outbox')
      .where('created_ts', '<', before)
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  // ---- sub-users

  /**
   * Adds a sub-user unless the account already has `max`: the count and the insert run in one
   * transaction with the account row locked (PostgreSQL; SQLite writes one transaction at a time), so
   * two adds at once cannot both take the last place. Returns undefined when the account is full.
   */
  async insertSubUser(u: NewSubUser, max: number): Promise<number | undefined> {
    return this.db.transaction().execute(async (trx) => {
      await this.lockUser(trx, u.mainUserId);
      const { n } = await trx
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('main_user_id', '=', u.mainUserId)
        .executeTakeFirstOrThrow();
      if (Number(n) >= max) return undefined;
      const row = await trx
        .insertInto('users')
        .values(
          newUserRow({
            username: u.username,
            password_hash: u.passwordHash,
            firstname: u.name,
            email: u.email,
            phone: u.phone,
            country: u.country,
            language: u.language,
            main_user_id: u.mainUserId,
            demo: u.demo,
            sub_user_count: 0,
            created_ts: u.nowS,
          }),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    });
  }

  async updateSubUser(id: number, change: SubUserChange): Promise<void> {
    await this.db
      .updateTable('users')
      .set({
        firstname: change.name,
        lastname: null,
        phone: change.phone,
        email: change.email,
        ...(change.username !== undefined ? { username: change.username } : {}),
        ...(change.passwordHash !== undefined ? { password_hash: change.passwordHash } : {}),
      })
      .where('id', '=', id)
      .where('main_user_id', 'is not', null)
      .execute();
  }

  async setPasswordHash(userId: number, passwordHash: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ password_hash: passwordHash })
      .where('id', '=', userId)
      .execute();
  }

  /** Deletes a sub-user of that account; its sessions, preferences and codes go with it (cascade). */
  async deleteSubUser(mainUserId: number, subUserId: number): Promise<boolean> {
    const res = await this.db
      .deleteFrom('users')
      .where('id', '=', subUserId)
      .where('main_user_id', '=', mainUserId)
      .executeTakeFirst();
    return Number(res.numDeletedRows) === 1;
  }

  // ---- masters

  /** The accounts that asked a master to watch them, authorised or not. */
  masterAccounts(masterUserId: number) {
    return this.db
      .selectFrom('master_authorizations as m')
      .innerJoin('users as u', 'u.id', 'm.owner_user_id')
      .select(['u.id', 'u.username', 'u.firstname', 'u.lastname', 'm.authorized'])
      .where('m.master_user_id', '=', masterUserId)
      .orderBy('u.id')
      .execute();
  }

  private async lockUser(trx: Trx, id: number): Promise<void> {
    const q = trx.selectFrom('users').select('id').where('id', '=', id);
    await (this.engine === 'postgres' ? q.forUpdate() : q).execute();
  }
}

import { sql, type Selectable, type Updateable } from 'kysely';
import { SEND_WINDOW_S } from '@emberwatch/shared/domain/masterUsers/masterRegistration';
import { newUserRow } from '../../db/newUserRow.js';
import type { MasterRegistrationsTable, MasterUsersDb } from './masterUsers.tables.js';

export type Registration = Selectable<MasterRegistrationsTable>;
export type NewRegistration = Omit<Registration, 'id'>;

/** Master users' registrations and the master's own account: Kysely only. */
export class MasterUsersRepository {
  constructor(private readonly db: MasterUsersDb) {}

  // ---- registrations

  /** Forgets the registrations started at or before `startedBefore` (expired ones). */
  async purgeExpired(startedBefore: number): Promise<number> {
    const res = await this.db
      .deleteFrom('master_registrations')
      .where('started_ts', '<=', startedBefore)
      .executeTakeFirst();
    return Number(res.numDeletedRows);
  }

  /** A user, or a registration still running, holds the username (case ignored, as at login). */
  async usernameTaken(username: string, liveSince: number): Promise<boolean> {
    const lower = username.toLowerCase();
    const user = await this.db
      .selectFrom('users')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['username']), '=', lower))
      .executeTakeFirst();
    if (user) return true;
    const reg = await this.db
      .selectFrom('master_registrations')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['username']), '=', lower))
      .where('started_ts', '>', liveSince)
      .executeTakeFirst();
    return reg !== undefined;
  }

  /** An expired registration with this username gives it up (the unique index would refuse a new one). */
  async dropExpiredHolder(username: string, liveSince: number): Promise<void> {
    await this.db
      .deleteFrom('master_registrations')
      .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
      .where('started_ts', '<=', liveSince)
      .execute();
  }

  async insert(r: NewRegistration): Promise<number> {
    const row = await this.db
      .insertInto('master_registrations')
      .values(r)
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  byToken(tokenHash: string): Promise<Registration | undefined> {
    return this.db
      .selectFrom('master_registrations')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  async update(id: number, set: Updateable<MasterRegistrationsTable>): Promise<void> {
    await this.db.updateTable('master_registrations').set(set).where('id', '=', id).execute();
  }

  /**
   * Confirms the phone if the code that was checked is still the pending one (a second tab may have
   * confirmed, or asked for a new code, meanwhile): true when this call confirmed it.
   */
  async confirmPhone(id: number, codeHash: string): Promise<boolean> {
    const res = await this.db
      .updateTable('master_registrations')
      .set({ state: 'phoneConfirmed', code_hash: null, code_expires_ts: null, code_attempts: 0 })
      .where('id', '=', id)
      .where('code_hash', '=', codeHash)
      .where('state', '=', 'codeSent')
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /** Counts a try of the pending code; answers the tries so far, undefined when no code waits. */
  async countAttempt(id: number): Promise<number | undefined> {
    await this.db
      .updateTable('master_registrations')
      .set((eb) => ({ code_attempts: eb('code_attempts', '+', 1) }))
      .where('id', '=', id)
      .where('code_hash', 'is not', null)
      .execute();
    const row = await this.db
      .selectFrom('master_registrations')
      .select(['code_attempts', 'code_hash'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.code_hash ? row.code_attempts : undefined;
  }

  /** Codes sent to a number in the last window, over every registration (one number, many sign-ups). */
  async sendsToPhone(phone: string, nowS: number): Promise<number> {
    const row = await this.db
      .selectFrom('master_registrations')
      .select(sql<number>`coalesce(sum(sends_in_window), 0)`.as('n'))
      .where('phone', '=', phone)
      .where('window_start_ts', '>', nowS - SEND_WINDOW_S)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /**
   * The registration becomes a master user, in one transaction: the user is inserted and the
   * registration deleted, so a second finalisation finds nothing. Answers the new user's id, or
   * null when the registration was finalised meanwhile.
   */
  async finalize(r: Registration, nowS: number): Promise<number | null> {
    return this.db.transaction().execute(async (trx) => {
      const gone = await trx
        .deleteFrom('master_registrations')
        .where('id', '=', r.id)
        .where('state', '=', 'phoneConfirmed')
        .executeTakeFirst();
      if (Number(gone.numDeletedRows) !== 1) return null;
      const user = await trx
        .insertInto('users')
        .values(
          newUserRow({
            username: r.username,
            password_hash: r.password_hash,
            firstname: r.firstname,
            lastname: r.lastname,
            email: r.email,
            phone: r.phone,
            country: r.country,
            language: r.language,
            master: 1,
            siteindex: 1,
            created_ts: nowS,
          }),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      return user.id;
    });
  }

  // ---- the master's own account

  async saveProfile(
    userId: number,
    set: { firstname?: string; lastname?: string | null; email?: string; country?: string | null },
  ): Promise<void> {
    await this.db.updateTable('users').set(set).where('id', '=', userId).where('master', '=', 1).execute();
  }

  /** Deletes a master user; its authorisations and refresh tokens go with it (foreign keys cascade). */
  async deleteMaster(userId: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('master_authorizations').where('master_user_id', '=', userId).execute();
      const res = await trx
        .deleteFrom('users')
        .where('id', '=', userId)
        .where('master', '=', 1)
        .where('main_user_id', 'is', null)
        .executeTakeFirst();
      return Number(res.numDeletedRows) === 1;
    });
  }

  /** Ends a master's authorisation or request for one farm: true when there was one. */
  async stopWatching(masterUserId: number, ownerUserId: number): Promise<boolean> {
    const res = await this.db
      .deleteFrom('master_authorizations')
      .where('master_user_id', '=', masterUserId)
      .where('owner_user_id', '=', ownerUserId)
      .executeTakeFirst();
    return Number(res.numDeletedRows) === 1;
  }
}

import type { Transaction } from 'kysely';
import type { GariAccount } from '@emberwatch/shared/domain/gariMigration/gariExport';
import type { GariUserNow } from '@emberwatch/shared/domain/gariMigration/gariMigrationPlan';
import type { Database } from '../../db/schema.js';
import type { GariMigrationDb, GariMigrationsTable, GariMigrationTables } from './gariMigration.tables.js';
import { newUserRow } from '../../db/newUserRow.js';

type Trx = Transaction<Database & GariMigrationTables>;

/** What one migration writes, decided by the service from the plan. */
export interface GariMigrationWrite {
  account: GariAccount;
  /** The account it goes into; null: create it with `newUser`. */
  targetUserId: number | null;
  newUser: { passwordHash: string; phone: string };
  stationsNew: ReadonlySet<string>;
  probesNew: ReadonlySet<string>;
  stationSecretHash: () => string;
  nowS: number;
}

/** The migrations' table, and the users, stations and probes a migration reads and creates: Kysely only. */
/** Records a confirmed phone number for the account area (the account feature's). */
export type ConfirmedPhoneRecorder = (
  db: object,
  userId: number,
  phone: string,
  nowS: number,
) => Promise<void>;

export class GariMigrationRepository {
  constructor(
    private readonly db: GariMigrationDb,
    /** The account feature's record of a confirmed number, written in the confirmation's transaction. */
    private readonly recordConfirmedPhone: ConfirmedPhoneRecorder,
  ) {}

  migration(gariId: string): Promise<GariMigrationsTable | undefined> {
    return this.db.selectFrom('gari_migrations').selectAll().where('gari_id', '=', gariId).executeTakeFirst();
  }

  migrations(gariIds: readonly string[]): Promise<GariMigrationsTable[]> {
    if (gariIds.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('gari_migrations').selectAll().where('gari_id', 'in', gariIds).execute();
  }

  list(): Promise<GariMigrationsTable[]> {
    return this.db
      .selectFrom('gari_migrations')
      .selectAll()
      .orderBy('started_ts', 'desc')
      .orderBy('gari_id')
      .execute();
  }

  /** The account's migrations (one, unless two older accounts were moved into a Gari user). */
  ofUser(userId: number): Promise<Pick<GariMigrationsTable, 'state'>[]> {
    return this.db.selectFrom('gari_migrations').select('state').where('user_id', '=', userId).execute();
  }

  /** The user holding a username (case-insensitive, as logins are told apart), with its migration. */
  async userByUsername(username: string): Promise<GariUserNow | null> {
    const row = await this.db
      .selectFrom('users')
      .select(['id', 'partner_app'])
      .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
      .executeTakeFirst();
    if (!row) return null;
    const moved = await this.db
      .selectFrom('gari_migrations')
      .select('gari_id')
      .where('user_id', '=', row.id)
      .orderBy('gari_id')
      .executeTakeFirst();
    return { id: row.id, partnerApp: row.partner_app, migratedGariId: moved?.gari_id ?? null };
  }

  async usernameOf(userId: number): Promise<string | null> {
    const row = await this.db
      .selectFrom('users')
      .select('username')
      .where('id', '=', userId)
      .executeTakeFirst();
    return row?.username ?? null;
  }

  /** The account's own language (users.language), English when it is gone. */
  async languageOf(userId: number): Promise<string> {
    const row = await this.db
      .selectFrom('users')
      .select('language')
      .where('id', '=', userId)
      .executeTakeFirst();
    return row?.language ?? 'en';
  }

  async stationOwners(ids: readonly string[]): Promise<Record<string, number>> {
    if (ids.length === 0) return {};
    const rows = await this.db
      .selectFrom('base_stations')
      .select(['id', 'owner_user_id'])
      .where('id', 'in', ids)
      .execute();
    return Object.fromEntries(rows.map((r) => [r.id, r.owner_user_id]));
  }

  async probeStations(ids: readonly string[]): Promise<Record<string, string>> {
    if (ids.length === 0) return {};
    const rows = await this.db
      .selectFrom('probes')
      .select(['sensor_id', 'bs_id'])
      .where('sensor_id', 'in', ids)
      .execute();
    return Object.fromEntries(rows.map((r) => [r.sensor_id, r.bs_id]));
  }

  /** Records that a migration started (a second try keeps the first's row and clears its error). */
  async start(row: {
    gari_id: string;
    username: string;
    phone: string;
    staff_user_id: number;
    nowS: number;
  }): Promise<void> {
    await this.db
      .insertInto('gari_migrations')
      .values({
        gari_id: row.gari_id,
        user_id: null,
        username: row.username,
        phone: row.phone,
        state: 'started',
        created_account: 0,
        stations: 0,
        probes: 0,
        staff_user_id: row.staff_user_id,
        started_ts: row.nowS,
        completed_ts: null,
        phone_confirmed_ts: null,
        last_error: null,
        code_hash: null,
        code_expires_ts: null,
        code_attempts: 0,
        code_sent_ts: null,
      })
      .onConflict((oc) => oc.column('gari_id').doUpdateSet({ last_error: null }))
      .execute();
  }

  async failed(gariId: string, error: string): Promise<void> {
    await this.db
      .updateTable('gari_migrations')
      .set({ last_error: error })
      .where('gari_id', '=', gariId)
      .execute();
  }

  /**
   * The migration itself, in one transaction: the account (created, or the Gari user's), the stations
   * and probes it does not have yet, and the row's state. Returns the account's id and what it added.
   */
  async migrate(
    w: GariMigrationWrite,
  ): Promise<{ userId: number; created: boolean; stations: number; probes: number }> {
    return this.db.transaction().execute(async (trx) => {
      const a = w.account;
      let userId = w.targetUserId;
      const created = userId === null;
      if (userId === null) userId = await this.createUser(trx, a, w.newUser, w.nowS);
      let stations = 0;
      let probes = 0;
      for (const s of a.stations) {
        if (w.stationsNew.has(s.id)) {
          await trx
            .insertInto('base_stations')
            .values({
              id: s.id,
              owner_user_id: userId,
              bs_group: null,
              display_name: s.name === '' ? null : s.name,
              timezone: null,
              bs_type: null,
              version: null,
              firmware: null,
              sim: null,
              sim_exp_ts: null,
              activation_ts: w.nowS,
              last_boot_ts: null,
              last_conf_ts: null,
              last_data_ts: null,
              // A new secret nobody holds: the station is given its own when it is set up again.
              credential_hash: w.stationSecretHash(),
              created_ts: w.nowS,
            })
            .execute();
          stations += 1;
        }
        const fresh = s.probes.filter((p) => w.probesNew.has(p.id));
        if (fresh.length > 0) {
          await trx
            .insertInto('probes')
            .values(
              fresh.map((p) => ({
                sensor_id: p.id,
                bs_id: s.id,
                sensor_name: p.name === '' ? null : p.name,
                kind: p.material,
                depths: p.depths,
                disabled: 0,
                storage_location: null,
                col: null,
                real_bs: s.id,
                created_ts: w.nowS,
              })),
            )
            .execute();
          probes += fresh.length;
        }
      }
      const before = await trx
        .selectFrom('gari_migrations')
        .select(['state', 'completed_ts', 'created_account', 'stations', 'probes'])
        .where('gari_id', '=', a.gari_id)
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('gari_migrations')
        .set({
          user_id: userId,
          state: before.state === 'phoneConfirmed' ? 'phoneConfirmed' : 'completed',
          completed_ts: before.completed_ts ?? w.nowS,
          created_account: created ? 1 : before.created_account,
          stations: before.stations + stations,
          probes: before.probes + probes,
          last_error: null,
        })
        .where('gari_id', '=', a.gari_id)
        .execute();
      return { userId, created, stations, probes };
    });
  }

  private async createUser(
    trx: Trx,
    a: GariAccount,
    u: GariMigrationWrite['newUser'],
    nowS: number,
  ): Promise<number> {
    const row = await trx
      .insertInto('users')
      .values(
        newUserRow({
          username: a.username,
          password_hash: u.passwordHash,
          firstname: a.name === '' ? null : a.name,
          lastname: a.company === '' ? null : a.company,
          email: a.email === '' ? null : a.email,
          phone: u.phone,
          language: a.language,
          // A Gari user: the reduced menus and the Gari service's activations (spec doc 1 §2, doc 2 §7).
          partner_app: 'gari',
          created_ts: nowS,
        }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async saveCode(gariId: string, c: { hash: string; expiresTs: number; sentTs: number }): Promise<void> {
    await this.db
      .updateTable('gari_migrations')
      .set({ code_hash: c.hash, code_expires_ts: c.expiresTs, code_attempts: 0, code_sent_ts: c.sentTs })
      .where('gari_id', '=', gariId)
      .execute();
  }

  /** Counts a try of the pending code; its number, or undefined when no code waits. */
  async countAttempt(gariId: string): Promise<number | undefined> {
    const res = await this.db
      .updateTable('gari_migrations')
      .set((eb) => ({ code_attempts: eb('code_attempts', '+', 1) }))
      .where('gari_id', '=', gariId)
      .where('code_hash', 'is not', null)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) return undefined;
    const row = await this.migration(gariId);
    return row?.code_attempts;
  }

  async dropCode(gariId: string): Promise<void> {
    await this.db
      .updateTable('gari_migrations')
      .set({ code_hash: null, code_expires_ts: null, code_attempts: 0 })
      .where('gari_id', '=', gariId)
      .execute();
  }

  /**
   * The code came back: the phone is confirmed and becomes the account's, once (the code is taken in
   * the same statement, so a double click confirms one time).
   */
  async confirmPhone(
    gariId: string,
    codeHash: string,
    userId: number,
    phone: string,
    nowS: number,
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const taken = await trx
        .updateTable('gari_migrations')
        .set({
          code_hash: null,
          code_expires_ts: null,
          code_attempts: 0,
          state: 'phoneConfirmed',
          phone_confirmed_ts: nowS,
        })
        .where('gari_id', '=', gariId)
        .where('code_hash', '=', codeHash)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1) return false;
      await trx.updateTable('users').set({ phone }).where('id', '=', userId).execute();
      // The account area then shows the number confirmed, as if the customer had confirmed it there.
      await this.recordConfirmedPhone(trx, userId, phone, nowS);
      return true;
    });
  }
}

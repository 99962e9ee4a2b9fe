import type { Kysely, Selectable, Transaction } from 'kysely';
import { STAFF_LEVELS } from '@emberwatch/shared/domain/roles';
import type { Database, UsersTable } from '../../db/schema.js';
import type { Engine } from '../../db/engine.js';
import { newUserRow } from '../../db/newUserRow.js';

export type StaffUserRow = Pick<
  Selectable<UsersTable>,
  | 'id'
  | 'username'
  | 'firstname'
  | 'lastname'
  | 'email'
  | 'admin'
  | 'admin_group'
  | 'main_user_id'
  | 'master'
  | 'demo'
  | 'blocked'
  | 'partner_app'
>;

const COLUMNS = [
  'id',
  'username',
  'firstname',
  'lastname',
  'email',
  'admin',
  'admin_group',
  'main_user_id',
  'master',
  'demo',
  'blocked',
  'partner_app',
] as const;

export interface NewStaffAccount {
  username: string;
  email: string;
  firstname: string | null;
  lastname: string | null;
  passwordHash: string;
  adminGroup: number;
  /** The language its messages start in (the maker's). */
  language: string;
  nowS: number;
}

/** The staff: users with admin = 1, their level in admin_group (Kysely only). */
export class StaffRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: Engine,
  ) {}

  list(): Promise<StaffUserRow[]> {
    return this.db
      .selectFrom('users')
      .select(COLUMNS)
      .where('admin', '=', 1)
      .orderBy((eb) => eb.fn.coalesce('admin_group', eb.val<number>(STAFF_LEVELS.admin)))
      .orderBy('username')
      .execute();
  }

  findById(id: number): Promise<StaffUserRow | undefined> {
    return this.db.selectFrom('users').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  }

  findByUsername(username: string): Promise<StaffUserRow | undefined> {
    return this.db.selectFrom('users').select(COLUMNS).where('username', '=', username).executeTakeFirst();
  }

  /**
   * Runs a staff change with the Roots counted inside its transaction: on PostgreSQL the Roots' rows
   * are locked, so two Roots lowering each other at once cannot both see the other one still there.
   */
  withRootCount<T>(fn: (rootCount: number, tx: StaffWriter) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      let q = trx
        .selectFrom('users')
        .select('id')
        .where('admin', '=', 1)
        .where('admin_group', '=', STAFF_LEVELS.root);
      if (this.engine === 'postgres') q = q.forUpdate();
      const roots = await q.execute();
      return fn(roots.length, new StaffWriter(trx));
    });
  }
}

/** The writes of one staff change, inside its transaction. */
export class StaffWriter {
  constructor(private readonly trx: Transaction<Database>) {}

  async setStaff(id: number, adminGroup: number | null): Promise<void> {
    await this.trx
      .updateTable('users')
      .set({ admin: adminGroup === null ? 0 : 1, admin_group: adminGroup })
      .where('id', '=', id)
      .execute();
  }

  async insertStaffAccount(a: NewStaffAccount): Promise<number> {
    const row = await this.trx
      .insertInto('users')
      .values(
        newUserRow({
          username: a.username,
          password_hash: a.passwordHash,
          firstname: a.firstname,
          lastname: a.lastname,
          email: a.email,
          admin: 1,
          admin_group: a.adminGroup,
          language: a.language,
          sub_user_count: 0,
          created_ts: a.nowS,
        }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
}

import type { Selectable } from 'kysely';
import { reusableQuery } from '../../db/reusableQuery.js';
import type { ApiKeysTable, PublicApiDb } from './publicApi.tables.js';

export type ApiKeyRow = Selectable<ApiKeysTable>;

const keyById = reusableQuery(['id'], (db: PublicApiDb, v: { id: string }) =>
  db.selectFrom('api_keys').selectAll().where('id', '=', v.id),
);

/** The api_keys table (decision 0109). */
export class ApiKeysRepository {
  constructor(private readonly db: PublicApiDb) {}

  /** Every key call's first read: compiled once (decision 0143). */
  async find(id: string): Promise<ApiKeyRow | undefined> {
    return (await keyById(this.db, { id }))[0];
  }

  listOf(accountId: number): Promise<ApiKeyRow[]> {
    return this.db
      .selectFrom('api_keys')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('created_ts', 'desc')
      .orderBy('id')
      .execute();
  }

  async insert(row: ApiKeyRow): Promise<void> {
    await this.db.insertInto('api_keys').values(row).execute();
  }

  async update(
    id: string,
    accountId: number,
    change: Partial<Pick<ApiKeyRow, 'name' | 'revoked_ts' | 'secret_hash'>>,
  ): Promise<ApiKeyRow | undefined> {
    await this.db
      .updateTable('api_keys')
      .set(change)
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .execute();
    const row = await this.find(id);
    return row?.account_id === accountId ? row : undefined;
  }

  async used(id: string, ts: number, ip: string): Promise<void> {
    await this.db
      .updateTable('api_keys')
      .set({ last_used_ts: ts, last_used_ip: ip })
      .where('id', '=', id)
      .execute();
  }

  /** The account's API plan due date (users.api_plan_due_ts, migration 0037). */
  async planDueOf(accountId: number): Promise<number | null | undefined> {
    const row = await this.db
      .selectFrom('users')
      .select('api_plan_due_ts')
      .where('id', '=', accountId)
      .executeTakeFirst();
    return row === undefined ? undefined : row.api_plan_due_ts === null ? null : Number(row.api_plan_due_ts);
  }
}

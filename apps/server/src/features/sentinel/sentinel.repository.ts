import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { sentinelDb, type SentinelDb, type SentinelTargetsTable } from './sentinel.tables.js';

export type SentinelTargetRow = SentinelTargetsTable;

/** The Sentinel targets (table sentinel_targets, migration 0026): Kysely only. */
export class SentinelRepository {
  private readonly db: SentinelDb;

  constructor(db: Kysely<Database>) {
    this.db = sentinelDb(db);
  }

  find(ownerId: number): Promise<SentinelTargetRow | undefined> {
    return this.db
      .selectFrom('sentinel_targets')
      .selectAll()
      .where('owner_user_id', '=', ownerId)
      .executeTakeFirst();
  }

  /** The target a message was addressed to (a receiver's site, at its URL), whoever's it is. */
  findByTarget(siteId: string, url: string): Promise<SentinelTargetRow | undefined> {
    return this.db
      .selectFrom('sentinel_targets')
      .selectAll()
      .where('site_id', '=', siteId)
      .where('url', '=', url)
      .executeTakeFirst();
  }

  /** Whether another account already has this site at this URL. */
  async takenByAnother(ownerId: number, siteId: string, url: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('sentinel_targets')
      .select('owner_user_id')
      .where('site_id', '=', siteId)
      .where('url', '=', url)
      .where('owner_user_id', '!=', ownerId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Sets an account's target: a new row gets `secret` (not yet shown to its owner); an existing one
   * keeps its secret, so the receiver's configuration stays valid when only the URL moves.
   */
  async upsert(ownerId: number, siteId: string, url: string, secret: string, nowS: number): Promise<void> {
    await this.db
      .insertInto('sentinel_targets')
      .values({
        owner_user_id: ownerId,
        site_id: siteId,
        url,
        secret,
        secret_created_ts: nowS,
        secret_shown: 0,
        created_ts: nowS,
        updated_ts: nowS,
      })
      .onConflict((oc) => oc.column('owner_user_id').doUpdateSet({ site_id: siteId, url, updated_ts: nowS }))
      .execute();
  }

  async remove(ownerId: number): Promise<void> {
    await this.db.deleteFrom('sentinel_targets').where('owner_user_id', '=', ownerId).execute();
  }

  /** Replaces the secret; false when the account has no target. */
  async rotate(ownerId: number, secret: string, shown: boolean, nowS: number): Promise<boolean> {
    const res = await this.db
      .updateTable('sentinel_targets')
      .set({ secret, secret_created_ts: nowS, secret_shown: shown ? 1 : 0, updated_ts: nowS })
      .where('owner_user_id', '=', ownerId)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /**
   * The secret if its owner has not seen it yet, marking it seen in the same statement's condition:
   * of two reads at once, exactly one gets it.
   */
  async takeUnshownSecret(ownerId: number): Promise<string | null> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('sentinel_targets')
        .select(['secret', 'secret_created_ts'])
        .where('owner_user_id', '=', ownerId)
        .where('secret_shown', '=', 0)
        .executeTakeFirst();
      if (!row) return null;
      const res = await trx
        .updateTable('sentinel_targets')
        .set({ secret_shown: 1 })
        .where('owner_user_id', '=', ownerId)
        .where('secret_shown', '=', 0)
        .where('secret', '=', row.secret)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1 ? row.secret : null;
    });
  }
}

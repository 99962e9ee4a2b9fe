import type { Kysely } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * Base stations a partner took out of its account through POST /api/v2/deactivateBS (decision 0112):
 * which account released which station when, so that POST /api/v2/reactivateBS brings it back to
 * that account only, and none other can claim it by its id.
 */
export function apiStationReleasesMigration(engine: Engine) {
  const ts = engine === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('api_station_releases')
        .addColumn('bs_id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'integer', (c) => c.notNull())
        .addColumn('key_id', 'text', (c) => c.notNull())
        .addColumn('released_ts', ts, (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('api_station_releases').execute();
    },
  };
}

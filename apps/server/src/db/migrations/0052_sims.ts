import type { Kysely } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * The SIM cards (issue 30 items 3 and 6, decision 0092): every card the console knows — imported from
 * the operator's CSV export, or given to a station — with its status (spec doc 2 §4: Active, Paused,
 * Deactivated, Terminated), when that status began and when its subscription ends. A station names
 * its card in base_stations.sim as before; the card's row is here.
 */
export function simsMigration(engine: Engine) {
  const ts = engine === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('sims')
        .addColumn('iccid', 'text', (c) => c.primaryKey())
        .addColumn('msisdn', 'text')
        .addColumn('imsi', 'text')
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('Active'))
        .addColumn('status_ts', ts)
        .addColumn('exp_ts', ts)
        .addColumn('created_ts', ts, (c) => c.notNull())
        .addColumn('updated_ts', ts, (c) => c.notNull())
        .execute();
      // The list's filters: by status, and what expires soon.
      await db.schema.createIndex('sims_status_idx').on('sims').column('status').execute();
      await db.schema.createIndex('sims_exp_idx').on('sims').column('exp_ts').execute();
      // A card's station: the list joins on it, and one card is in one station at most.
      await db.schema.createIndex('base_stations_sim_idx').on('base_stations').column('sim').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('base_stations_sim_idx').execute();
      await db.schema.dropTable('sims').execute();
    },
  };
}

import type { Kysely } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * When a base station's SIM card (its data subscription) expires, epoch seconds; null while unknown
 * (spec doc 1 §3 base station config "sim_exp_date"). The storage list gives way to an info text once
 * it has passed, and the new-storage button goes (spec doc 3 §2); reminders read it too.
 */
export function simExpiryMigration(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('base_stations')
        .addColumn('sim_exp_ts', engine === 'postgres' ? 'bigint' : 'integer')
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('base_stations').dropColumn('sim_exp_ts').execute();
    },
  };
}

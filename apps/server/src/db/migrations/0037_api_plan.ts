import type { Kysely } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * The account's public API plan (spec doc 1 §3 "api_plan.due", doc 2 §3 User "api_plan (due)"): when it
 * is due, epoch seconds; null for an account without an API plan. Renewed through the checkout
 * (`?type=api`) like the plan and the SIMs; the API reminders read it (decision 0056).
 */
export function apiPlanMigration(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('users')
        .addColumn('api_plan_due_ts', engine === 'postgres' ? 'bigint' : 'integer')
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('users').dropColumn('api_plan_due_ts').execute();
    },
  };
}

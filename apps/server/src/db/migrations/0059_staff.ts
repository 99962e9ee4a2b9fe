import type { Kysely } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * The customer's session opened by a staff member (issue 31, decision 0099): a refresh-token family
 * of the customer's that names the staff member acting in it, so that every token it rotates to is
 * still the staff member's (audited as such) and ends when that member may no longer open one.
 */
export function staffMigration(_engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('refresh_tokens')
        .addColumn('acting_staff_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('refresh_tokens').dropColumn('acting_staff_id').execute();
    },
  };
}

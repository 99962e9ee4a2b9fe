import type { Kysely } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * Activation kits (issue 14 item 5, decision 0052): a base station or a probe set, made before anyone
 * owns it, with the activation code printed on its label. The first account to send the code claims
 * the kit; the station or the probes then join that account through the base-stations feature.
 *
 * - code_hash: SHA-256 of the normalised code, unique: how a code finds its kit, also after the code
 *   itself was forgotten (a claimed code must still answer "already activated");
 * - code: the code as printed, kept only while the kit is open (the admin prints its QR code);
 *   blanked in the claim's update;
 * - probes: JSON [{sensor_id, depths}] of a probe set;
 * - credential_hash: a station's secret as the station will present it (stored as the
 *   base-stations feature stores it, SHA-256), copied to the station's row when it is claimed.
 */
export function activationMigration(engine: Engine) {
  const ts = engine === 'postgres' ? 'bigint' : 'integer';
  const serial = engine === 'postgres' ? 'serial' : 'integer';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('activation_kits')
        .addColumn('id', serial, (c) =>
          engine === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('code_hash', 'text', (c) => c.notNull().unique())
        .addColumn('code', 'text')
        .addColumn('bs_id', 'text')
        .addColumn('set_id', 'text')
        .addColumn('probes', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('credential_hash', 'text')
        .addColumn('partner_app', 'text')
        .addColumn('created_ts', ts, (c) => c.notNull())
        .addColumn('claimed_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('claimed_bs_id', 'text')
        .addColumn('claimed_ts', ts)
        .execute();
      await db.schema
        .createIndex('activation_kits_by_claimed')
        .on('activation_kits')
        .column('claimed_ts')
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('activation_kits').execute();
    },
  };
}

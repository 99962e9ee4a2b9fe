import type { Kysely } from 'kysely';
import type { Engine } from '../engine.js';

/** The columns this migration adds to delivery_alerts, all nullable integers. */
const COLUMNS = ['reference', 'rate', 'window_h', 'clear_temperature'] as const;

/**
 * What an alert's messages must say besides its temperature and the value it crossed (issue 27 item
 * 10, decision 0068): a relative rule's reference (the alert's TP, tenths of °C) and, for a rule that
 * compares a probe with its own past, the window in hours; a rise-rate rule's rate (tenths of °C an
 * hour); and the value that ended the alert (tenths of °C; null when it ended without a reading — a
 * reset, a probe removed — or before this column existed). The all-clear and the Sentinel `clear`
 * carry that value instead of the raising one.
 */
export function deliveryAlertFactsMigration(_engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      // One column per statement: SQLite's ALTER TABLE adds one at a time.
      for (const c of COLUMNS)
        await db.schema.alterTable('delivery_alerts').addColumn(c, 'integer').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const c of COLUMNS) await db.schema.alterTable('delivery_alerts').dropColumn(c).execute();
    },
  };
}

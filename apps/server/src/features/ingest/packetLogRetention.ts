import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * How long the packet log (`bs_packets`: each packet's kind, bytes up and down, readings) is kept: a
 * quarter, long enough to answer a SIM's data bill or a station's traffic over a season (decision
 * 0123). The traffic chart reads the call log, which has its own week; nothing else reads this table.
 */
export const PACKET_LOG_KEEP_S = 90 * 86_400;
/** Rows deleted per statement: short enough that ingest's commits do not wait on it. */
export const PACKET_PRUNE_BATCH = 5000;
/** At most this many batches per run; the next run (an hour later) goes on. */
const MAX_BATCHES_PER_RUN = 40;

/**
 * Deletes the packet log's rows stamped before `beforeTs`, oldest first, a batch at a time; returns
 * how many went. Rows are inserted in arrival order, so the lowest ids are the oldest: when the first
 * row by id is recent the run ends without scanning the table.
 */
export async function prunePacketLog(
  db: Kysely<Database>,
  beforeTs: number,
  batch = PACKET_PRUNE_BATCH,
): Promise<number> {
  let removed = 0;
  for (let i = 0; i < MAX_BATCHES_PER_RUN; i++) {
    const oldest = await db.selectFrom('bs_packets').select('ts').orderBy('id').limit(1).executeTakeFirst();
    if (!oldest || Number(oldest.ts) >= beforeTs) break;
    const result = await db
      .deleteFrom('bs_packets')
      .where(
        'id',
        'in',
        db.selectFrom('bs_packets').select('id').where('ts', '<', beforeTs).orderBy('id').limit(batch),
      )
      .executeTakeFirst();
    const n = Number(result.numDeletedRows);
    removed += n;
    if (n < batch) break;
  }
  return removed;
}

import type { Batch } from '@emberwatch/shared/contracts/batches';

/** What the batch list's cache holds: the batches and the server time of the answer they came with. */
export interface BatchList {
  batches: Batch[];
  ts: number;
}

/** Newest first, as getBatches answers: by creation time, then id. */
function newestFirst(a: Batch, b: Batch): number {
  return b.created_ts - a.created_ts || b.batch_id - a.batch_id;
}

/**
 * Spec doc 1 §3 "Incremental update": the batches changed since the previous answer, merged into the
 * list by batch_id. getChangedBatches names archived batches too, so a batch archived elsewhere leaves
 * the list (or, in the archived view, joins it) instead of staying as it was.
 */
export function mergeBatches(
  list: BatchList,
  changed: { results: readonly Batch[]; ts: number },
  view: 'active' | 'archived',
): BatchList {
  const byId = new Map(list.batches.map((b) => [b.batch_id, b]));
  for (const b of changed.results) {
    const belongs = view === 'archived' ? b.archived_ts !== null : b.archived_ts === null;
    if (belongs) byId.set(b.batch_id, b);
    else byId.delete(b.batch_id);
  }
  return { batches: [...byId.values()].sort(newestFirst), ts: Math.max(list.ts, changed.ts) };
}

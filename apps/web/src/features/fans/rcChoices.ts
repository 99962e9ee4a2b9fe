import { BATCH_STATUS, type Batch } from '@emberwatch/shared/contracts/batches';
import type { FcItem } from '@emberwatch/shared/contracts/fans';

export interface RcBatchChoice {
  batch: Pick<Batch, 'batch_id' | 'batch_name'>;
  /** Another RC channel already runs for this batch. */
  disabled: boolean;
}

/**
 * Spec doc 2 §5: "RC batch choices: only non-admin ongoing batches (or the current one); those used
 * by another RC are disabled." `channels` are the account's RC channels; the one being edited is
 * `self`, whose current batch is always offered.
 */
export function rcBatchChoices(
  batches: readonly Pick<Batch, 'batch_id' | 'batch_name' | 'status' | 'isAdmin'>[],
  channels: readonly Pick<FcItem, 'FC_ID' | 'channel' | 'batchRef'>[],
  self: Pick<FcItem, 'FC_ID' | 'channel' | 'batchRef'>,
): RcBatchChoice[] {
  const usedByOthers = new Set(
    channels
      .filter((c) => !(c.FC_ID === self.FC_ID && c.channel === self.channel) && c.batchRef !== null)
      .map((c) => c.batchRef),
  );
  return batches
    .filter((b) => b.batch_id === self.batchRef || (b.status === BATCH_STATUS.ongoing && !b.isAdmin))
    .map((b) => ({
      batch: { batch_id: b.batch_id, batch_name: b.batch_name },
      disabled: b.batch_id !== self.batchRef && usedByOthers.has(b.batch_id),
    }));
}

/** Spec doc 2 §4: "RC: manual or automatic; manual command off (0) or on (1)". */
export type RcMode = 'auto' | 'off' | 'on';

export function rcModeOf(c: Pick<FcItem, 'isManual' | 'manualCommand'>): RcMode {
  if (!c.isManual) return 'auto';
  return c.manualCommand === 1 ? 'on' : 'off';
}

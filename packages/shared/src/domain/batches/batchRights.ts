import type { ChangeRightsContext } from '../changeRights.js';
import { isCompostSupervisor, type RoleContext } from '../roles.js';

/**
 * Who may follow compost batches at all (spec doc 3 §6 "Batches: for compost supervisors or admins,
 * not for Gari or hay-app users"; doc 1 §2 menu entry): the account the batches belong to is a
 * compost supervisor's and the caller is no partner-app user, or the caller is an admin.
 */
export function mayUseBatches(ctx: Pick<RoleContext, 'admin' | 'partnerApp' | 'plans'>): boolean {
  if (ctx.admin) return true;
  return ctx.partnerApp === null && isCompostSupervisor(ctx);
}

/**
 * What a user may change in the batches of an account it sees (docs/decisions/0049-compost-batches.md):
 * - editBatch: create a batch, its name, probes, probe replacements, phases and their dates;
 * - recordTurning: record (or remove) a turning of the pile;
 * - archiveBatch: archive or restore batches;
 * - editBatchDefaults: the account's default phases, alert limit and report content.
 * Masters who are not grand masters only look (spec doc 3 §6). A sub-user — the hand who builds and
 * turns the windrows — creates and runs batches and records turnings; what the account's batches
 * are measured against and what is archived stays with the owner.
 */
export const BATCH_CHANGES = ['editBatch', 'recordTurning', 'archiveBatch', 'editBatchDefaults'] as const;
export type BatchChange = (typeof BATCH_CHANGES)[number];

export function mayChangeBatches(ctx: ChangeRightsContext, change: BatchChange): boolean {
  if (ctx.master) return ctx.grandMaster;
  if (ctx.admin) return true;
  if (ctx.subUser) return change === 'editBatch' || change === 'recordTurning';
  return true;
}

import type { ChangeRightsContext } from '../changeRights.js';

/**
 * What a user may do with the fan controllers of an account it sees (docs/decisions/0037-fan-control.md),
 * beside the shared change rights (changeRights.ts), which it follows for masters and admins:
 * - driveFan: a manual command (auto, on, off) and running the scheduler now;
 * - assignFan: which storage, batch or monitor a channel serves, its name and outdoor probe.
 * Masters who are not grand masters only look (spec doc 3 §6 read-only). A sub-user — the farm hand at
 * the bin — switches a fan by hand, but what a controller is wired to stays with the owner.
 */
export const FAN_CHANGES = ['driveFan', 'assignFan'] as const;
export type FanChange = (typeof FAN_CHANGES)[number];

export function mayChangeFans(ctx: ChangeRightsContext, change: FanChange): boolean {
  if (ctx.master) return ctx.grandMaster;
  if (ctx.admin) return true;
  if (ctx.subUser) return change === 'driveFan';
  return true;
}

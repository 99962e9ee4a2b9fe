import type { RoleContext } from './roles.js';
import { firstPlan } from './roles.js';

/** Why a user is stopped by the blocking renewal dialog, if they are (spec doc 2 §4). */
export type ExpiryBlock = 'planExpired' | 'simExpired' | null;

/**
 * Spec doc 2 §4 "Plan and SIM expiry: non-admin users get a blocking dialog with a renewal action";
 * doc 3 §9 names the states planExpired and simExpired (serviceExpired is the Insight screen's). The
 * plan is the account's first plan (the spec's plan rules all read the first); the SIM is the
 * selected station's. A plan outranks a SIM: renewing the plan is what the user must do first.
 */
export function expiryBlock(ctx: Pick<RoleContext, 'admin' | 'plans'>, simExpired: boolean): ExpiryBlock {
  if (ctx.admin) return null;
  if (firstPlan(ctx)?.expired) return 'planExpired';
  return simExpired ? 'simExpired' : null;
}

/** Where the dialog's renewal action leads (spec doc 2 §2.8 nested checkout routes). */
export function renewalPath(block: Exclude<ExpiryBlock, null>): string {
  return block === 'simExpired' ? '/account/services/checkout/?type=sim' : '/account/services/checkout/';
}

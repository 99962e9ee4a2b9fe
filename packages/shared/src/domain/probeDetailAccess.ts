import {
  hasInsightService,
  isCompostSupervisor,
  isPremiumActive,
  isSupervisor,
  type RoleContext,
} from './roles.js';
import { hasVerificationEntitlement } from './verification/verificationRules.js';

/** Spec doc 1 §9: a service trial of −1 means the trial was refused. */
export const TRIAL_REFUSED = -1;

/**
 * What opening a probe's detail leads to (spec doc 2 §2.4, §4, §6):
 * - 'open' for admins, Insight-service users and premium users whose first plan has not expired;
 * - 'limited' for a free user with limited data whose trial was refused: the limited-history
 *   dialog (an admin acting for them still opens the data);
 * - 'denied' for everyone else.
 */
export type ProbeDetailAccess = 'open' | 'limited' | 'denied';

export function probeDetailAccess(ctx: RoleContext, limitFreeData: boolean): ProbeDetailAccess {
  if (ctx.admin) return 'open';
  if (limitFreeData && ctx.service?.trial === TRIAL_REFUSED) return 'limited';
  if (hasInsightService(ctx) || isPremiumActive(ctx)) return 'open';
  return 'denied';
}

export const PROBE_DETAIL_TABS = ['history', 'data', 'properties', 'verification', 'regularity'] as const;
export type ProbeDetailTab = (typeof PROBE_DETAIL_TABS)[number];

/**
 * Spec doc 2 §2.4: Data for admins, supervisors, compost supervisors and Insight users;
 * Verification while the verification entitlement lasts (decision 0113; `nowS` omitted: never);
 * Regularity for admins who are not masters.
 */
export function probeDetailTabs(ctx: RoleContext, nowS?: number): ProbeDetailTab[] {
  const show: Record<ProbeDetailTab, boolean> = {
    history: true,
    data: ctx.admin || isSupervisor(ctx) || isCompostSupervisor(ctx) || hasInsightService(ctx),
    properties: true,
    verification:
      nowS !== undefined && hasVerificationEntitlement({ admin: ctx.admin, service: ctx.service, nowS }),
    regularity: ctx.admin && !ctx.master,
  };
  return PROBE_DETAIL_TABS.filter((tab) => show[tab]);
}

import type { UserInfo } from '../contracts/users.js';
import type { RoleContext } from './roles.js';

/** What of a farm's user info decides what its pages offer: its plan, its service, its storages switch. */
export type FarmFacts = Pick<UserInfo, 'plans' | 'service' | 'storagesEnabled'>;

/**
 * The role context a master works in while a farm that authorised it is selected (issue 32, decision
 * 0108). A master (an advisor, a co-operative) usually has a Free account of its own: its own plan
 * would hide the storages and refuse probe detail on every farm it serves. The farm's grant is what
 * counts, so the plan-based rules (storages, probe detail, the site plan, the expiry notices) read the
 * selected farm's plan, service and storages switch; the role flags stay the master's, so every change
 * rule still reads it as a master (read-only) or grand master (spec doc 3 §6).
 * Anyone else, or a master on its own stations (`farm` null), keeps its own context.
 */
export function farmRoleContext(ctx: RoleContext, farm: FarmFacts | null): RoleContext {
  if (!ctx.master || ctx.admin || farm === null) return ctx;
  return { ...ctx, plans: farm.plans, service: farm.service, storagesEnabled: farm.storagesEnabled };
}

/**
 * The account whose facts a master's context needs: the selected station's owner when that is another
 * account (undefined otherwise: nothing to load).
 */
export function farmToLoad(
  ctx: Pick<RoleContext, 'master' | 'admin'>,
  ownUid: number,
  selectedOwnerUid: number | undefined,
): number | undefined {
  if (!ctx.master || ctx.admin || selectedOwnerUid === undefined || selectedOwnerUid === ownUid)
    return undefined;
  return selectedOwnerUid;
}

import type { Plan, Service } from '../contracts/users.js';
import { maySeeSiteIndex } from './siteIndex.js';

/**
 * Who sees which side-menu entry and where "/" leads (spec doc 1 §2 "Side menu entries",
 * doc 3 §6 "Roles and permissions"), with one departure: language and logout are for everyone.
 * Pure, so the web shell and the server agree.
 */
export interface RoleContext {
  admin: boolean;
  adminGroup: number | null;
  master: boolean;
  grandMaster: boolean;
  /** A sub-user of an account's main user (a farm hand): sees the account, changes little of it. */
  subUser: boolean;
  translator: boolean;
  partnerApp: 'gari' | 'haytech' | null;
  siteindex: boolean;
  storagesEnabled: boolean;
  bsCount: number;
  plans: Plan[];
  service: Service | null;
}

export const MENU_ENTRIES = [
  'translations',
  'admin',
  'siteindex',
  'batches',
  'storages',
  'probes',
  'settings',
  'account',
  'instructions',
  'language',
  'logout',
] as const;
export type MenuEntry = (typeof MENU_ENTRIES)[number];

/** Staff levels, spec doc 1 §3: Root 0, Admin 1, Tech 2, Sales 3. */
export const STAFF_LEVELS = { root: 0, admin: 1, tech: 2, sales: 3 } as const;

/** Segment 14 = waste (compost), spec doc 1 §1. */
export const SEGMENT_GRAIN = 13;
export const SEGMENT_WASTE = 14;

export function firstPlan(ctx: Pick<RoleContext, 'plans'>): Plan | undefined {
  return ctx.plans[0];
}

export function isSupervisor(ctx: Pick<RoleContext, 'plans'>): boolean {
  const p = firstPlan(ctx);
  return p?.planName === 'Supervisor' || p?.planName === 'Grain Supervisor';
}

/** A compost supervisor is a supervisor on the waste segment. */
export function isCompostSupervisor(ctx: Pick<RoleContext, 'plans'>): boolean {
  return isSupervisor(ctx) && firstPlan(ctx)?.segment === SEGMENT_WASTE;
}

export function hasInsightService(ctx: Pick<RoleContext, 'service'>): boolean {
  return ctx.service !== null;
}

/** "Premium with a non-expired first plan": any paid plan other than Insight (which is a service). */
export function isPremiumActive(ctx: Pick<RoleContext, 'plans'>): boolean {
  const p = firstPlan(ctx);
  return p !== undefined && p.planName !== 'Free' && p.planName !== 'INSIGHT' && !p.expired;
}

export function isPartnerAppUser(ctx: Pick<RoleContext, 'partnerApp'>): boolean {
  return ctx.partnerApp !== null;
}

export function canSeeStorages(ctx: RoleContext): boolean {
  if (ctx.admin) return true;
  if (isPartnerAppUser(ctx)) return false;
  const entitled = hasInsightService(ctx) || isSupervisor(ctx) || isPremiumActive(ctx);
  if (!entitled) return false;
  return isCompostSupervisor(ctx) ? ctx.storagesEnabled : true;
}

export function visibleMenuEntries(ctx: RoleContext): MenuEntry[] {
  const partner = isPartnerAppUser(ctx);
  const show: Record<MenuEntry, boolean> = {
    translations: ctx.translator || (ctx.admin && ctx.adminGroup === STAFF_LEVELS.root),
    admin: ctx.admin && !ctx.master,
    siteindex: maySeeSiteIndex(ctx),
    batches: isCompostSupervisor(ctx) && !partner,
    storages: canSeeStorages(ctx),
    probes: true,
    settings: !ctx.master,
    account: !partner,
    instructions: true,
    // Spec doc 1 §2 hides logout from master users, which left them no way out of a shared device
    // and no way to change the language (they see no settings): every user may do both
    // (docs/decisions/0010-everyone-can-log-out-and-choose-a-language.md).
    language: true,
    logout: true,
  };
  return MENU_ENTRIES.filter((e) => show[e]);
}

/**
 * Where "/" leads: batches for compost supervisors, storages when available, otherwise probes.
 * `available` lists the routes this build serves, so the rule never points at a missing page.
 * Batches is not for gari or hay-app users (spec doc 1 §2 side menu), so "/" does not lead them there.
 */
export function rootRedirect(ctx: RoleContext, available: readonly MenuEntry[] = MENU_ENTRIES): string {
  if (isCompostSupervisor(ctx) && !isPartnerAppUser(ctx) && available.includes('batches')) return '/batches';
  if (canSeeStorages(ctx) && available.includes('storages')) return '/storages';
  return '/probes';
}

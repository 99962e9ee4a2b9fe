import type { Service } from '../../contracts/users.js';

/**
 * The layout view's modes (spec doc 3 §2 "Storage detail"): 1 temperatures, 2 hay loads, 3 stack
 * editor, 4 hay quality, 5 probe RSSI, 6 base-station RSSI, 7 battery, 8 data age.
 */
export const LAYOUT_VIEW_MODES = [1, 2, 3, 4, 5, 6, 7, 8] as const;
export type LayoutViewMode = (typeof LAYOUT_VIEW_MODES)[number];

/** The modes that draw one value per probe from its latest reading (admin only, doc 3 §6). */
export const DIAGNOSTIC_MODES = [5, 6, 7, 8] as const;
export type DiagnosticMode = (typeof DIAGNOSTIC_MODES)[number];

export function isDiagnosticMode(mode: LayoutViewMode): mode is DiagnosticMode {
  return (DIAGNOSTIC_MODES as readonly number[]).includes(mode);
}

/** What decides which modes a user is offered for one storage. */
export interface LayoutModeContext {
  admin: boolean;
  master: boolean;
  service: Pick<Service, 'trial' | 'expDate'> | null;
  /** The storage is a stacks layout (layoutType 3). */
  stacks: boolean;
  /** The user may change the storage (mayChange 'editStorage'): masters who are not grand masters may not. */
  mayEdit: boolean;
  /** Hay management is switched on (doc 3 §2 mode 2 "Only if enabled"); see decision 0031. */
  hayLoadsEnabled: boolean;
  nowS: number;
}

/**
 * Spec doc 3 §6 "Hay quality: available to users with a valid paid or trial service": a service
 * whose trial was not refused (doc 3 §9 "-1 refused") and whose expiry date, if any, has not passed.
 * Admins always ("Sees hay quality in admin-only form").
 */
export function mayViewHayQuality(ctx: Pick<LayoutModeContext, 'admin' | 'service' | 'nowS'>): boolean {
  if (ctx.admin) return true;
  const s = ctx.service;
  if (s === null) return false;
  return s.trial !== -1 && (s.expDate === null || s.expDate > ctx.nowS);
}

/**
 * Whether mode `mode` is offered (spec doc 3 §2 modes table, §6 roles): temperatures always; hay
 * loads only when enabled; the stack editor for a stacks storage to those who may edit it (masters
 * who are not grand masters see it hidden); hay quality for a valid service or admins; RSSI,
 * battery and data age to admins who are not masters ("Admin, not master … sees the extra RSSI,
 * battery and data-age modes").
 */
export function isLayoutModeVisible(mode: LayoutViewMode, ctx: LayoutModeContext): boolean {
  switch (mode) {
    case 1:
      return true;
    case 2:
      return ctx.hayLoadsEnabled;
    case 3:
      return ctx.stacks && ctx.mayEdit;
    case 4:
      return mayViewHayQuality(ctx);
    default:
      return ctx.admin && !ctx.master;
  }
}

export function visibleLayoutModes(ctx: LayoutModeContext): LayoutViewMode[] {
  return LAYOUT_VIEW_MODES.filter((m) => isLayoutModeVisible(m, ctx));
}

/** The mode a route asks for (doc 3 §2: …/quality opens mode 4, …/edit mode 3), held to what is visible. */
export function initialLayoutMode(requested: LayoutViewMode, ctx: LayoutModeContext): LayoutViewMode {
  return isLayoutModeVisible(requested, ctx) ? requested : 1;
}

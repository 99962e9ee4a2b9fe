import { mayChange, type ChangeRightsContext } from './changeRights.js';
import {
  firstPlan,
  hasInsightService,
  isCompostSupervisor,
  isPartnerAppUser,
  isPremiumActive,
  SEGMENT_WASTE,
  type RoleContext,
} from './roles.js';

/**
 * What the settings area shows to whom (spec doc 1 §2 "Settings view groups", §4, §6; doc 2 §2.1,
 * §2.3, §6). Pure, so the rules are tested once and the web app only renders them.
 */
export const SETTINGS_TABS = ['preferences', 'probes', 'basestation', 'rc'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

export interface SettingsContext extends RoleContext {
  /** RC (field controller) units of the account; none exist yet in this product. */
  rcUnitCount: number;
}

/** RC: a compost supervisor with RC units who is not a gari or hay-app user. */
export function canSeeRcSettings(ctx: SettingsContext): boolean {
  return isCompostSupervisor(ctx) && ctx.rcUnitCount > 0 && !isPartnerAppUser(ctx);
}

/**
 * The tabs in the spec's order (Preferences, Probes, Base station, RC). Master users see nothing;
 * gari and hay-app users have no Preferences.
 */
export function visibleSettingsTabs(ctx: SettingsContext): SettingsTab[] {
  if (ctx.master) return [];
  const show: Record<SettingsTab, boolean> = {
    preferences: !isPartnerAppUser(ctx),
    probes: true,
    basestation: true,
    rc: canSeeRcSettings(ctx),
  };
  return SETTINGS_TABS.filter((t) => show[t]);
}

/** The tab "/settings" opens: the requested one when visible, otherwise the first visible one. */
export function settingsTabToOpen(
  requested: string | null | undefined,
  visible: readonly SettingsTab[],
): SettingsTab | null {
  if (requested && (visible as readonly string[]).includes(requested)) return requested as SettingsTab;
  return visible[0] ?? null;
}

/** General alert settings (safety and temperature alert): Insight users or premium plans. */
export function canSeeAlertSettings(ctx: Pick<RoleContext, 'plans' | 'service'>): boolean {
  return hasInsightService(ctx) || isPremiumActive(ctx);
}

/** Spec doc 1 §4: handle temperature is forced off for plan level 4 segment 14. */
export function handleTempForcedOff(ctx: Pick<RoleContext, 'plans'>): boolean {
  const p = firstPlan(ctx);
  return p?.planLevel === 4 && p.segment === SEGMENT_WASTE;
}

/**
 * The handle-temperature toggle: for admins, or for users who are not compost supervisors and have
 * temperature data (a probe measuring more than one depth has a handle value of its own).
 */
export function canSeeHandleTempToggle(
  ctx: Pick<RoleContext, 'admin' | 'plans'>,
  hasTemperatureData: boolean,
): boolean {
  return ctx.admin || (!isCompostSupervisor(ctx) && hasTemperatureData);
}

/** Default batch settings and report content: compost supervisors only. */
export function canSeeBatchDefaults(ctx: Pick<RoleContext, 'plans'>): boolean {
  return isCompostSupervisor(ctx);
}

/**
 * Spec doc 2 §6: an ordinary user transfers probes only with more than one station; admins always;
 * never a sub-user or a read-only master (changeRights.ts).
 */
export function canTransferProbes(ctx: ChangeRightsContext & Pick<RoleContext, 'bsCount'>): boolean {
  return mayChange(ctx, 'transferProbes') && (ctx.admin || ctx.bsCount > 1);
}

export type ProbeGroupFilter =
  | { kind: 'all' }
  | { kind: 'vacant' }
  | { kind: 'storage'; id: string; name: string }
  | { kind: 'batch'; id: string; name: string };

/**
 * Spec doc 2 §2.3: all probes, vacant probes (in no storage and no batch), one entry per storage and
 * per batch; with an expired plan the storage and batch groups are hidden.
 */
export function probeGroupFilters(input: {
  storages: readonly { id: string; name: string }[];
  batches: readonly { id: string; name: string }[];
  planExpired: boolean;
}): ProbeGroupFilter[] {
  const out: ProbeGroupFilter[] = [{ kind: 'all' }, { kind: 'vacant' }];
  if (input.planExpired) return out;
  for (const s of input.storages) out.push({ kind: 'storage', id: s.id, name: s.name });
  for (const b of input.batches) out.push({ kind: 'batch', id: b.id, name: b.name });
  return out;
}

/** Spec doc 2 §5, §9: probe search in the toggle and transfer dialogs starts at 2 characters. */
export const PROBE_SEARCH_MIN_LENGTH = 2;
/** Spec doc 2 §9: probe find debounce 150 ms, dialog search debounce 300 ms; snackbar 3 s. */
export const PROBE_FIND_DEBOUNCE_MS = 150;
export const DIALOG_SEARCH_DEBOUNCE_MS = 300;
export const SNACKBAR_MS = 3_000;

/** Filters probes by a dialog search text; shorter than the minimum length filters nothing. */
export function matchesProbeSearch(
  probe: { sensor_id_sys: string; sensor_name: string | null },
  search: string,
  minLength = PROBE_SEARCH_MIN_LENGTH,
): boolean {
  const q = search.trim().toLowerCase();
  if (q.length < minLength) return true;
  return probe.sensor_id_sys.toLowerCase().includes(q) || (probe.sensor_name ?? '').toLowerCase().includes(q);
}

/** Spec doc 2 §5: a transfer needs a target station (other than the source) and at least one probe. */
export function canSubmitTransfer(input: {
  currentBs: string;
  targetBs: string | null | undefined;
  selectedCount: number;
}): boolean {
  return !!input.targetBs && input.targetBs !== input.currentBs && input.selectedCount > 0;
}

/** Spec doc 1 §4, §9: the chosen base station is remembered in a cookie for 1 day. */
export const STATION_COOKIE = 'selectedBS';
export const STATION_COOKIE_MAX_AGE_S = 86_400;

/** Gari and hay-app users do not get the remembered station. */
export function remembersStationChoice(ctx: Pick<RoleContext, 'partnerApp'>): boolean {
  return !isPartnerAppUser(ctx);
}

/** The remembered station, if this user may remember and may still see it. */
export function stationFromCookie(
  cookieValue: string | null | undefined,
  visibleIds: readonly string[],
  ctx: Pick<RoleContext, 'partnerApp'>,
): string | null {
  if (!cookieValue || !remembersStationChoice(ctx)) return null;
  return visibleIds.includes(cookieValue) ? cookieValue : null;
}

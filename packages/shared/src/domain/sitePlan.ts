import { mayChange, type ChangeRightsContext } from './changeRights.js';
import {
  SITE_COLUMNS_DEFAULT,
  SITE_EXTENT_MAX,
  SITE_EXTENT_MIN,
  SITE_LABEL_ELEVATION_MAX,
  SITE_ROWS_DEFAULT,
  SITE_SILO_WIDTH_MIN,
  SITE_STORAGE_DEPTH_MAX,
  SITE_STORAGE_FLOORS_MAX,
  SITE_STORAGE_WIDTH_MAX,
  type SiteInput,
  type SiteLabel,
  type SiteStorage,
} from '../contracts/sites.js';
import { firstPlan, hasInsightService, isCompostSupervisor, type RoleContext } from './roles.js';

/** The footprint of a storage the plan did not have (docs/decisions/0025-site-plan-store.md). */
export const GENERATED_STORAGE = { wid: 3, hei: 2, floors: 1, color: '#a1887f', isSilo: false } as const;
/** Spec doc 3 §5: a new label reads "New label", at the centre of the site, elevation 3. */
export const NEW_LABEL_TEXT = 'New label';
export const NEW_LABEL_ELEVATION = 3;

/** The plan a station has before anyone saves one (spec doc 3 §3 defaults). */
export function emptySite(bsId: string): SiteInput {
  return {
    BS_ID: bsId,
    columns: SITE_COLUMNS_DEFAULT,
    rows: SITE_ROWS_DEFAULT,
    // Not given by the spec: on, because a hot storage should be seen before it is read (decision 0030).
    showColors: true,
    labels: [],
    siteStorages: [],
  };
}

/**
 * Where the storage at this index of the generated ones goes (spec doc 3 §4 "positions by index"):
 * row by row with one free cell between storages, wrapped at the site's width; positions that would
 * leave the site are held at its far edge so the plan stays valid however many storages there are.
 */
export function generatedPosition(
  index: number,
  columns: number,
  rows: number,
): { left: number; top: number } {
  const { wid, hei } = GENERATED_STORAGE;
  const perRow = Math.max(1, Math.floor((columns + 1) / (wid + 1)));
  const left = (index % perRow) * (wid + 1);
  const top = Math.floor(index / perRow) * (hei + 1);
  return {
    left: Math.max(0, Math.min(left, columns - wid)),
    top: Math.max(0, Math.min(top, rows - hei)),
  };
}

/**
 * Spec doc 3 §4 "Site plan": the plan of a station's storages as it is shown. Entries of storages
 * that no longer exist (or moved to another station) are dropped, each storage without an entry is
 * placed by its index among the missing ones, and `generated` says the server placed something.
 */
export function completeSitePlan(
  site: SiteInput | null,
  bsId: string,
  storageIds: readonly number[],
): { site: SiteInput; generated: boolean } {
  const base = site ?? emptySite(bsId);
  const existing = new Set(storageIds);
  const kept = base.siteStorages.filter((s) => existing.has(s.id));
  const placed = new Set(kept.map((s) => s.id));
  const missing = [...new Set(storageIds)].filter((id) => !placed.has(id));
  const added: SiteStorage[] = missing.map((id, index) => ({
    id,
    ...GENERATED_STORAGE,
    ...generatedPosition(index, base.columns, base.rows),
  }));
  return {
    site: { ...base, BS_ID: bsId, siteStorages: [...kept, ...added] },
    generated: site === null || added.length > 0,
  };
}

/** A problem with a site plan, where it is, for a 400 answer. */
export interface SitePlanProblem {
  message: string;
  path: string;
}

/**
 * Spec doc 3 §5 "Site": the ranges the zod schema cannot check alone — a silo at least 2 wide, every
 * storage and label within the site, each storage and label once.
 */
export function checkSitePlan(site: SiteInput): SitePlanProblem | null {
  const seen = new Set<number>();
  for (const [i, s] of site.siteStorages.entries()) {
    const path = `site.siteStorages.${i}`;
    if (seen.has(s.id)) return { message: `Storage ${s.id} is on the site twice.`, path };
    seen.add(s.id);
    if (s.wid < (s.isSilo ? SITE_SILO_WIDTH_MIN : 1) || s.wid > SITE_STORAGE_WIDTH_MAX)
      return { message: `A ${s.isSilo ? 'silo' : 'storage'} is 1 to 10 wide (a silo at least 2).`, path };
    if (s.hei < 1 || s.hei > SITE_STORAGE_DEPTH_MAX) return { message: 'A storage is 1 to 5 deep.', path };
    if (s.floors < 1 || s.floors > SITE_STORAGE_FLOORS_MAX)
      return { message: 'A storage has 1 to 6 floors.', path };
    if (s.left < 0 || s.left + s.wid > site.columns || s.top < 0 || s.top + depthOf(s) > site.rows)
      return { message: `Storage ${s.id} does not fit on the site.`, path };
  }
  const labelIds = new Set<string>();
  for (const [i, l] of site.labels.entries()) {
    const path = `site.labels.${i}`;
    if (labelIds.has(l.id)) return { message: `Label ${l.id} is on the site twice.`, path };
    labelIds.add(l.id);
    if (l.elevation < 1 || l.elevation > SITE_LABEL_ELEVATION_MAX)
      return { message: 'A label elevation is 1 to 10.', path };
    if (l.left < 0 || l.left > site.columns || l.top < 0 || l.top > site.rows)
      return { message: `Label ${l.id} is outside the site.`, path };
  }
  return null;
}

/** A silo is round: its depth is its width, whatever `hei` says (the silo form hides depth). */
export function depthOf(s: Pick<SiteStorage, 'wid' | 'hei' | 'isSilo'>): number {
  return s.isSilo ? s.wid : s.hei;
}

/** Spec doc 3 §5: a new label, "New label" at the centre of the site, elevation 3, with a fresh id. */
export function newSiteLabel(site: Pick<SiteInput, 'columns' | 'rows' | 'labels'>, color: string): SiteLabel {
  const next = site.labels.reduce((max, l) => Math.max(max, Number(l.id) || 0), 0) + 1;
  return {
    id: String(next),
    text: NEW_LABEL_TEXT,
    left: site.columns / 2,
    top: site.rows / 2,
    elevation: NEW_LABEL_ELEVATION,
    color,
  };
}

const clamp = (v: number, min: number, max: number) => Math.min(Math.max(v, min), max);

/** Spec doc 3 §5 "Site columns and rows 1-100": a typed or slid extent, held in range. */
export function clampSiteExtent(n: number): number {
  return clamp(Math.round(n), SITE_EXTENT_MIN, SITE_EXTENT_MAX);
}

/**
 * Spec doc 3 §5: a storage entry held within its ranges and inside a site of this size (used when the
 * site shrinks or a storage grows, so the plan stays one the server accepts). Size first, then the
 * position from 0 up to the site extent minus the storage size.
 */
export function fitSiteStorage(s: SiteStorage, columns: number, rows: number): SiteStorage {
  const wid = clamp(s.wid, s.isSilo ? SITE_SILO_WIDTH_MIN : 1, Math.min(SITE_STORAGE_WIDTH_MAX, columns));
  const hei = clamp(s.hei, 1, Math.min(SITE_STORAGE_DEPTH_MAX, rows));
  const floors = clamp(s.floors, 1, SITE_STORAGE_FLOORS_MAX);
  const depth = depthOf({ wid, hei, isSilo: s.isSilo });
  return {
    ...s,
    wid,
    hei,
    floors,
    left: clamp(s.left, 0, Math.max(0, columns - wid)),
    top: clamp(s.top, 0, Math.max(0, rows - depth)),
  };
}

/** An inclusive range of a site editor slider. */
export interface SiteRange {
  min: number;
  max: number;
}

/** The editor's ranges of one storage entry on a site of this size (spec doc 3 §5 "Site"). */
export interface SiteStorageRanges {
  wid: SiteRange;
  /** Null for a silo: it is round, the silo form hides depth. */
  hei: SiteRange | null;
  floors: SiteRange;
  left: SiteRange;
  top: SiteRange;
}

/**
 * Spec doc 3 §5: width 1-10 (at least 2 for a silo), depth 1-5, floors 1-6, left and top from 0 up
 * to the site extent minus the storage size. Size ranges are also held within the site, so a slider
 * never offers a size the site cannot hold (a 3-column site offers widths 1-3).
 */
export function siteStorageRanges(
  s: Pick<SiteStorage, 'wid' | 'hei' | 'isSilo'>,
  site: Pick<SiteInput, 'columns' | 'rows'>,
): SiteStorageRanges {
  const widMin = s.isSilo ? SITE_SILO_WIDTH_MIN : 1;
  return {
    wid: { min: widMin, max: Math.max(widMin, Math.min(SITE_STORAGE_WIDTH_MAX, site.columns)) },
    hei: s.isSilo ? null : { min: 1, max: Math.max(1, Math.min(SITE_STORAGE_DEPTH_MAX, site.rows)) },
    floors: { min: 1, max: SITE_STORAGE_FLOORS_MAX },
    left: { min: 0, max: Math.max(0, site.columns - s.wid) },
    top: { min: 0, max: Math.max(0, site.rows - depthOf(s)) },
  };
}

/** The editor's ranges of a label (spec doc 3 §5): anywhere on the site, elevation 1-10. */
export function siteLabelRanges(site: Pick<SiteInput, 'columns' | 'rows'>): {
  left: SiteRange;
  top: SiteRange;
  elevation: SiteRange;
} {
  return {
    left: { min: 0, max: site.columns },
    top: { min: 0, max: site.rows },
    elevation: { min: 1, max: SITE_LABEL_ELEVATION_MAX },
  };
}

/** A label held on a site of this size and within its elevation range. */
export function fitSiteLabel(l: SiteLabel, columns: number, rows: number): SiteLabel {
  return {
    ...l,
    left: clamp(l.left, 0, columns),
    top: clamp(l.top, 0, rows),
    elevation: clamp(Math.round(l.elevation), 1, SITE_LABEL_ELEVATION_MAX),
  };
}

/**
 * The site resized (spec doc 3 §5 "Site columns and rows 1-100"): the extent clamped, then every
 * storage and label moved (and if need be shrunk) so the plan stays inside, as the server requires.
 */
export function resizeSite<T extends SiteInput>(site: T, columns: number, rows: number): T {
  const c = clampSiteExtent(columns);
  const r = clampSiteExtent(rows);
  return {
    ...site,
    columns: c,
    rows: r,
    siteStorages: site.siteStorages.map((s) => fitSiteStorage(s, c, r)),
    labels: site.labels.map((l) => fitSiteLabel(l, c, r)),
  };
}

/**
 * One storage entry changed by the editor and held in its ranges: turning a 1-wide storage into a
 * silo makes it 2 wide, growing it near the edge moves it back inside.
 */
export function changeSiteStorage<T extends SiteInput>(
  site: T,
  id: number,
  change: Partial<Omit<SiteStorage, 'id'>>,
): T {
  return {
    ...site,
    siteStorages: site.siteStorages.map((s) =>
      s.id === id ? fitSiteStorage({ ...s, ...change }, site.columns, site.rows) : s,
    ),
  };
}

/** One label changed by the editor and held on the site. */
export function changeSiteLabel<T extends SiteInput>(
  site: T,
  id: string,
  change: Partial<Omit<SiteLabel, 'id'>>,
): T {
  return {
    ...site,
    labels: site.labels.map((l) =>
      l.id === id ? fitSiteLabel({ ...l, ...change }, site.columns, site.rows) : l,
    ),
  };
}

/**
 * Spec doc 3 §2 "Only one storage or label is expanded at a time": the key expanded after a click on
 * `key`'s header (`storage:3`, `label:2`) — it opens and closes any other, or closes when it was open.
 */
export function nextExpanded(current: string | null, key: string): string | null {
  return current === key ? null : key;
}

/**
 * The storages of a plan that nobody has placed yet (spec doc 3 §2 'Site not specified'): all of
 * them while the plan was never saved; otherwise the entries the server appended for storages the
 * saved plan lacked. `completeSitePlan` appends those last, the i-th of them with the generated
 * footprint at `generatedPosition(i)`, so the trailing run of such entries is what it added
 * (docs/decisions/0030-site-plan-web.md).
 */
export function unplacedSiteStorageIds(
  site: Pick<SiteInput, 'columns' | 'rows' | 'siteStorages'> & { updated_ts: number | null },
): number[] {
  const entries = site.siteStorages;
  if (site.updated_ts === null) return entries.map((s) => s.id);
  const looksGenerated = (s: SiteStorage, index: number) => {
    const at = generatedPosition(index, site.columns, site.rows);
    return (
      s.wid === GENERATED_STORAGE.wid &&
      s.hei === GENERATED_STORAGE.hei &&
      s.floors === GENERATED_STORAGE.floors &&
      s.color === GENERATED_STORAGE.color &&
      s.isSilo === GENERATED_STORAGE.isSilo &&
      s.left === at.left &&
      s.top === at.top
    );
  };
  // The longest tail whose i-th entry sits where the i-th generated storage would.
  for (let k = entries.length; k > 0; k--) {
    const tail = entries.slice(entries.length - k);
    if (tail.every(looksGenerated)) return tail.map((s) => s.id);
  }
  return [];
}

/** Spec doc 1 §1: plan level 4 is the grain and waste plan, the one with the site plan. */
export const SITE_PLAN_LEVEL = 4;

/**
 * Spec doc 3 §2 "The Site toggle needs plan level 4, a single base station or siteindex, no service,
 * and either not supervisor-compost or storages enabled."
 */
export function maySeeSiteToggle(
  ctx: Pick<RoleContext, 'plans' | 'bsCount' | 'siteindex' | 'service' | 'storagesEnabled'>,
): boolean {
  const plan = firstPlan(ctx);
  return (
    plan !== undefined &&
    plan.planLevel >= SITE_PLAN_LEVEL &&
    (ctx.bsCount === 1 || ctx.siteindex) &&
    !hasInsightService(ctx) &&
    (!isCompostSupervisor(ctx) || ctx.storagesEnabled)
  );
}

/**
 * Spec doc 3 §2 "Edit site is for non-master users or grand master" (§6: masters read only); a
 * sub-user reads only too (issue 28, docs/roles.md): the shared `mayChange('editSite')`, which the
 * server applies.
 */
export function mayEditSite(ctx: ChangeRightsContext): boolean {
  return mayChange(ctx, 'editSite');
}

/** Spec doc 3 §2 "The Monitors toggle is disabled for a master who is not grand master." */
export function monitorsToggleEnabled(ctx: Pick<RoleContext, 'master' | 'grandMaster'>): boolean {
  return !ctx.master || ctx.grandMaster;
}

/** Whether a station's SIM has expired: its expiry (epoch s) has passed; unknown is not expired. */
export function simHasExpired(simExpS: number | null, nowS: number): boolean {
  return simExpS !== null && simExpS <= nowS;
}

/** Why the storage list gives way to an info text, if it does. */
export type StorageListNotice = 'planExpired' | 'simExpired' | null;

/**
 * Spec doc 3 §2 "An expired plan or expired SIM shows an info text instead of the list"; admins
 * (who act for customers) always see the list, as the storages gate lets them in regardless.
 */
export function storageListNotice(
  ctx: Pick<RoleContext, 'admin' | 'plans'>,
  simExpired: boolean,
): StorageListNotice {
  if (ctx.admin) return null;
  if (firstPlan(ctx)?.expired) return 'planExpired';
  return simExpired ? 'simExpired' : null;
}

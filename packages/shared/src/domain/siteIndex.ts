import { isOver24h, isStale, readingAgeSeconds } from './readingAge.js';
import type { RoleContext } from './roles.js';
import { compareNames } from './compareNames.js';

/**
 * The site index's pure rules (spec doc 2 §2.7, §9; doc 1 §2 side menu; decision 0105): who sees it,
 * how old a site's data is, and the order of the sites. Both the server and the web run them.
 */

/** Spec doc 2 §9 "Multisite data refresh 120 s". */
export const SITE_INDEX_REFRESH_MS = 120_000;

/**
 * Spec doc 1 §2 "siteindex: master users, or users with a siteindex flag and more than one base
 * station" (doc 3 §6 the same). The side menu and the server's refusal both follow this.
 */
export function maySeeSiteIndex(ctx: Pick<RoleContext, 'master' | 'siteindex' | 'bsCount'>): boolean {
  return ctx.master || (ctx.siteindex && ctx.bsCount > 1);
}

/**
 * How a site's newest reading stands (spec doc 2 §9 "Stale over 24 h highlighted; over 7 days not
 * available"): `fresh`, `over24h` (highlighted), `notAvailable` (over 7 days: no temperature shown),
 * `noData` (no probe ever reported).
 */
export type SiteFreshness = 'fresh' | 'over24h' | 'notAvailable' | 'noData';

export function siteFreshness(lastDataTs: number | null, nowS: number): SiteFreshness {
  if (lastDataTs === null) return 'noData';
  const age = readingAgeSeconds(lastDataTs, nowS);
  if (isStale(age)) return 'notAvailable';
  if (isOver24h(age)) return 'over24h';
  return 'fresh';
}

/** Whether a reading still counts as the probe's temperature now (not over 7 days old). */
export function isCurrentReading(measTs: number, nowS: number): boolean {
  return !isStale(readingAgeSeconds(measTs, nowS));
}

export type SiteSortKey = 'hottest' | 'alerts' | 'name';

/** What the order needs of a site. */
export interface RankableSite {
  name: string;
  farmName: string;
  /** Tenths of °C; null when no current reading (over 7 days, or none). */
  hottest: number | null;
  openAlerts: number;
}

function byName(a: RankableSite, b: RankableSite): number {
  return compareNames(a.farmName, b.farmName) || compareNames(a.name, b.name);
}

/**
 * Sorted copy. `hottest` (the default, decision 0105): the hottest site first; sites without a
 * current temperature last, as stale probes sort last in the probe list. `alerts`: most open alerts
 * first, then hottest. `name`: farm, then site, A to Z. Ties fall back to the names, so the order
 * holds between refreshes.
 */
export function rankSites<T extends RankableSite>(sites: readonly T[], key: SiteSortKey): T[] {
  const hottestFirst = (a: T, b: T): number => {
    if ((a.hottest === null) !== (b.hottest === null)) return a.hottest === null ? 1 : -1;
    return (b.hottest ?? 0) - (a.hottest ?? 0);
  };
  const compare = (a: T, b: T): number => {
    if (key === 'name') return byName(a, b);
    if (key === 'alerts') return b.openAlerts - a.openAlerts || hottestFirst(a, b) || byName(a, b);
    return hottestFirst(a, b) || byName(a, b);
  };
  return [...sites].sort(compare);
}

/** The filter box: a site matches when its name, its farm's name or its station id contains the text. */
export function siteMatches(site: { name: string; farmName: string; bsId: string }, text: string): boolean {
  const q = text.trim().toLocaleLowerCase();
  if (q === '') return true;
  return [site.name, site.farmName, site.bsId].some((s) => s.toLocaleLowerCase().includes(q));
}

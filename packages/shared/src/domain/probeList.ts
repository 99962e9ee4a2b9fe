import { compareNames } from './compareNames.js';

/**
 * Ordering and paging of the probe list (spec doc 2 §2.2, §4, §9; doc 1 §9).
 */

/** Spec doc 2 §9: 50 rows per page, 200 inside a storage; options 50/100/200/All. */
export const PROBE_PAGE_SIZE_DEFAULT = 50;
export const PROBE_PAGE_SIZE_IN_STORAGE = 200;
export const PROBE_PAGE_SIZES = [50, 100, 200] as const;
/** "All" as a page size (the convention of table paginators). */
export const ALL_ROWS = -1;

/** Spec doc 2 §2.2 / §9: the timestamp highlight refreshes every 20 seconds. */
export const TIMESTAMP_REFRESH_MS = 20_000;

export type ProbeSortKey = 'name' | 'temperature';
export type SortDirection = 'asc' | 'desc';
export interface ProbeSort {
  key: ProbeSortKey;
  direction: SortDirection;
}

/** Spec doc 1 §9: default sensor sort is temperature ascending. */
export const DEFAULT_PROBE_SORT: ProbeSort = { key: 'temperature', direction: 'asc' };

export interface SortableProbe {
  name: string;
  /** Every depth of the latest reading (tenths of °C), handle first; empty when it never reported. */
  temperatures: readonly number[];
  /** Older than 7 days (or never reported): shows n/a and sorts below fresh readings. */
  stale: boolean;
}

/**
 * The temperature a probe sorts by: its hottest depth (tenths of °C), null without a reading.
 * A stack heats from the inside, so a windrow at 43.8 / 61.9 / 60.4 is a 61.9 °C windrow
 * (spec doc 3 §9: the storage temperature shown is the maximum one), not a 43.8 °C one.
 */
export function hottestTemperature(temperatures: readonly number[]): number | null {
  let hottest: number | null = null;
  for (const t of temperatures) if (Number.isFinite(t) && (hottest === null || t > hottest)) hottest = t;
  return hottest;
}

/**
 * Sorted copy; temperature means the hottest depth. Stale probes (spec doc 2 §4: over 7 days) always
 * come after fresh ones, whatever the direction, because their temperature is not a current value
 * and would otherwise sit at the top of an ascending list. Ties fall back to the name so the order
 * is stable between refreshes.
 */
export function sortProbes<T extends SortableProbe>(rows: readonly T[], sort: ProbeSort): T[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  const keyed = rows.map((row) => ({ row, hottest: hottestTemperature(row.temperatures) }));
  keyed.sort((a, b) => {
    const aLast = a.row.stale || a.hottest === null;
    const bLast = b.row.stale || b.hottest === null;
    if (aLast !== bLast) return aLast ? 1 : -1;
    if (sort.key === 'temperature' && !aLast && a.hottest !== b.hottest) {
      return sign * ((a.hottest ?? 0) - (b.hottest ?? 0));
    }
    const n = compareNames(a.row.name, b.row.name);
    return sort.key === 'name' ? sign * n : n;
  });
  return keyed.map((k) => k.row);
}

/**
 * Page sizes worth offering for `count` probes: a size is offered only when it is smaller than the
 * count (a bigger one would equal "All"), and "All" only when there is more than one page.
 * An empty result means the whole list fits on one page, so no paginator is needed.
 */
export function probePageSizeOptions(count: number, defaultSize: number = PROBE_PAGE_SIZE_DEFAULT): number[] {
  if (count <= defaultSize) return [];
  return [...PROBE_PAGE_SIZES.filter((s) => s >= defaultSize && s < count), ALL_ROWS];
}

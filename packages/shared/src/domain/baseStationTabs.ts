import type { BasestationSummary } from '../contracts/baseStations.js';

/**
 * The base-station tab strip of the top bar (spec doc 1 §2 "Top bar", §9).
 * Stations merged into one group share their probes, so a group is one tab, labelled with its
 * first station's display name (or id) and the group size.
 */

/** Spec doc 1 §9: tab labels narrow at 10 or more base stations. */
export const TAB_LABELS_NARROW_AT = 10;

export type TabStation = Pick<BasestationSummary, 'bs_id' | 'display_name' | 'bsGroup' | 'groupSize'>;

export interface StationTab {
  /** The station selected when the tab is chosen (the group's first station). */
  bsId: string;
  label: string;
  groupSize: number;
  memberIds: string[];
}

export function stationLabel(station: Pick<TabStation, 'bs_id' | 'display_name'>): string {
  const name = station.display_name?.trim();
  return name ? name : station.bs_id;
}

export function stationTabs(stations: readonly TabStation[]): StationTab[] {
  const tabs: StationTab[] = [];
  const byGroup = new Map<string, StationTab>();
  for (const s of stations) {
    const existing = s.bsGroup ? byGroup.get(s.bsGroup) : undefined;
    if (existing) {
      existing.memberIds.push(s.bs_id);
      existing.groupSize = Math.max(existing.groupSize, existing.memberIds.length);
      continue;
    }
    const tab: StationTab = {
      bsId: s.bs_id,
      label: stationLabel(s),
      groupSize: Math.max(1, s.groupSize),
      memberIds: [s.bs_id],
    };
    tabs.push(tab);
    if (s.bsGroup) byGroup.set(s.bsGroup, tab);
  }
  return tabs;
}

/** The tab holding a station, so choosing any member of a group highlights the group's tab. */
export function tabOfStation(
  tabs: readonly StationTab[],
  bsId: string | null | undefined,
): StationTab | undefined {
  if (!bsId) return undefined;
  return tabs.find((t) => t.memberIds.includes(bsId));
}

export function tabLabelsNarrow(tabCount: number): boolean {
  return tabCount >= TAB_LABELS_NARROW_AT;
}

/** "Name (3)" for a group of three, plain "Name" for a single station. */
export function stationTabText(tab: Pick<StationTab, 'label' | 'groupSize'>): string {
  return tab.groupSize > 1 ? `${tab.label} (${tab.groupSize})` : tab.label;
}

/** Spec doc 1 §4: newData carries bs_ids as a space-separated list. */
export function parseBsIds(list: string): string[] {
  return list.split(/\s+/).filter((s) => s.length > 0);
}

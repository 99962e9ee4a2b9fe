import type { SiteName } from '@emberwatch/shared/contracts/sites';
import type { HottestProbe, MultisiteFarm, MultisiteSite } from '@emberwatch/shared/contracts/siteIndex';
import { isCurrentReading, siteFreshness } from '@emberwatch/shared/domain/siteIndex';
import type { StationProbes } from './stationProbes.cache.js';
import type { FarmRow, RuleAlertsRow, StationRow } from './siteIndex.repository.js';

export interface MultisiteInput {
  farms: readonly FarmRow[];
  stations: readonly StationRow[];
  /** Each station's enabled probes with their latest readings (StationProbesCache). */
  probes: ReadonlyMap<string, StationProbes>;
  alerts: readonly RuleAlertsRow[];
  names: readonly SiteName[];
  nowS: number;
}

function farmName(f: FarmRow): string {
  return [f.firstname, f.lastname].filter((p) => p && p.trim()).join(' ') || f.username;
}

/**
 * The site index from what the repository and the cache read: per station the enabled probes, the
 * newest reading, the hottest probe (its hottest depth with its correction, as the probe list shows
 * it; readings over 7 days old are not a temperature now, spec doc 2 §9) and the alerts of the
 * farm's rules on its probes. Farms without a station are left out; farms by name, sites by id.
 */
export function buildMultisite(input: MultisiteInput): MultisiteFarm[] {
  const { nowS } = input;
  const none: StationProbes = { count: 0, lastDataTs: null, hottestFirst: [], sensorIds: new Set() };
  const probesOf = (bsId: string) => input.probes.get(bsId) ?? none;

  // Each current alert counts on the station of the rule owner's that its probe is on.
  const stationsOf = new Map<number, string[]>();
  for (const s of input.stations)
    stationsOf.set(s.owner_user_id, [...(stationsOf.get(s.owner_user_id) ?? []), s.id]);
  const openAlerts = new Map<string, number>();
  for (const r of input.alerts)
    for (const a of JSON.parse(r.current_alerts) as { sensor_id: string }[]) {
      const bsId = stationsOf.get(r.owner_user_id)?.find((id) => probesOf(id).sensorIds.has(a.sensor_id));
      if (bsId !== undefined) openAlerts.set(bsId, (openAlerts.get(bsId) ?? 0) + 1);
    }

  const nameOf = new Map(input.names.map((n) => [`${n.siteUID}/${n.BS_ID}`, n.name]));
  const sitesOf = new Map<number, MultisiteSite[]>();
  for (const s of input.stations) {
    const probes = probesOf(s.id);
    const top = probes.hottestFirst.find((p) => isCurrentReading(p.measTs, nowS));
    const hottest: HottestProbe | null = top
      ? { sensor_id: top.sensorId, name: top.name, temperature: top.hottest, meas_ts: top.measTs }
      : null;
    const siteName = nameOf.get(`${s.owner_user_id}/${s.id}`) ?? null;
    const list = sitesOf.get(s.owner_user_id) ?? [];
    list.push({
      BS_ID: s.id,
      name: siteName ?? (s.display_name?.trim() || s.id),
      siteName,
      stationName: s.display_name,
      probes: probes.count,
      lastDataTs: probes.lastDataTs,
      freshness: siteFreshness(probes.lastDataTs, nowS),
      hottest,
      openAlerts: openAlerts.get(s.id) ?? 0,
    });
    sitesOf.set(s.owner_user_id, list);
  }

  const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
  return input.farms
    .filter((f) => sitesOf.has(f.id))
    .map((f) => ({ UID: f.id, name: farmName(f), username: f.username, sites: sitesOf.get(f.id)! }))
    .sort((a, b) => collator.compare(a.name, b.name) || a.UID - b.UID);
}

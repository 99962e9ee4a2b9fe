import type { ProbeCorrection } from '@emberwatch/shared/contracts/probeCorrection';
import { applyCorrection, correctionTimeline } from '@emberwatch/shared/domain/applyCorrection';
import { hottestTemperature } from '@emberwatch/shared/domain/probeList';
import type { ProbeLatestRow } from './siteIndex.repository.js';

/** One enabled probe of a station as the index needs it: its hottest depth now, corrected. */
export interface ProbeNow {
  sensorId: string;
  name: string | null;
  /** Tenths of °C: the hottest depth of its latest reading with its correction; null: no reading. */
  hottest: number | null;
  measTs: number | null;
}

/**
 * Longest a station's probes are served without an event: a probe renamed or disabled (which tell
 * no event) shows so within a minute, inside the page's 120 s refresh.
 */
const MAX_AGE_MS = 60_000;
const MAX_STATIONS = 50_000;

/**
 * A station's probes as the index reads them on every request, worked out once per load: how many,
 * the newest reading, the probes with a temperature hottest first (the hottest now is the first one
 * under 7 days old), and the probe ids (to place alerts).
 */
export interface StationProbes {
  count: number;
  lastDataTs: number | null;
  hottestFirst: readonly (ProbeNow & { hottest: number; measTs: number })[];
  sensorIds: ReadonlySet<string>;
}

interface Entry {
  probes: StationProbes;
  until: number;
}

export function summarise(probes: readonly ProbeNow[]): StationProbes {
  let lastDataTs: number | null = null;
  const withTemp: (ProbeNow & { hottest: number; measTs: number })[] = [];
  for (const p of probes) {
    if (p.measTs === null) continue;
    if (lastDataTs === null || p.measTs > lastDataTs) lastDataTs = p.measTs;
    if (p.hottest !== null) withTemp.push({ ...p, hottest: p.hottest, measTs: p.measTs });
  }
  withTemp.sort((a, b) => b.hottest - a.hottest || (a.sensorId < b.sensorId ? -1 : 1));
  return {
    count: probes.length,
    lastDataTs,
    hottestFirst: withTemp,
    sensorIds: new Set(probes.map((p) => p.sensorId)),
  };
}

/** A probe's latest reading as the index shows it (the probe list's rules: hottest depth, corrected). */
export function probeNow(r: ProbeLatestRow): ProbeNow {
  if (r.meas_ts === null || r.temps === null)
    return { sensorId: r.sensor_id, name: r.sensor_name, hottest: null, measTs: null };
  const measTs = Number(r.meas_ts);
  let temps = JSON.parse(r.temps) as number[];
  if (r.corrections)
    temps = applyCorrection(
      temps,
      correctionTimeline(JSON.parse(r.corrections) as ProbeCorrection[]).at(measTs),
    );
  return { sensorId: r.sensor_id, name: r.sensor_name, hottest: hottestTemperature(temps), measTs };
}

/**
 * The probes of each station with their latest readings, kept per station: an advisor's 120 s refresh
 * over 1,500 stations reads again only the stations whose data changed since. `newData` (ingest,
 * corrections, transfers, replacements; from other instances through the PostgreSQL relay) drops a
 * station's entry; a query that raced such an event is not kept, so an entry is never older than the
 * store after the event (as LatestReadingsService does for /client/data).
 */
export class StationProbesCache {
  private readonly cache = new Map<string, Entry>();
  /** Bumped by every event naming the station. */
  private readonly versions = new Map<string, number>();

  constructor(private readonly load: (bsIds: readonly string[]) => Promise<ProbeLatestRow[]>) {}

  forgetStations(bsIds: readonly string[]): void {
    for (const id of bsIds) {
      this.cache.delete(id);
      this.versions.set(id, (this.versions.get(id) ?? 0) + 1);
    }
  }

  async probesOf(bsIds: readonly string[]): Promise<Map<string, StationProbes>> {
    const now = Date.now();
    const out = new Map<string, StationProbes>();
    const missing: string[] = [];
    for (const id of bsIds) {
      const hit = this.cache.get(id);
      if (hit && hit.until > now) out.set(id, hit.probes);
      else missing.push(id);
    }
    if (missing.length === 0) return out;
    const versions = missing.map((id) => this.versions.get(id) ?? 0);
    const loaded = new Map<string, ProbeNow[]>(missing.map((id) => [id, []]));
    for (const r of await this.load(missing)) loaded.get(r.bs_id)?.push(probeNow(r));
    if (this.cache.size + missing.length > MAX_STATIONS) this.cache.clear();
    missing.forEach((id, i) => {
      const probes = summarise(loaded.get(id)!);
      out.set(id, probes);
      if ((this.versions.get(id) ?? 0) === versions[i])
        this.cache.set(id, { probes, until: now + MAX_AGE_MS });
    });
    return out;
  }
}

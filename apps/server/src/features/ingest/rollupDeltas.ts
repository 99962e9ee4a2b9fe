import type { IngestReading } from '@emberwatch/shared/contracts/ingest';
import { dayOf, foldReading, startDaily, type DailyState } from './dailyRollup.js';

/**
 * One probe's part of the deltas: its newest reading among them (its values copied, so the packet's
 * objects are not kept alive for a second), and each of its days' roll-up.
 */
export interface ProbeDelta {
  latestTs: number;
  latestBsId: string;
  latestTemps: number[];
  latestSensorRssi: number | null;
  latestBsRssi: number | null;
  latestBatt: number | null;
  /** Usually one day; two around midnight or for a station's backlog. */
  days: DailyState[];
}

function setLatest(p: ProbeDelta, r: IngestReading, bsId: string): void {
  p.latestTs = r.meas_ts;
  p.latestBsId = bsId;
  p.latestTemps = r.temperatures;
  p.latestSensorRssi = r.sensor_RSSI ?? null;
  p.latestBsRssi = r.bs_RSSI ?? null;
  p.latestBatt = r.batt_voltage ?? null;
}

function takeLatest(p: ProbeDelta, o: ProbeDelta): void {
  p.latestTs = o.latestTs;
  p.latestBsId = o.latestBsId;
  p.latestTemps = o.latestTemps;
  p.latestSensorRssi = o.latestSensorRssi;
  p.latestBsRssi = o.latestBsRssi;
  p.latestBatt = o.latestBatt;
}

function dayIn(days: DailyState[], day: number): DailyState | undefined {
  for (const d of days) if (d.day === day) return d;
  return undefined;
}

/** `b` folded into `a`: counts add up, extremes combine, a depth or battery only one side has stays. */
export function combineDaily(a: DailyState, b: DailyState): void {
  a.n += b.n;
  if (b.maxTemp > a.maxTemp) a.maxTemp = b.maxTemp;
  if (b.minTemp < a.minTemp) a.minTemp = b.minTemp;
  for (let i = 0; i < b.maxTemps.length; i++) {
    const hi = b.maxTemps[i] as number;
    const lo = b.minTemps[i] as number;
    const aHi = a.maxTemps[i];
    const aLo = a.minTemps[i];
    if (aHi === undefined || hi > aHi) a.maxTemps[i] = hi;
    if (aLo === undefined || lo < aLo) a.minTemps[i] = lo;
  }
  if (b.minBatt !== null && (a.minBatt === null || b.minBatt < a.minBatt)) a.minBatt = b.minBatt;
  if (b.maxBatt !== null && (a.maxBatt === null || b.maxBatt > a.maxBatt)) a.maxBatt = b.maxBatt;
}

/**
 * The roll-ups of the journal rows an instance committed and has not written yet (decision 0066),
 * folded in memory as each commit ends: what a merge of those rows would compute from the journal,
 * without reading it back. `seqs` names the rows; writing the deltas deletes exactly those.
 */
export class RollupDeltas {
  readonly probes = new Map<string, ProbeDelta>();
  readonly seqs: number[] = [];
  /** The most depths among the folded readings (the statement's shape). */
  depths = 0;

  get empty(): boolean {
    return this.seqs.length === 0;
  }

  /** Folds a newly stored reading, delivered by station `bsId`. */
  fold(r: IngestReading, bsId: string): void {
    const t = r.temperatures;
    if (t.length > this.depths) this.depths = t.length;
    const batt = r.batt_voltage ?? null;
    const day = dayOf(r.meas_ts);
    const p = this.probes.get(r.sensor_id);
    if (!p) {
      this.probes.set(r.sensor_id, {
        latestTs: r.meas_ts,
        latestBsId: bsId,
        latestTemps: t,
        latestSensorRssi: r.sensor_RSSI ?? null,
        latestBsRssi: r.bs_RSSI ?? null,
        latestBatt: batt,
        days: [startDaily(r.sensor_id, day, t, batt)],
      });
      return;
    }
    if (r.meas_ts > p.latestTs) setLatest(p, r, bsId);
    const d = dayIn(p.days, day);
    if (d) foldReading(d, t, batt);
    else p.days.push(startDaily(r.sensor_id, day, t, batt));
  }

  /** Takes in `other`'s rows and roll-ups (a write of them that rolled back: they are owed again). */
  absorb(other: RollupDeltas): void {
    this.seqs.push(...other.seqs);
    if (other.depths > this.depths) this.depths = other.depths;
    for (const [id, o] of other.probes) {
      const p = this.probes.get(id);
      if (!p) {
        this.probes.set(id, o);
        continue;
      }
      if (o.latestTs > p.latestTs) takeLatest(p, o);
      for (const od of o.days) {
        const d = dayIn(p.days, od.day);
        if (d) combineDaily(d, od);
        else p.days.push(od);
      }
    }
  }
}

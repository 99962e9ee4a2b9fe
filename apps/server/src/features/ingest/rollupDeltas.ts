import type { IngestReading } from '@emberwatch/shared';
import { dayOf, foldReading, startDaily, type DailyState } from './dailyRollup.js';

/** One probe's part of the deltas: its newest reading among them, and each of its days' roll-up. */
export interface ProbeDelta {
  latest: IngestReading;
  latestBsId: string;
  /** Usually one day; two around midnight or for a station's backlog. */
  days: DailyState[];
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
        latest: r,
        latestBsId: bsId,
        days: [startDaily(r.sensor_id, day, t, batt)],
      });
      return;
    }
    if (r.meas_ts > p.latest.meas_ts) {
      p.latest = r;
      p.latestBsId = bsId;
    }
    const d = p.days.find((s) => s.day === day);
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
      if (o.latest.meas_ts > p.latest.meas_ts) {
        p.latest = o.latest;
        p.latestBsId = o.latestBsId;
      }
      for (const od of o.days) {
        const d = p.days.find((s) => s.day === od.day);
        if (d) combineDaily(d, od);
        else p.days.push(od);
      }
    }
  }
}

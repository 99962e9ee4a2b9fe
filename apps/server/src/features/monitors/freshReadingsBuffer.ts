import type { FreshReading } from '../ingest/index.js';

/** Readings kept per probe at most: a pass takes them long before (one or two per probe per pass). */
export const FRESH_PER_PROBE = 64;

interface Kept {
  /**
   * Every reading of the probe received after this second (arrival time) is in `list`, until taken
   * past: readings at or before it may be missing (kept from before the probe was watched, or dropped).
   */
  since: number;
  list: FreshReading[];
}

/**
 * The readings ingest committed for the probes of monitored storages, held until the monitor's next
 * pass so it need not read them back from the store (docs/decisions/0060). Only probes the evaluator
 * watches are kept, at most FRESH_PER_PROBE each. `take` answers only when it holds every reading the
 * store would give; otherwise the evaluator reads the store, as it always did.
 */
export class FreshReadingsBuffer {
  private readonly kept = new Map<string, Kept>();

  /** The ingest hub's listener. */
  add(readings: readonly FreshReading[]): void {
    for (const r of readings) {
      const k = this.kept.get(r.sensor_id);
      if (k === undefined) continue;
      if (k.list.length >= FRESH_PER_PROBE) {
        const dropped = k.list.shift() as FreshReading;
        if (dropped.received_ts > k.since) k.since = dropped.received_ts;
      }
      k.list.push(r);
    }
  }

  /** Starts keeping these probes' readings: whole from the second after `nowS`. */
  watch(sensorIds: readonly string[], nowS: number): void {
    for (const id of sensorIds) if (!this.kept.has(id)) this.kept.set(id, { since: nowS, list: [] });
  }

  /**
   * The probes' readings received at or after `from` and measured after `measuredAfter`, by time
   * then probe — or undefined when some of them may be missing here.
   */
  take(sensorIds: readonly string[], from: number, measuredAfter: number): FreshReading[] | undefined {
    const out: FreshReading[] = [];
    for (const id of sensorIds) {
      const k = this.kept.get(id);
      if (k === undefined || k.since >= from) return undefined;
      for (const r of k.list) if (r.received_ts >= from && r.meas_ts > measuredAfter) out.push(r);
    }
    out.sort((a, b) => a.meas_ts - b.meas_ts || (a.sensor_id < b.sensor_id ? -1 : 1));
    return out;
  }

  /** Lets go of the probes' readings received before `before`: no pass will ask for them again. */
  release(sensorIds: readonly string[], before: number): void {
    for (const id of sensorIds) {
      const k = this.kept.get(id);
      if (k === undefined) continue;
      let n = 0;
      while (n < k.list.length && (k.list[n] as FreshReading).received_ts < before) n++;
      if (n > 0) k.list.splice(0, n);
      if (before - 1 > k.since) k.since = before - 1;
    }
  }

  /** Forgets everything: every probe is read from the store again, then watched afresh. */
  clear(): void {
    this.kept.clear();
  }
}

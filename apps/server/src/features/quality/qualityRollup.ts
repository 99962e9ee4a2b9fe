import { dayOf, DAY_S, foldDays, foldHours, hourOf } from './foldHours.js';
import type { QualityRollupRepository } from './qualityRollup.repository.js';

/**
 * How far behind a probe's watermark each pass re-reads: readings that reach the store up to this
 * much out of order (a station's buffer after a short outage) are still folded in by the next pass.
 */
export const ROLLUP_LOOK_BACK_S = 6 * 3_600;
/** One chunk of one probe: whole UTC days, so each chunk rewrites its days exactly. */
export const ROLLUP_CHUNK_DAYS = 31;
/** Probes looked at per pass, oldest watermark first. */
export const ROLLUP_PROBES_PER_PASS = 500;
/** A pass stops taking new chunks after this long; the next turn goes on where it stopped. */
export const ROLLUP_PASS_BUDGET_MS = 3_000;
/** Late readings older than the look-back are caught by comparing day counts this far back. */
export const ROLLUP_RECONCILE_DAYS = 35;
export const ROLLUP_RECONCILE_LIMIT = 50;

export interface RollupPassResult {
  /** Chunks folded in this pass. */
  chunks: number;
  /** Days rebuilt because ingest's count differed (late readings). */
  reconciled: number;
  /** False when the pass stopped on its budget with work left. */
  caughtUp: boolean;
}

/**
 * The hay-quality roll-up (decision 0028): a background job, outside ingest's transaction, that
 * folds `readings` into per-hour maxima and per-day heat-degree hours. Incremental (a watermark per
 * probe), resumable (each chunk commits with its watermark, so a stop loses at most one chunk) and
 * idempotent (each chunk replaces whole hours and days).
 */
export class QualityRollup {
  constructor(
    private readonly repo: QualityRollupRepository,
    private readonly nowS: () => number,
    private readonly budgetMs = ROLLUP_PASS_BUDGET_MS,
  ) {}

  async pass(): Promise<RollupPassResult> {
    const started = Date.now();
    const inBudget = () => Date.now() - started < this.budgetMs;
    let chunks = 0;
    let caughtUp = true;
    const behind = await this.repo.probesBehind(ROLLUP_PROBES_PER_PASS);
    if (behind.length === ROLLUP_PROBES_PER_PASS) caughtUp = false;

    for (const p of behind) {
      let start: number;
      if (p.watermark === null) {
        const first = await this.repo.firstReadingTs(p.sensor_id);
        if (first === null) continue;
        start = dayOf(first);
      } else start = dayOf(hourOf(p.watermark - ROLLUP_LOOK_BACK_S));
      while (start <= p.latest) {
        if (!inBudget()) return { chunks, reconciled: 0, caughtUp: false };
        const end = start + ROLLUP_CHUNK_DAYS * DAY_S;
        await this.foldWindow(p.sensor_id, start, end, Math.min(end - 1, p.latest));
        chunks++;
        start = end;
      }
    }

    let reconciled = 0;
    if (inBudget()) {
      const since = dayOf(this.nowS()) - ROLLUP_RECONCILE_DAYS * DAY_S;
      const late = await this.repo.daysOutOfStep(since, ROLLUP_LOOK_BACK_S, ROLLUP_RECONCILE_LIMIT);
      for (const d of late) {
        if (!inBudget()) return { chunks, reconciled, caughtUp: false };
        await this.foldWindow(d.sensor_id, d.day, d.day + DAY_S, null);
        reconciled++;
      }
      if (late.length === ROLLUP_RECONCILE_LIMIT) caughtUp = false;
    }
    return { chunks, reconciled, caughtUp: caughtUp && inBudget() };
  }

  /** Passes until nothing is left (start-up catch-up in tests and the benchmark). */
  async catchUp(maxPasses = 1_000): Promise<void> {
    for (let i = 0; i < maxPasses; i++) if ((await this.pass()).caughtUp) return;
  }

  /**
   * Rebuilds the hours and days of [from, to) (whole days) from the readings, and moves the watermark
   * when given, in one transaction of the roll-up's own.
   */
  private async foldWindow(sensorId: string, from: number, to: number, watermark: number | null) {
    const readings = await this.repo.readings(sensorId, from, to);
    const hours = foldHours(sensorId, readings);
    await this.repo.transaction(async (trx) => {
      await this.repo.replaceHours(trx, sensorId, from, to, hours);
      await this.repo.replaceDays(trx, sensorId, from, to, foldDays(hours));
      if (watermark !== null) await this.repo.setWatermark(trx, sensorId, watermark, this.nowS());
    });
  }
}

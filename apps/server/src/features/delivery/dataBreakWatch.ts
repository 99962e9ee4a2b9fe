import {
  DATA_BREAK_DEFAULT_S,
  type EffectiveDataBreakDelays,
} from '@emberwatch/shared/domain/dataBreaks/dataBreakDelay';
import { dataBreakChanges, type WatchedProbe, type WatchedStation } from './dataBreakChanges.js';
import type { DataBreakRepository } from './dataBreak.repository.js';

/**
 * Each station's and placed probe's delay of an account, resolved (the data-breaks feature's, decision
 * 0071); one missing from the maps waits the spec's 4 h.
 */
export type EffectiveDelaysOf = (ownerId: number) => Promise<EffectiveDataBreakDelays>;

/**
 * The data-break watch (issue 27 item 1, decision 0067): every minute, which stations and placed probes
 * have been silent for longer than their delay, and which breaks told before have data again. New breaks
 * become delivery alerts (rule type noBSData or noProbeData) that the planner groups per station and sends
 * like a storage's alerts, with repeats until acknowledged and an all-clear when data returns.
 *
 * The delays are the owner's choice (decision 0071): a probe's is its storage's, else the account's; a
 * station's the shortest of its probes' (the most watchful).
 */
export class DataBreakWatch {
  constructor(
    private readonly repo: DataBreakRepository,
    private readonly delaysOf: EffectiveDelaysOf,
    private readonly nowS: () => number,
  ) {}

  /** Looks once; returns whether it raised or ended a break (the outbox then has work). */
  async runOnce(): Promise<boolean> {
    const now = this.nowS();
    const [stationRows, probeRows, open] = await Promise.all([
      this.repo.stations(),
      this.repo.placedProbes(),
      this.repo.openBreaks(),
    ]);
    const delays = new Map<number, EffectiveDataBreakDelays>();
    for (const ownerId of new Set(stationRows.map((r) => r.ownerId)))
      delays.set(ownerId, await this.delaysOf(ownerId));
    const stations: WatchedStation[] = stationRows.map((s) => ({
      bsId: s.bsId,
      ownerId: s.ownerId,
      lastDataTs: s.lastDataTs === null ? null : Number(s.lastDataTs),
      newestReadingTs: s.newestReadingTs === null ? null : Number(s.newestReadingTs),
      delayS: delays.get(s.ownerId)?.stations.get(s.bsId) ?? DATA_BREAK_DEFAULT_S,
    }));
    const probes: WatchedProbe[] = probeRows.map((p) => ({
      sensorId: p.sensorId,
      bsId: p.bsId,
      ownerId: p.ownerId,
      storageId: p.storageId,
      lastTs: p.lastTs === null ? null : Number(p.lastTs),
      delayS: delays.get(p.ownerId)?.probes.get(p.sensorId) ?? DATA_BREAK_DEFAULT_S,
    }));
    const { raise, clear } = dataBreakChanges(stations, probes, open, now);
    await this.repo.raise(raise, now);
    for (const reason of ['dataBack', 'removed'] as const)
      await this.repo.clear(
        clear.filter((c) => c.reason === reason).map((c) => c.id),
        reason,
        now,
      );
    return raise.length > 0 || clear.length > 0;
  }
}

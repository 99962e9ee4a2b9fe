import { dataBreakChanges, type WatchedProbe, type WatchedStation } from './dataBreakChanges.js';
import type { DataBreakRepository } from './dataBreak.repository.js';

/** An account's data-break delays: its own, and each storage's where it overrides it (seconds). */
export interface DataBreakDelays {
  accountS: number;
  storages: ReadonlyMap<number, number>;
}

export type DataBreakDelaysOf = (
  ownerIds: readonly number[],
) => Promise<ReadonlyMap<number, DataBreakDelays>>;

/**
 * The data-break watch (issue 27 item 1, decision 0067): every minute, which stations and placed probes
 * have been silent for longer than their delay, and which breaks told before have data again. New breaks
 * become delivery alerts (rule type noBSData or noProbeData) that the planner groups per station and sends
 * like a storage's alerts, with repeats until acknowledged and an all-clear when data returns.
 *
 * A probe's delay is its storage's; a station's is the shortest of its storages' (the most watchful),
 * else the account's.
 */
export class DataBreakWatch {
  constructor(
    private readonly repo: DataBreakRepository,
    private readonly delaysOf: DataBreakDelaysOf,
    private readonly nowS: () => number,
  ) {}

  /** Looks once; returns whether it raised or ended a break (the outbox then has work). */
  async runOnce(): Promise<boolean> {
    const now = this.nowS();
    const [stationRows, probeRows, storages, open] = await Promise.all([
      this.repo.stations(),
      this.repo.placedProbes(),
      this.repo.storagesByStation(),
      this.repo.openBreaks(),
    ]);
    const owners = [...new Set(stationRows.map((s) => s.ownerId))];
    const delays = await this.delaysOf(owners);
    const fallback = (ownerId: number) => delays.get(ownerId)?.accountS ?? Infinity;
    const storageDelay = (ownerId: number, storageId: number) =>
      delays.get(ownerId)?.storages.get(storageId) ?? fallback(ownerId);
    const stationDelay = new Map<string, number>();
    for (const s of storages) {
      const key = `${s.ownerId}:${s.bsId}`;
      stationDelay.set(key, Math.min(stationDelay.get(key) ?? Infinity, storageDelay(s.ownerId, s.id)));
    }
    const stations: WatchedStation[] = stationRows.map((s) => ({
      bsId: s.bsId,
      ownerId: s.ownerId,
      lastDataTs: s.lastDataTs === null ? null : Number(s.lastDataTs),
      delayS: stationDelay.get(`${s.ownerId}:${s.bsId}`) ?? fallback(s.ownerId),
    }));
    const probes: WatchedProbe[] = probeRows.map((p) => ({
      sensorId: p.sensorId,
      bsId: p.bsId,
      ownerId: p.ownerId,
      storageId: p.storageId,
      lastTs: p.lastTs === null ? null : Number(p.lastTs),
      delayS: storageDelay(p.ownerId, p.storageId),
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

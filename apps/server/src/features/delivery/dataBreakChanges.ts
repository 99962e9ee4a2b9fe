/** A base station as the data-break watch sees it. */
export interface WatchedStation {
  bsId: string;
  ownerId: number;
  /** Its last data (epoch s); null: it never sent, nothing is broken. */
  lastDataTs: number | null;
  /**
   * The newest reading's time among its probes (epoch s; null: none): the station's own clock. A probe
   * is silent against it, so a station sending a backlog or a replay (readings stamped hours back,
   * all together) has no silent probes; one that sends today's readings measures them as now does.
   */
  newestReadingTs: number | null;
  /** How long it may stay silent (the account's or its storages' setting). */
  delayS: number;
}

/** A probe placed in a storage, as the data-break watch sees it. */
export interface WatchedProbe {
  sensorId: string;
  bsId: string;
  ownerId: number;
  storageId: number;
  /** Its latest reading's time (epoch s); null: it never sent. */
  lastTs: number | null;
  delayS: number;
}

/** A data break already told (a delivery alert still on). */
export interface OpenBreak {
  id: number;
  ownerId: number;
  ruleType: 'noBSData' | 'noProbeData';
  /** The station (noBSData) or the probe (noProbeData). */
  sensorId: string;
  /** The last data before the break (the alert's ts). */
  sinceTs: number;
}

export interface NewBreak {
  ownerId: number;
  ruleType: 'noBSData' | 'noProbeData';
  sensorId: string;
  bsId: string;
  storageId: number | null;
  sinceTs: number;
}

/**
 * A break that began longer ago than this when it is first seen is not sent: a station retired months
 * ago (or every silent station on the day this watch is installed) would otherwise text its owner. The
 * in-app notice still lists it.
 */
export const DATA_BREAK_MAX_AGE_S = 3 * 86_400;

/**
 * The data breaks to raise and to end (issue 27 item 1, decision 0067), pure. A station silent for
 * longer than its delay is one break (its probes are not told one by one); a probe silent longer than
 * its delay at a station that still sends is a break of its own (the planner groups a station's probes
 * into one message) — measured against now and against the station's newest reading, so a replay or a
 * backlog of old readings (every probe equally far behind) is no break (issue 28 item 6). A break ends when data arrives again (the station's or the probe's last data is
 * newer than the break's), or when its probe is no longer placed in a storage or its station is gone.
 * A station silent now does not end its probes' breaks: their data has not returned.
 */
export function dataBreakChanges(
  stations: readonly WatchedStation[],
  probes: readonly WatchedProbe[],
  open: readonly OpenBreak[],
  nowS: number,
  maxAgeS = DATA_BREAK_MAX_AGE_S,
): { raise: NewBreak[]; clear: { id: number; reason: 'dataBack' | 'removed' }[] } {
  const raise: NewBreak[] = [];
  const clear: { id: number; reason: 'dataBack' | 'removed' }[] = [];
  const stationOf = new Map(stations.map((s) => [s.bsId, s]));
  const probeOf = new Map(probes.map((p) => [p.sensorId, p]));
  const openKeys = new Set<string>();
  for (const b of open) {
    const now = b.ruleType === 'noBSData' ? stationOf.get(b.sensorId) : probeOf.get(b.sensorId);
    const last = now ? ('lastDataTs' in now ? now.lastDataTs : now.lastTs) : null;
    if (!now || now.ownerId !== b.ownerId) clear.push({ id: b.id, reason: 'removed' });
    else if (last !== null && last > b.sinceTs) clear.push({ id: b.id, reason: 'dataBack' });
    else openKeys.add(`${b.ruleType}:${b.sensorId}`);
  }
  const fresh = (since: number, delayS: number) => since + delayS >= nowS - maxAgeS;
  const silentStations = new Set<string>();
  for (const s of stations) {
    if (s.lastDataTs === null || nowS - s.lastDataTs <= s.delayS) continue;
    silentStations.add(s.bsId);
    if (openKeys.has(`noBSData:${s.bsId}`) || !fresh(s.lastDataTs, s.delayS)) continue;
    raise.push({
      ownerId: s.ownerId,
      ruleType: 'noBSData',
      sensorId: s.bsId,
      bsId: s.bsId,
      storageId: null,
      sinceTs: s.lastDataTs,
    });
  }
  for (const p of probes) {
    if (p.lastTs === null || silentStations.has(p.bsId) || nowS - p.lastTs <= p.delayS) continue;
    const station = stationOf.get(p.bsId);
    // A station that never sent, or of another account: nothing of it is ours to tell.
    if (!station || station.ownerId !== p.ownerId || station.lastDataTs === null) continue;
    // Silent on the station's own clock too: not when all its readings come stamped hours back.
    if (station.newestReadingTs !== null && station.newestReadingTs - p.lastTs <= p.delayS) continue;
    if (openKeys.has(`noProbeData:${p.sensorId}`) || !fresh(p.lastTs, p.delayS)) continue;
    raise.push({
      ownerId: p.ownerId,
      ruleType: 'noProbeData',
      sensorId: p.sensorId,
      bsId: p.bsId,
      storageId: p.storageId,
      sinceTs: p.lastTs,
    });
  }
  return { raise, clear };
}

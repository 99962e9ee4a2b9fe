import type { ProbeQuality } from '@emberwatch/shared/contracts/quality';
import { heatDegreeHours, type HayQualityPoint } from '@emberwatch/shared/domain/hayQuality';
import { hayQualityColor, hayQualityColor3D } from '@emberwatch/shared/domain/hayQualityColors';
import { probeHayQualityFromTotals } from '@emberwatch/shared/domain/probeHayQuality';
import type { ResolvedQualityPeriod } from '@emberwatch/shared/domain/qualityPeriod';
import { DAY_S, dayOf, hourOf } from './foldHours.js';
import type { HourPoint, QualityRepository } from './quality.repository.js';

/**
 * The hours every probe needs: the last partial day and a day of trend. Days-to-drop reads the day
 * before the probe's last data, which ends at most a day before now (else stale): a probe whose data
 * stopped within that day gets the hours before as well (RECENT_MAX_S).
 */
const RECENT_S = 25 * 3_600;
const RECENT_MAX_S = 2 * DAY_S + 3_600;

function groupPoints(rows: readonly HourPoint[]): Map<string, HayQualityPoint[]> {
  const out = new Map<string, HayQualityPoint[]>();
  for (const r of rows) {
    let list = out.get(r.sensor_id);
    if (!list) out.set(r.sensor_id, (list = []));
    list.push({ ts: r.hour, maxTenths: r.max_temp });
  }
  return out;
}

/**
 * The quality of these probes over the period from the roll-up (decision 0028): whole UTC days from
 * their summed heat-degree hours, the partial days at both ends and the last two days from the hours.
 * The same answer as probeHayQuality over every hour (a test holds them equal), in three queries.
 */
export async function storageHayQualityFromRollup(
  repo: QualityRepository,
  sensorIds: readonly string[],
  period: ResolvedQualityPeriod,
  nowS: number,
  isDemo: boolean,
): Promise<ProbeQuality[]> {
  const { from, to } = period;
  let fullFrom = Math.ceil(from / DAY_S) * DAY_S;
  let fullTo = dayOf(to);
  if (fullFrom >= fullTo) fullFrom = fullTo = from;
  const tailFrom = Math.max(hourOf(from), Math.min(fullTo, hourOf(to) - RECENT_S));

  const [sums, head, tail] = await Promise.all([
    repo.daySums(sensorIds, fullFrom, fullTo),
    repo.hours(sensorIds, hourOf(from), Math.min(fullFrom, tailFrom)),
    repo.hours(sensorIds, tailFrom, to),
  ]);
  const sumOf = new Map(sums.map((s) => [s.sensor_id, s]));
  const headOf = groupPoints(head);
  const tailOf = groupPoints(tail);

  // A probe whose last data in the period is before the tail: its last hour, from its last day.
  const lastTemp = new Map<string, number>();
  const lastDays = new Map<number, string[]>();
  for (const id of sensorIds) {
    const last = tailOf.get(id)?.at(-1);
    if (last) lastTemp.set(id, last.maxTenths);
    else {
      const day = sumOf.get(id)?.last_day;
      if (day !== undefined) lastDays.set(day, [...(lastDays.get(day) ?? []), id]);
      else {
        const h = headOf.get(id)?.at(-1);
        if (h) lastTemp.set(id, h.maxTenths);
      }
    }
  }
  // Probes whose last day of data starts before the tail: their earlier hours, for the trend only.
  const trendFrom = Math.max(hourOf(from), hourOf(to) - RECENT_MAX_S);
  const needy = period.ongoing
    ? sensorIds.filter((id) => {
        const last = tailOf.get(id)?.at(-1);
        return last !== undefined && Math.min(last.ts + 3_600, nowS) - DAY_S - 3_600 < tailFrom;
      })
    : [];
  const earlierOf = groupPoints(
    needy.length > 0 && trendFrom < tailFrom ? await repo.hours(needy, trendFrom, tailFrom) : [],
  );

  for (const [day, ids] of lastDays) {
    const rows = await repo.hours(ids, day, day + DAY_S);
    for (const [id, pts] of groupPoints(rows)) lastTemp.set(id, (pts.at(-1) as HayQualityPoint).maxTenths);
  }

  return sensorIds.map((id) => {
    const tailPts = tailOf.get(id) ?? [];
    // Head and tail are disjoint and in order; the tail may start before the first whole day.
    const hourly = [...(headOf.get(id) ?? []), ...tailPts];
    const hdd =
      (sumOf.get(id)?.hdd_tenths ?? 0) / 10 +
      heatDegreeHours(hourly, from, fullFrom) +
      heatDegreeHours(hourly, Math.max(fullTo, from), to);
    const q = probeHayQualityFromTotals(
      id,
      { hdd, recent: [...(earlierOf.get(id) ?? []), ...tailPts], lastTemp: lastTemp.get(id) ?? null },
      { period, nowSeconds: nowS },
    );
    return {
      ID: q.ID,
      HDD: q.HDD,
      TDN: q.TDN,
      quality: q.quality,
      score: q.score,
      color: hayQualityColor(q.bars),
      color3D: hayQualityColor3D(q.bars, q.intensity),
      bars: q.bars,
      size: q.size,
      intensity: q.intensity,
      lastTemp: q.lastTemp,
      daysToDrop: q.daysToDrop,
      isDemo,
    };
  });
}

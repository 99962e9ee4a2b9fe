import {
  DUPLICATE_WINDOW_S,
  SNAPSHOT_AFTER_S,
  TABLE_MAX_RANGE_S,
  type AnalysisDay,
  type AnalysisPacket,
  type AnalysisSummary,
  type ChartPoint,
  type MinMaxEntry,
  type MinMaxResponse,
  type ProbeAnalysisResponse,
  type SensorDataQuery,
  type SnapshotQuery,
  type MinmaxQuery,
  type TableDataQuery,
  type ProbeAnalysisQuery,
  type SensorDataResponse,
  type SnapshotPoint,
  type SnapshotResponse,
  type TableDataResponse,
  type TableRow,
} from '@emberwatch/shared/contracts/probeData';
import { applyCorrection, correctionTimeline } from '@emberwatch/shared/domain/applyCorrection';
import { dedupePoints } from '@emberwatch/shared/domain/dedupePoints';
import { downsampleChart } from '@emberwatch/shared/domain/downsampleChart';
import { ApiError } from '../../http/ApiError.js';
import type { BaseStationRepository } from '../base-stations/index.js';
import { assertOperator, type AccessService, type Actor } from '../../http/access/index.js';
import { DAY_S, dayOf } from '../ingest/index.js';
import { parseCorrections } from '../readings/index.js';
import type { DailyChartRow, ProbeDataRepository } from './probeData.repository.js';

/** minmaxData's default period (spec doc 3: the trend of the last 7 days). */
const MINMAX_DEFAULT_S = 7 * DAY_S;

/**
 * A daily roll-up row is shown with the correction in effect at the end of its UTC day: a correction
 * saved today moves today's point at once, and the few readings of that day measured before the
 * correction are the only ones shifted too (a day holds one maximum, not its readings).
 */
function dayCorrection(tl: ReturnType<typeof correctionTimeline>, day: number): number {
  return tl.at(day + DAY_S - 1);
}

function parseTemps(json: string): number[] {
  return JSON.parse(json) as number[];
}

/** The probe's corrections over time, as stored with it. */
function timelineOf(probe: { corrections: string | null }): ReturnType<typeof correctionTimeline> {
  return correctionTimeline(parseCorrections(probe.corrections));
}

/** A day's maximum, every depth's included, with the day's correction added. */
function correctedMaximum(row: DailyChartRow, off: number): { h: number; hh: number[] } {
  return { h: row.max_temp + off, hh: applyCorrection(parseTemps(row.max_temps), off) };
}

function range(from: number, to: number | undefined, nowS: number): { from: number; to: number } {
  const end = to ?? nowS;
  if (end < from) throw ApiError.invalid('The end of the range is before its start.', 'endTS');
  return { from, to: end };
}

/** The access checks probe history needs (the users feature's AccessService). */
export type ProbeAccess = Pick<AccessService, 'probeFor' | 'probesFor' | 'assertCanSeeStation'>;

/**
 * Chart, snapshot, table and analysis reads of probe history, each for a caller who may see the
 * probe's station (refused alike for an unknown probe and another account's).
 */
export class ProbeDataService {
  constructor(
    private readonly repo: ProbeDataRepository,
    private readonly access: ProbeAccess,
    private readonly stations: Pick<BaseStationRepository, 'listProbes'>,
    private readonly nowS: () => number,
  ) {}

  /**
   * GET /client/sensorData. Up to 31 days: the raw readings (one range scan), near-twins within 60 s
   * dropped, corrected, then downsampled to a few points per pixel keeping every depth's extremes.
   * Longer: one daily-maximum point per UTC day from probe_daily, never the raw readings.
   */
  async sensorData(actor: Actor, q: SensorDataQuery): Promise<SensorDataResponse> {
    const probe = await this.access.probeFor(actor, q.sensorID);
    const { from, to } = range(q.startTS, q.endTS, this.nowS());
    const allFields = q.allFields === 1;
    const tl = timelineOf(probe);
    let points: ChartPoint[];
    let mode: SensorDataResponse['mode'];
    if (to - from > SNAPSHOT_AFTER_S) {
      mode = 'snapshot';
      const days = await this.correctedDaily([probe], from, to);
      points = days.map(({ row: r, off }) => {
        const p: ChartPoint = { b: r.day, ...correctedMaximum(r, off), snaptime: r.day };
        // The roll-up keeps the day's battery range, not signal: the lowest battery is what matters.
        if (allFields) Object.assign(p, { e: r.min_batt, f: null, g: null });
        return p;
      });
    } else {
      mode = 'raw';
      const rows = dedupePoints(
        await this.repo.chartReadings(probe.sensor_id, from, to, allFields),
        (r) => r.meas_ts,
      );
      points = rows.map((r) => {
        const off = tl.at(r.meas_ts);
        const hh = applyCorrection(parseTemps(r.temps), off);
        const p: ChartPoint = { b: r.meas_ts, h: hh[0] as number, hh };
        if (allFields)
          Object.assign(p, { f: r.sensor_rssi ?? null, g: r.bs_rssi ?? null, e: r.batt ?? null });
        return p;
      });
    }
    points = downsampleChart(points, { start: from, end: to, width: q.width });
    let depths = probe.depths;
    for (const p of points) if (p.hh.length > depths) depths = p.hh.length;
    return { status_code: 0, sensor_id: probe.sensor_id, startTS: from, endTS: to, mode, depths, points };
  }

  /** GET /client/snapshot: daily maxima {a, b, h, hh} of several probes (spec doc 3 §7), by probe then day. */
  async snapshot(actor: Actor, q: SnapshotQuery): Promise<SnapshotResponse> {
    await this.access.assertCanSeeStation(actor, q.basestationID);
    const probes = await this.access.probesFor(actor, q.sensorIDs);
    const fromTs = q.fromDate;
    const toTs = q.toDate;
    const { from, to } = range(fromTs, toTs, this.nowS());
    const days = await this.correctedDaily(probes, from, to);
    const results: SnapshotPoint[] = days.map(({ row: r, off }) => ({
      a: r.sensor_id,
      b: r.day,
      ...correctedMaximum(r, off),
    }));
    return { status_code: 0, results };
  }

  /** GET /client/minmaxData: each probe's lowest and highest temperature over the period (default 7 days). */
  async minmax(actor: Actor, q: MinmaxQuery): Promise<MinMaxResponse> {
    await this.access.assertCanSeeStation(actor, q.basestationID);
    const probes = await this.stations.listProbes(q.basestationID);
    const fromTs = q.fromTS;
    const toTs = q.toTS;
    const to = toTs ?? this.nowS();
    const { from } = range(fromTs ?? to - MINMAX_DEFAULT_S, to, this.nowS());
    const acc = new Map<string, MinMaxEntry>();
    for (const { row: r, off } of await this.correctedDaily(probes, from, to)) {
      const cur = acc.get(r.sensor_id);
      if (!cur)
        acc.set(r.sensor_id, { sensor_id: r.sensor_id, min: r.min_temp + off, max: r.max_temp + off });
      else {
        cur.min = Math.min(cur.min, r.min_temp + off);
        cur.max = Math.max(cur.max, r.max_temp + off);
      }
    }
    return { status_code: 0, fromTS: from, toTS: to, results: [...acc.values()] };
  }

  /**
   * GET /client/data2: the Data tab's rows, newest first (the table opens on the latest readings).
   * `interval` and the duplicate mark compare each row with the one measured before it.
   */
  async table(actor: Actor, q: TableDataQuery): Promise<TableDataResponse> {
    await this.access.assertCanSeeStation(actor, q.basestationID);
    const probe = await this.access.probeFor(actor, q.sensorId);
    const fromTs = q.fromDate;
    const toTs = q.toDate;
    const { from, to } = range(fromTs, toTs, this.nowS());
    if (to - from > TABLE_MAX_RANGE_S)
      throw ApiError.invalid('The data table covers at most 60 days; choose a shorter range.', 'toDate');
    const rows = await this.repo.readings(probe.sensor_id, from, to);
    const tl = timelineOf(probe);
    const results: TableRow[] = [];
    let prev: number | null = null;
    for (const r of rows) {
      const hh = applyCorrection(parseTemps(r.temps), tl.at(r.meas_ts));
      const interval = prev === null ? null : r.meas_ts - prev;
      results.push({
        id: probe.sensor_id,
        name: probe.sensor_name,
        date: r.meas_ts,
        interval,
        batt: r.batt,
        rss: r.sensor_rssi,
        rsb: r.bs_rssi,
        bs: r.bs_id,
        tdiff: r.received_ts - r.meas_ts,
        duplicate: interval !== null && interval < DUPLICATE_WINDOW_S ? 'D' : '',
        handle: hh[0] ?? 0,
        hh,
        notemp: hh.length === 0,
      });
      prev = r.meas_ts;
    }
    results.reverse();
    return { status_code: 0, results };
  }

  /**
   * The probes' daily roll-ups from `from`'s UTC day to `to`, by probe then day, each with the
   * correction in effect at the end of its day (`off`, tenths): the chart's long ranges, the snapshot
   * and the min/max trend read the days alike.
   */
  private async correctedDaily(
    probes: readonly { sensor_id: string; corrections: string | null }[],
    from: number,
    to: number,
  ): Promise<{ row: DailyChartRow; off: number }[]> {
    const rows = await this.repo.daily(
      probes.map((p) => p.sensor_id),
      dayOf(from),
      to,
    );
    const timelines = new Map(probes.map((p) => [p.sensor_id, timelineOf(p)]));
    return rows.map((row) => ({
      row,
      off: dayCorrection(timelines.get(row.sensor_id) ?? correctionTimeline([]), row.day),
    }));
  }

  /**
   * GET /admin/getSensorStats: how regularly the probe reported over the last `days` UTC days
   * (today included). Values are as stored (no correction): the analysis is about the radio link.
   * Days are oldest first; a day without data is counted in nDays but has no row.
   */
  async analysis(actor: Actor, q: ProbeAnalysisQuery): Promise<ProbeAnalysisResponse> {
    assertOperator(actor, 'probeAnalysis');
    const probe = await this.access.probeFor(actor, q.probeID);
    const days = q.days;
    const now = this.nowS();
    const from = dayOf(now) - (days - 1) * DAY_S;
    const rows = await this.repo.readings(probe.sensor_id, from, now);
    const byDay = new Map<number, AnalysisDay>();
    const hours = new Map<number, Set<number>>();
    for (const r of rows) {
      const day = dayOf(r.meas_ts);
      const hh = parseTemps(r.temps);
      const hi = Math.max(...hh);
      const lo = Math.min(...hh);
      const packet: AnalysisPacket = {
        b: r.meas_ts,
        h: hh[0] as number,
        hh,
        e: r.batt,
        f: r.sensor_rssi,
        g: r.bs_rssi,
        bs: r.bs_id,
        received: r.received_ts,
      };
      let d = byDay.get(day);
      if (!d) {
        d = {
          from: day,
          N: 0,
          coveredHours: [],
          minTemp: lo,
          maxTemp: hi,
          minHH: [...hh],
          maxHH: [...hh],
          minBatt: null,
          maxBatt: null,
          data: [],
        };
        byDay.set(day, d);
        hours.set(day, new Set());
      }
      d.N += 1;
      d.minTemp = Math.min(d.minTemp, lo);
      d.maxTemp = Math.max(d.maxTemp, hi);
      hh.forEach((v, i) => {
        d.minHH[i] = Math.min(d.minHH[i] ?? v, v);
        d.maxHH[i] = Math.max(d.maxHH[i] ?? v, v);
      });
      if (r.batt !== null) {
        d.minBatt = d.minBatt === null ? r.batt : Math.min(d.minBatt, r.batt);
        d.maxBatt = d.maxBatt === null ? r.batt : Math.max(d.maxBatt, r.batt);
      }
      d.data.push(packet);
      hours.get(day)?.add(Math.floor((r.meas_ts - day) / 3600));
    }
    const dataPerDay = [...byDay.values()];
    for (const d of dataPerDay) d.coveredHours = [...(hours.get(d.from) ?? [])].sort((a, b) => a - b);
    const nullableExtreme = (vals: (number | null)[], pick: (...v: number[]) => number) => {
      const xs = vals.filter((v): v is number => v !== null);
      return xs.length > 0 ? pick(...xs) : null;
    };
    const counts = dataPerDay.map((d) => d.N);
    const summary: AnalysisSummary = {
      id: probe.sensor_id,
      t0: rows[0]?.meas_ts ?? null,
      t1: rows[rows.length - 1]?.meas_ts ?? null,
      N: rows.length,
      dataDays: dataPerDay.length,
      nDays: days,
      nPerDayMin: counts.length > 0 ? Math.min(...counts) : 0,
      nPerDayMax: counts.length > 0 ? Math.max(...counts) : 0,
      minTemp: nullableExtreme(
        dataPerDay.map((d) => d.minTemp),
        Math.min,
      ),
      maxTemp: nullableExtreme(
        dataPerDay.map((d) => d.maxTemp),
        Math.max,
      ),
      minBatt: nullableExtreme(
        dataPerDay.map((d) => d.minBatt),
        Math.min,
      ),
      maxBatt: nullableExtreme(
        dataPerDay.map((d) => d.maxBatt),
        Math.max,
      ),
    };
    return { status_code: 0, results: { summary, dataPerDay } };
  }
}

/**
 * A base station's calls as the operator console counts them (spec doc 2 §3 "Traffic", §9): the
 * kinds of call, the traffic chart's windows and how its calls fall into buckets. Pure: the server
 * counts with it and the web labels with it.
 */
import { PACKET_TYPES } from '../contracts/ingest.js';

/** The kinds the traffic chart draws, in its order (bootValues, confValues, otaValues, dataValues, beatValues). */
export const TRAFFIC_KINDS = ['boot', 'conf', 'ota', 'data', 'beat'] as const;
export type TrafficKind = (typeof TRAFFIC_KINDS)[number];
/** Every kind a logged call may have: `other` is a call whose packet type could not be read (bad JSON, no type). */
export const STATION_CALL_KINDS = [...TRAFFIC_KINDS, 'other'] as const;
export type StationCallKind = (typeof STATION_CALL_KINDS)[number];

/** Spec doc 2 §9: traffic window choices 1, 3, 6, 12, 24 hours, default 3. */
export const TRAFFIC_WINDOWS_H = [1, 3, 6, 12, 24] as const;
export type TrafficWindowH = (typeof TRAFFIC_WINDOWS_H)[number];
export const DEFAULT_TRAFFIC_WINDOW_H: TrafficWindowH = 3;
/** How far back the chart may be moved: the call log keeps a week (its rotation), so a little more. */
export const MAX_TRAFFIC_OFFSET_H = 24 * 8;
/** Spec doc 2 §9: the mobile log shows at most 100 calls. */
export const MOBILE_LOG_LIMIT = 100;

const TYPES: ReadonlySet<unknown> = new Set(PACKET_TYPES);

/**
 * The kind of a station's call, from its packet as the protocol has it (docs/base-station-protocol.md):
 * boot, conf/conf3, ota; a data/data3 packet with readings is data, one without is the station's
 * heartbeat (it is alive, with nothing to deliver). Anything unreadable is `other`.
 */
export function callKindOf(body: unknown): StationCallKind {
  if (typeof body !== 'object' || body === null) return 'other';
  const { type, readings } = body as { type?: unknown; readings?: unknown };
  if (!TYPES.has(type)) return 'other';
  switch (type) {
    case 'boot':
      return 'boot';
    case 'ota':
      return 'ota';
    case 'conf':
    case 'conf3':
      return 'conf';
    default:
      return Array.isArray(readings) && readings.length > 0 ? 'data' : 'beat';
  }
}

/** The width of one bar of the chart: about 36–60 bars whatever the window. */
export function trafficBucketS(windowH: TrafficWindowH): number {
  switch (windowH) {
    case 1:
      return 60;
    case 3:
      return 300;
    case 6:
      return 600;
    case 12:
      return 900;
    case 24:
      return 1800;
  }
}

export interface TrafficWindow {
  /** Inclusive start, epoch s. */
  fromTs: number;
  /** Exclusive end, epoch s (the end of the bucket holding `nowS - offset`). */
  toTs: number;
  bucketS: number;
}

/**
 * The chart's window: `windowH` hours ending `offsetH` hours before now, its end rounded up to a
 * whole bucket so that the bars stay put while the window moves on.
 */
export function trafficWindow(nowS: number, offsetH: number, windowH: TrafficWindowH): TrafficWindow {
  const bucketS = trafficBucketS(windowH);
  const end = nowS - offsetH * 3600;
  const toTs = (Math.floor(end / bucketS) + 1) * bucketS;
  return { fromTs: toTs - windowH * 3600, toTs, bucketS };
}

/** One bar: calls in [ts, ts + bucket). */
export interface TrafficPoint {
  ts: number;
  n: number;
}
export interface TrafficSeries {
  bootValues: TrafficPoint[];
  confValues: TrafficPoint[];
  otaValues: TrafficPoint[];
  dataValues: TrafficPoint[];
  beatValues: TrafficPoint[];
}
const SERIES_OF: Record<TrafficKind, keyof TrafficSeries> = {
  boot: 'bootValues',
  conf: 'confValues',
  ota: 'otaValues',
  data: 'dataValues',
  beat: 'beatValues',
};
export function seriesKey(kind: TrafficKind): keyof TrafficSeries {
  return SERIES_OF[kind];
}

/**
 * The calls counted per kind and bucket over the window: every series has one point per bucket
 * (zeros included), calls outside the window and `other` calls are left out.
 */
export function bucketCalls(
  calls: Iterable<{ ts: number; kind: StationCallKind }>,
  window: TrafficWindow,
): TrafficSeries {
  const { fromTs, toTs, bucketS } = window;
  const n = Math.max(0, Math.ceil((toTs - fromTs) / bucketS));
  const empty = (): TrafficPoint[] =>
    Array.from({ length: n }, (_, i) => ({ ts: fromTs + i * bucketS, n: 0 }));
  const series: TrafficSeries = {
    bootValues: empty(),
    confValues: empty(),
    otaValues: empty(),
    dataValues: empty(),
    beatValues: empty(),
  };
  for (const c of calls) {
    if (c.kind === 'other' || c.ts < fromTs || c.ts >= toTs) continue;
    const point = series[SERIES_OF[c.kind]][Math.floor((c.ts - fromTs) / bucketS)];
    if (point) point.n += 1;
  }
  return series;
}

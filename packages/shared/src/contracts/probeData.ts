import { z } from 'zod';
import { bsIdSchema } from './baseStations.js';
import { sensorIdSchema } from './ingest.js';

/**
 * Chart and table data of one probe (spec doc 2 §3 "Chart point", "Table row", "Probe analysis";
 * §9 chart constants). Temperatures are tenths of °C, times epoch seconds, battery centivolts.
 */

/** Spec doc 2 §9: data over 31 days switches to daily snapshots. */
export const SNAPSHOT_AFTER_S = 31 * 86_400;
/** Spec doc 2 §9: points closer than 60 seconds are de-duplicated; doc 3 §9: a row within 60 s is a duplicate. */
export const DUPLICATE_WINDOW_S = 60;
/** Spec doc 2 §9: data table range at most 60 days. */
export const TABLE_MAX_RANGE_S = 60 * 86_400;
/** Chart widths the server downsamples for (pixels); it returns at most a few points per pixel. */
export const MAX_CHART_WIDTH_PX = 4000;

const ts = z.coerce.number().int().min(0);

/** GET /client/sensorData — spec doc 2 §7 "sensor data (BS_ID, sensorID, startTS, endTS, allFields, …)". */
export const sensorDataQuerySchema = z.object({
  BS_ID: bsIdSchema,
  sensorID: sensorIdSchema,
  startTS: ts,
  /** Omitted when the chosen end is in the future (spec doc 1 §5): up to now. */
  endTS: ts.optional(),
  /** 1 adds signal (f, g) and voltage (e) to every point. */
  allFields: z.coerce.number().int().min(0).max(1).default(0),
  /** Plot width in pixels: the server keeps at most a few points per pixel, minima and maxima kept. */
  width: z.coerce.number().int().min(50).max(MAX_CHART_WIDTH_PX).default(1200),
});
export type SensorDataQuery = z.infer<typeof sensorDataQuerySchema>;

/** Spec doc 2 §3 "Chart point". */
export interface ChartPoint {
  /** Time, epoch seconds (a snapshot point: the UTC day). */
  b: number;
  /** Handle (first depth) temperature. */
  h: number;
  /** Every depth, handle first. */
  hh: number[];
  /** Probe signal (sensor_RSSI), with allFields. */
  f?: number | null;
  /** Base-station signal (bs_RSSI), with allFields. */
  g?: number | null;
  /** Battery, centivolts, with allFields. */
  e?: number | null;
  /** Humidity %, when the probe has it (none do yet). */
  k?: number | null;
  /** Snapshot mode: time of the day's maximum is not kept; the day it covers. */
  snaptime?: number;
}

export interface SensorDataResponse {
  status_code: 0;
  sensor_id: string;
  startTS: number;
  endTS: number;
  /** 'raw' readings (downsampled) or daily-maximum 'snapshot' points for ranges over 31 days. */
  mode: 'raw' | 'snapshot';
  depths: number;
  points: ChartPoint[];
}

/** GET /client/snapshot — daily maxima of several probes (spec doc 2 §7, doc 3 §7). */
/** The overview strip asks for a year; a little more leaves room for time zones and a chosen window. */
export const SNAPSHOT_MAX_RANGE_S = 400 * 86_400;

export const snapshotQuerySchema = z
  .object({
    basestationID: bsIdSchema,
    /** Comma-separated probe ids. */
    sensorIDs: z
      .string()
      .min(1)
      .max(8000)
      .transform((s) => s.split(',').filter(Boolean))
      .pipe(z.array(sensorIdSchema).min(1).max(500)),
    fromDate: ts,
    toDate: ts.optional(),
    interval: z.coerce.number().int().default(1),
  })
  // One request may not read years of daily rows for hundreds of probes.
  .refine((q) => (q.toDate ?? Math.floor(Date.now() / 1000)) - q.fromDate <= SNAPSHOT_MAX_RANGE_S, {
    message: 'A snapshot covers at most 400 days; choose a shorter range.',
    path: ['fromDate'],
  });
export type SnapshotQuery = z.infer<typeof snapshotQuerySchema>;

export interface SnapshotPoint {
  a: string;
  b: number;
  h: number;
  hh: number[];
}

export interface SnapshotResponse {
  status_code: 0;
  results: SnapshotPoint[];
}

/** GET /client/minmaxData — each probe's extremes over a period (default the last 7 days). */
export const minmaxQuerySchema = z.object({
  basestationID: bsIdSchema,
  fromTS: ts.optional(),
  toTS: ts.optional(),
});
export type MinmaxQuery = z.infer<typeof minmaxQuerySchema>;

export interface MinMaxEntry {
  sensor_id: string;
  min: number;
  max: number;
}

export interface MinMaxResponse {
  status_code: 0;
  fromTS: number;
  toTS: number;
  results: MinMaxEntry[];
}

/** GET /client/data2 — the Data tab's rows (spec doc 2 §7 "Table data"). */
export const tableDataQuerySchema = z.object({
  basestationID: bsIdSchema,
  sensorId: sensorIdSchema,
  fromDate: ts,
  toDate: ts.optional(),
});
export type TableDataQuery = z.infer<typeof tableDataQuerySchema>;

/** Spec doc 2 §3 "Table row". */
export interface TableRow {
  id: string;
  name: string | null;
  /** Measurement time. */
  date: number;
  /** Seconds since the previous row (null for the first). */
  interval: number | null;
  batt: number | null;
  /** Probe signal. */
  rss: number | null;
  /** Base-station signal. */
  rsb: number | null;
  /** Station whose radio delivered it. */
  bs: string;
  /** Seconds from measurement to arrival at the server. */
  tdiff: number;
  /** 'D' when within 60 s of the previous row (spec doc 3 §9). */
  duplicate: '' | 'D';
  /** Handle temperature (tenths °C). */
  handle: number;
  /** Every depth (tenths °C), handle first. */
  hh: number[];
  /** True when the reading carried no temperature. */
  notemp: boolean;
}

export interface TableDataResponse {
  status_code: 0;
  results: TableRow[];
}

/** GET /admin/getSensorStats — the probe analysis (Regularity tab; spec doc 2 §3, doc 3 §2). */
export const probeAnalysisQuerySchema = z.object({
  BS_ID: bsIdSchema,
  probeID: sensorIdSchema,
  /** Days back from now (default 30). */
  days: z.coerce.number().int().min(1).max(366).default(30),
});
export type ProbeAnalysisQuery = z.infer<typeof probeAnalysisQuerySchema>;

export interface AnalysisPacket {
  b: number;
  h: number;
  hh: number[];
  e: number | null;
  f: number | null;
  g: number | null;
  bs: string;
  received: number;
}

export interface AnalysisDay {
  /** UTC day start. */
  from: number;
  N: number;
  /** Hours of the day (0–23) that had at least one reading. */
  coveredHours: number[];
  minTemp: number;
  maxTemp: number;
  minHH: number[];
  maxHH: number[];
  minBatt: number | null;
  maxBatt: number | null;
  data: AnalysisPacket[];
}

export interface AnalysisSummary {
  id: string;
  t0: number | null;
  t1: number | null;
  N: number;
  dataDays: number;
  nDays: number;
  nPerDayMin: number;
  nPerDayMax: number;
  minTemp: number | null;
  maxTemp: number | null;
  minBatt: number | null;
  maxBatt: number | null;
}

export interface ProbeAnalysisResponse {
  status_code: 0;
  results: { summary: AnalysisSummary; dataPerDay: AnalysisDay[] };
}

/** Spec doc 2 §9: battery alert below 360; 36 packets per day and 24 on average are flagged. */
export const ANALYSIS_BATTERY_ALERT_CV = 360;
export const ANALYSIS_PACKETS_PER_DAY_FLAG = 36;
export const ANALYSIS_AVERAGE_PACKETS_FLAG = 24;

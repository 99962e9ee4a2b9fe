import { z } from 'zod';
import { bsIdSchema } from './baseStations.js';
import { defineEndpoint, defineEndpoints } from './endpoint.js';
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
export const chartPointSchema = z.object({
  b: z.int().describe('Time, epoch seconds (a snapshot point: the UTC day).'),
  h: z.number().describe('Handle (first depth) temperature.'),
  hh: z.array(z.number()).describe('Every depth, handle first.'),
  f: z.number().nullable().optional().describe('Probe signal (sensor_RSSI), with allFields.'),
  g: z.number().nullable().optional().describe('Base-station signal (bs_RSSI), with allFields.'),
  e: z.number().nullable().optional().describe('Battery, centivolts, with allFields.'),
  k: z.number().nullable().optional().describe('Humidity %, when the probe has it (none do yet).'),
  snaptime: z
    .int()
    .optional()
    .describe("Snapshot mode: time of the day's maximum is not kept; the day it covers."),
});
export type ChartPoint = z.infer<typeof chartPointSchema>;

export const sensorDataResponseSchema = z.object({
  status_code: z.literal(0),
  sensor_id: z.string(),
  startTS: z.int(),
  endTS: z.int(),
  mode: z
    .enum(['raw', 'snapshot'])
    .describe("'raw' readings (downsampled) or daily-maximum 'snapshot' points for ranges over 31 days."),
  depths: z.int(),
  points: z.array(chartPointSchema),
});
export type SensorDataResponse = z.infer<typeof sensorDataResponseSchema>;

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

/** One probe's maximum of one UTC day. */
export const snapshotPointSchema = z.object({
  a: z.string().describe('Probe id.'),
  b: z.int().describe('The UTC day, epoch seconds.'),
  h: z.number().describe("The day's highest handle temperature."),
  hh: z.array(z.number()).describe("The day's highest temperature of every depth, handle first."),
});
export type SnapshotPoint = z.infer<typeof snapshotPointSchema>;

export const snapshotResponseSchema = z.object({
  status_code: z.literal(0),
  results: z.array(snapshotPointSchema),
});
export type SnapshotResponse = z.infer<typeof snapshotResponseSchema>;

/** GET /client/minmaxData — each probe's extremes over a period (default the last 7 days). */
export const minmaxQuerySchema = z.object({
  basestationID: bsIdSchema,
  fromTS: ts.optional(),
  toTS: ts.optional(),
});
export type MinmaxQuery = z.infer<typeof minmaxQuerySchema>;

export const minMaxEntrySchema = z.object({
  sensor_id: z.string(),
  min: z.number(),
  max: z.number(),
});
export type MinMaxEntry = z.infer<typeof minMaxEntrySchema>;

export const minMaxResponseSchema = z.object({
  status_code: z.literal(0),
  fromTS: z.int(),
  toTS: z.int(),
  results: z.array(minMaxEntrySchema),
});
export type MinMaxResponse = z.infer<typeof minMaxResponseSchema>;

/** GET /client/data2 — the Data tab's rows (spec doc 2 §7 "Table data"). */
export const tableDataQuerySchema = z.object({
  basestationID: bsIdSchema,
  sensorId: sensorIdSchema,
  fromDate: ts,
  toDate: ts.optional(),
});
export type TableDataQuery = z.infer<typeof tableDataQuerySchema>;

/** Spec doc 2 §3 "Table row". */
export const tableRowSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  date: z.int().describe('Measurement time.'),
  interval: z.int().nullable().describe('Seconds since the previous row (null for the first).'),
  batt: z.number().nullable(),
  rss: z.number().nullable().describe('Probe signal.'),
  rsb: z.number().nullable().describe('Base-station signal.'),
  bs: z.string().describe('Station whose radio delivered it.'),
  tdiff: z.int().describe('Seconds from measurement to arrival at the server.'),
  duplicate: z.enum(['', 'D']).describe("'D' when within 60 s of the previous row (spec doc 3 §9)."),
  handle: z.number().describe('Handle temperature (tenths °C).'),
  hh: z.array(z.number()).describe('Every depth (tenths °C), handle first.'),
  notemp: z.boolean().describe('True when the reading carried no temperature.'),
});
export type TableRow = z.infer<typeof tableRowSchema>;

export const tableDataResponseSchema = z.object({
  status_code: z.literal(0),
  results: z.array(tableRowSchema),
});
export type TableDataResponse = z.infer<typeof tableDataResponseSchema>;

/** GET /admin/getSensorStats — the probe analysis (Regularity tab; spec doc 2 §3, doc 3 §2). */
export const probeAnalysisQuerySchema = z.object({
  BS_ID: bsIdSchema,
  probeID: sensorIdSchema,
  /** Days back from now (default 30). */
  days: z.coerce.number().int().min(1).max(366).default(30),
});
export type ProbeAnalysisQuery = z.infer<typeof probeAnalysisQuerySchema>;

export const analysisPacketSchema = z.object({
  b: z.int().describe('Measurement time.'),
  h: z.number(),
  hh: z.array(z.number()),
  e: z.number().nullable(),
  f: z.number().nullable(),
  g: z.number().nullable(),
  bs: z.string(),
  received: z.int().describe('Arrival at the server.'),
});
export type AnalysisPacket = z.infer<typeof analysisPacketSchema>;

export const analysisDaySchema = z.object({
  from: z.int().describe('UTC day start.'),
  N: z.int(),
  coveredHours: z.array(z.int()).describe('Hours of the day (0–23) that had at least one reading.'),
  minTemp: z.number(),
  maxTemp: z.number(),
  minHH: z.array(z.number()),
  maxHH: z.array(z.number()),
  minBatt: z.number().nullable(),
  maxBatt: z.number().nullable(),
  data: z.array(analysisPacketSchema),
});
export type AnalysisDay = z.infer<typeof analysisDaySchema>;

export const analysisSummarySchema = z.object({
  id: z.string(),
  t0: z.int().nullable(),
  t1: z.int().nullable(),
  N: z.int(),
  dataDays: z.int(),
  nDays: z.int(),
  nPerDayMin: z.int(),
  nPerDayMax: z.int(),
  minTemp: z.number().nullable(),
  maxTemp: z.number().nullable(),
  minBatt: z.number().nullable(),
  maxBatt: z.number().nullable(),
});
export type AnalysisSummary = z.infer<typeof analysisSummarySchema>;

export const probeAnalysisResponseSchema = z.object({
  status_code: z.literal(0),
  results: z.object({ summary: analysisSummarySchema, dataPerDay: z.array(analysisDaySchema) }),
});
export type ProbeAnalysisResponse = z.infer<typeof probeAnalysisResponseSchema>;

/**
 * Spec doc 2 §9: 36 packets per day and 24 on average are flagged. (Its battery alert below 360 is
 * not used: the analysis flags a battery by the probe list's "low", docs/decisions/0017.)
 */
export const ANALYSIS_PACKETS_PER_DAY_FLAG = 36;
export const ANALYSIS_AVERAGE_PACKETS_FLAG = 24;

/** Probe history, served by the probes feature. */
export const probeDataEndpoints = defineEndpoints({
  sensorData: defineEndpoint({
    method: 'GET',
    path: '/client/sensorData',
    query: sensorDataQuerySchema,
    response: sensorDataResponseSchema,
    auth: 'user',
    summary: "One probe's chart points: raw readings (downsampled) up to 31 days, daily maxima beyond.",
  }),
  snapshot: defineEndpoint({
    method: 'GET',
    path: '/client/snapshot',
    query: snapshotQuerySchema,
    response: snapshotResponseSchema,
    auth: 'user',
    summary: 'Daily maxima of several probes of a station.',
  }),
  minmaxData: defineEndpoint({
    method: 'GET',
    path: '/client/minmaxData',
    query: minmaxQuerySchema,
    response: minMaxResponseSchema,
    auth: 'user',
    summary: "Each probe's lowest and highest temperature over a period (default the last 7 days).",
  }),
  data2: defineEndpoint({
    method: 'GET',
    path: '/client/data2',
    query: tableDataQuerySchema,
    response: tableDataResponseSchema,
    auth: 'user',
    summary: "The Data tab's rows of one probe, newest first (at most 60 days).",
  }),
  getSensorStats: defineEndpoint({
    method: 'GET',
    path: '/admin/getSensorStats',
    query: probeAnalysisQuerySchema,
    response: probeAnalysisResponseSchema,
    auth: 'user',
    summary: 'How regularly a probe reported, day by day (admins only).',
  }),
});

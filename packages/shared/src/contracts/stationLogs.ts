import { z } from 'zod';
import {
  DEFAULT_TRAFFIC_WINDOW_H,
  MAX_TRAFFIC_OFFSET_H,
  MOBILE_LOG_LIMIT,
  STATION_CALL_KINDS,
  TRAFFIC_WINDOWS_H,
} from '../domain/stationTraffic.js';
import { bsIdSchema } from './baseStations.js';
import { defineEndpoint, defineEndpoints } from './endpoint.js';

/**
 * The base stations' calls as the server records them (issue 30 items 3 and 7, decision 0090): every
 * call of the station protocol with its kind, time, size, result and duration, kept for a week at most
 * (a rotating log), read by the operator console — the traffic chart and mobile network log of a
 * station's settings (spec doc 2 §2.5, §3, §7–§9), the /bslog page and its lists (spec doc 1 §7
 * "Admin GET/POST"). Every call here is an operator's (admins only; masters refused).
 */

const intQuery = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

const trafficPointSchema = z.object({
  ts: z.int().describe('Start of the bar (epoch s).'),
  n: z.int().describe('Calls of the kind in [ts, ts + bucket_s).'),
});
export const trafficSeriesSchema = z.object({
  bootValues: z.array(trafficPointSchema),
  confValues: z.array(trafficPointSchema),
  otaValues: z.array(trafficPointSchema),
  dataValues: z.array(trafficPointSchema),
  beatValues: z.array(trafficPointSchema),
});

export const bsCommDataQuerySchema = z.object({
  bs: bsIdSchema,
  offset: intQuery(0, MAX_TRAFFIC_OFFSET_H).default(0).describe('Hours before now where the window ends.'),
  window: z.coerce
    .number()
    .int()
    .refine((h) => (TRAFFIC_WINDOWS_H as readonly number[]).includes(h), {
      message: `window is one of ${TRAFFIC_WINDOWS_H.join(', ')} hours`,
    })
    .default(DEFAULT_TRAFFIC_WINDOW_H)
    .describe('Hours the chart spans: 1, 3, 6, 12 or 24.'),
});
export const bsCommDataResponseSchema = z.object({
  status_code: z.literal(0),
  from_ts: z.int(),
  to_ts: z.int(),
  bucket_s: z.int().describe('Seconds per bar.'),
  data: trafficSeriesSchema,
  last_boot_ts: z.int().nullable(),
  last_conf_ts: z.int().nullable(),
  last_data_ts: z.int().nullable(),
});
export type BsCommDataResponse = z.infer<typeof bsCommDataResponseSchema>;

export const mobileTelemetryQuerySchema = z.object({
  BS_ID: bsIdSchema,
  limit: intQuery(1, MOBILE_LOG_LIMIT).default(MOBILE_LOG_LIMIT),
});
export const mobileLogEntrySchema = z.object({
  ts: z.int(),
  operator: z.string(),
  net: z.string(),
  mobile_rssi: z.int().describe('dBm.'),
});
export type MobileLogEntry = z.infer<typeof mobileLogEntrySchema>;
export const mobileTelemetryResponseSchema = z.object({
  status_code: z.literal(0),
  results: z.array(mobileLogEntrySchema).describe('Newest first.'),
});

export const stationCallSchema = z.object({
  id: z.int(),
  bs_id: z.string(),
  ts: z.int().describe('When the answer left (epoch s).'),
  kind: z.enum(STATION_CALL_KINDS),
  status: z.int().describe('The HTTP status of the answer (200, 400, 401, 413, 503).'),
  bytes_up: z.int().describe('The request body’s size.'),
  duration_ms: z.number().describe('From the request’s arrival to its answer.'),
  readings: z.int().nullable().describe('Readings the packet carried (null when it was not readable).'),
  operator: z.string().nullable(),
  net: z.string().nullable(),
  mobile_rssi: z.int().nullable(),
  detail: z
    .string()
    .nullable()
    .describe('With detailed logging on for the station: a summary of the packet and of the answer.'),
});
export type StationCall = z.infer<typeof stationCallSchema>;

/** Spec doc 1 §7: base station logs take basestationID, offset, hours, getTS. */
export const bsLogsQuerySchema = z.object({
  basestationID: bsIdSchema,
  offset: intQuery(0, MAX_TRAFFIC_OFFSET_H).default(0).describe('Hours before now where the span ends.'),
  hours: intQuery(1, 168).default(24).describe('Hours the span covers.'),
  getTS: z
    .enum(['0', '1'])
    .default('0')
    .describe('1: also the station’s last boot, configuration, data and call times.'),
});
export const BS_LOGS_LIMIT = 5000;
export const stationTimesSchema = z.object({
  registered: z.boolean(),
  activation_ts: z.int().nullable(),
  last_boot_ts: z.int().nullable(),
  last_conf_ts: z.int().nullable(),
  last_data_ts: z.int().nullable(),
  last_call_ts: z.int().nullable(),
});
export const bsLogsResponseSchema = z.object({
  status_code: z.literal(0),
  from_ts: z.int(),
  to_ts: z.int(),
  results: z.array(stationCallSchema).describe(`Newest first, at most ${BS_LOGS_LIMIT}.`),
  timestamps: stationTimesSchema.nullable().describe('With getTS=1.'),
  detailed: z.boolean().describe('Whether detailed logging is on for the station.'),
});
export type BsLogsResponse = z.infer<typeof bsLogsResponseSchema>;

export const loggedStationSchema = z.object({
  bs_id: z.string(),
  since_ts: z.int(),
  by: z.string().nullable().describe('Who switched it on.'),
});
export type LoggedStation = z.infer<typeof loggedStationSchema>;
/** Detailed logging costs a summary per call: this many stations at once. */
export const MAX_LOGGED_STATIONS = 100;

export const bsLoggingStatusRequestSchema = z.strictObject({
  basestationID: bsIdSchema,
  logging: z.boolean(),
});

export const earlyCallsQuerySchema = z.object({
  hours: intQuery(1, 168).default(24).describe('Hours back from now.'),
});
export const EARLY_CALLS_LIMIT = 1000;
export const earlyCallSchema = z.object({
  id: z.int(),
  bs_id: z.string(),
  ts: z.int(),
  kind: z.enum(STATION_CALL_KINDS),
  status: z.int(),
  bytes_up: z.int(),
  registered: z.boolean().describe('false: no station has this id; true: registered, not activated then.'),
});
export type EarlyCall = z.infer<typeof earlyCallSchema>;

export const stationLogsEndpoints = defineEndpoints({
  bsCommData: defineEndpoint({
    method: 'GET',
    path: '/client/bsCommData',
    query: bsCommDataQuerySchema,
    response: bsCommDataResponseSchema,
    auth: 'user',
    summary:
      'Admins: a station’s calls per kind (boot, conf, OTA, data, heartbeat) over a window of 1–24 h ending `offset` hours ago, with its last boot, conf and data times.',
  }),
  getMobileTelemetry: defineEndpoint({
    method: 'GET',
    path: '/client/getMobileTelemetry',
    query: mobileTelemetryQuerySchema,
    response: mobileTelemetryResponseSchema,
    auth: 'user',
    summary: 'Admins: the mobile network a station reported with its last calls (operator, net, RSSI).',
  }),
  getBsLogs: defineEndpoint({
    method: 'GET',
    path: '/admin/getBsLogs',
    query: bsLogsQuerySchema,
    response: bsLogsResponseSchema,
    auth: 'user',
    summary: 'Admins: a station’s calls over `hours` ending `offset` hours ago, newest first.',
  }),
  getBsLoggingList: defineEndpoint({
    method: 'GET',
    path: '/admin/getBsLoggingList',
    response: z.object({ status_code: z.literal(0), results: z.array(loggedStationSchema) }),
    auth: 'user',
    summary: 'Admins: the stations whose calls keep a summary of their packets (detailed logging).',
  }),
  postBsLoggingStatus: defineEndpoint({
    method: 'POST',
    path: '/admin/postBsLoggingStatus',
    body: bsLoggingStatusRequestSchema,
    response: z.object({ status_code: z.literal(0), logging: z.boolean() }),
    auth: 'user',
    summary: 'Root, Admin and Tech staff: switches a station’s detailed logging on or off.',
  }),
  getEarlyBsCallsLog: defineEndpoint({
    method: 'GET',
    path: '/admin/getEarlyBsCallsLog',
    query: earlyCallsQuerySchema,
    response: z.object({ status_code: z.literal(0), results: z.array(earlyCallSchema) }),
    auth: 'user',
    summary:
      'Admins: calls of stations not registered or not yet activated at the time (unknown ids calling in), newest first.',
  }),
});

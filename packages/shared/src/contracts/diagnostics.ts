import { z } from 'zod';
import { LOG_LEVELS } from '../domain/serverLogs.js';
import { STATION_CALL_KINDS } from '../domain/stationTraffic.js';
import { defineEndpoint, defineEndpoints } from './endpoint.js';

/**
 * The operator console's diagnostics (issue 30 item 7, decision 0095): the servers' own log lines
 * (`logs`, with the spec's AuxData rule), the HTTP access log (`accesslogs`), the jobs the servers run
 * (`getSysOpList`), the calls of the older Gari system (`getGariCallLog`), the stations calling in
 * before their activation (`getTestDataAll`, the /test_ page) and the registered station and probe-set
 * ids with their activation state (`getBSRegistrations`, `getProbeRegistrations`, the /ids_ page).
 * Admins only; masters refused.
 */

const epoch = z.coerce.number().int().min(0).max(99_999_999_999);
/** Most rows one answer carries; `truncated` says when there were more. */
export const DIAGNOSTICS_LIMIT = 2000;
export const ENVIRONMENTS = ['development', 'production', 'test'] as const;
const flag = z
  .enum(['0', '1', 'true', 'false'])
  .default('0')
  .transform((v) => v === '1' || v === 'true');
const text = (what: string) => z.string().trim().min(1).max(120).optional().describe(what);

/** `timeFilter=start,end` or `timeFilter=start&timeFilter=end` (spec doc 1 §7: timeFilter [start, end]). */
const timeFilterSchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',') : v),
  z
    .tuple([epoch, epoch])
    .refine(([a, b]) => a <= b, { message: 'timeFilter is [start, end] with start ≤ end' }),
);

export const serverLogsQuerySchema = z.object({
  server: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .default('all')
    .describe('A server instance’s id (as `servers` lists them), or all.'),
  env: z.enum(ENVIRONMENTS).optional().describe('Only this environment’s lines (default: every one).'),
  timeFilter: timeFilterSchema.optional().describe('[start, end] in epoch s; default the last 24 hours.'),
  showAux: flag.describe('1: keep the AuxData lines (otherwise removed and counted as nAux).'),
  level: z.enum(Object.keys(LOG_LEVELS) as [keyof typeof LOG_LEVELS]).default('info'),
});

export const serverLogLineSchema = z.object({
  id: z.int(),
  ts: z.int().describe('When the line was written (epoch s).'),
  ms: z.int().describe('Its milliseconds within the second.'),
  server: z.string().describe('The server instance that wrote it.'),
  env: z.string(),
  level: z.int().describe('pino’s level: 30 info, 40 warn, 50 error, 60 fatal.'),
  msg: z.string().nullable(),
  line: z.string().describe('The whole line as the logger wrote it (redacted), at most 4,000 characters.'),
});
export type ServerLogLine = z.infer<typeof serverLogLineSchema>;

export const serverInstanceSchema = z.object({
  server: z.string(),
  env: z.string(),
  last_ts: z.int().describe('Its newest line.'),
  current: z.boolean().describe('The instance that answered this call.'),
});
export type ServerInstance = z.infer<typeof serverInstanceSchema>;

export const serverLogsResponseSchema = z.object({
  status_code: z.literal(0),
  from_ts: z.int(),
  to_ts: z.int(),
  results: z
    .array(serverLogLineSchema)
    .describe(`Newest first, at most ${DIAGNOSTICS_LIMIT} before the AuxData rule.`),
  nAux: z.int().describe('AuxData lines removed (0 with showAux).'),
  truncated: z.boolean(),
  servers: z.array(serverInstanceSchema).describe('The instances with lines in the store.'),
});
export type ServerLogsResponse = z.infer<typeof serverLogsResponseSchema>;

/** Spec doc 1 §7: ranged lists take startTS, endTS. */
const rangedQuery = {
  startTS: epoch.optional().describe('From (epoch s); default 24 hours before endTS.'),
  endTS: epoch.optional().describe('Up to (epoch s); default now.'),
};

export const accessLogsQuerySchema = z.object({
  ...rangedQuery,
  method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD']).optional(),
  status: z
    .string()
    .regex(/^[1-5](?:xx|\d\d)$/, 'status is a code (404) or a class (4xx)')
    .optional()
    .describe('An HTTP status (404) or class (4xx).'),
  path: text('Part of the path.'),
  user: z.coerce.number().int().min(1).optional().describe('The caller’s user id.'),
  ip: text('The caller’s address, or its beginning.'),
});

export const accessLogEntrySchema = z.object({
  id: z.int(),
  ts: z.int().describe('When the answer left (epoch s).'),
  server: z.string(),
  method: z.string(),
  path: z.string().describe('The path without its query (tokens and codes travel there).'),
  route: z.string().nullable().describe('The route that answered.'),
  status: z.int(),
  duration_ms: z.number(),
  user_id: z.int().nullable(),
  username: z.string().nullable(),
  family: z.string().nullable().describe('The caller’s system family: gari, haytech, or null for main.'),
  ip: z.string(),
});
export type AccessLogEntry = z.infer<typeof accessLogEntrySchema>;

export const accessLogsResponseSchema = z.object({
  status_code: z.literal(0),
  from_ts: z.int(),
  to_ts: z.int(),
  results: z.array(accessLogEntrySchema).describe(`Newest first, at most ${DIAGNOSTICS_LIMIT}.`),
  truncated: z.boolean(),
});
export type AccessLogsResponse = z.infer<typeof accessLogsResponseSchema>;

export const sysOpSchema = z.object({
  name: z.string().describe('The job, as its feature names it (readings.pack, stationLogs.rotate).'),
  every_ms: z.int(),
  runs: z.int().describe('Runs since this instance started.'),
  failures: z.int(),
  running: z.boolean(),
  last_start_ms: z.int().nullable(),
  last_duration_ms: z.number().nullable(),
  last_result: z.enum(['ok', 'failed']).nullable(),
  last_error: z.string().nullable(),
  next_ms: z
    .int()
    .nullable()
    .describe('When the next run is due (epoch ms); null when jobs do not run here.'),
});
export type SysOp = z.infer<typeof sysOpSchema>;

export const sysOpListResponseSchema = z.object({
  status_code: z.literal(0),
  server: z.string().describe('The instance that answered: each instance runs its own jobs.'),
  started_ms: z.int(),
  scheduled: z.boolean().describe('Whether this instance’s scheduler runs the jobs.'),
  results: z.array(sysOpSchema),
});
export type SysOpListResponse = z.infer<typeof sysOpListResponseSchema>;

export const gariCallLogQuerySchema = z.object(rangedQuery);

export const testDataQuerySchema = z.object({
  hours: z.coerce.number().int().min(1).max(168).default(168).describe('Hours back from now.'),
});

export const testReadingSchema = z.object({
  sensor_id: z.string(),
  meas_ts: z.int(),
  temperature: z.int().nullable().describe('Tenths of °C.'),
  sensor_rssi: z.int().nullable(),
  batt: z.int().nullable(),
  received_ts: z.int(),
});
export type TestReading = z.infer<typeof testReadingSchema>;

export const testStationSchema = z.object({
  bs_id: z.string(),
  registered_ts: z.int().describe('When its kit was registered.'),
  partner_app: z.string().nullable(),
  calls: z.int(),
  data_calls: z.int().describe('Calls that carried readings.'),
  readings: z.int().describe('Readings its calls carried.'),
  first_ts: z.int(),
  last_ts: z.int(),
  last_kind: z.enum(STATION_CALL_KINDS),
  last_status: z.int(),
  probes: z.array(testReadingSchema).describe('Each probe’s latest test reading, by probe id.'),
});
export type TestStation = z.infer<typeof testStationSchema>;

export const REGISTRATION_STATES = ['all', 'open', 'activated'] as const;
export const registrationsQuerySchema = z.object({
  state: z.enum(REGISTRATION_STATES).default('all'),
  q: text('Part of the id.'),
});

export const bsRegistrationSchema = z.object({
  bs_id: z.string(),
  registered_ts: z.int(),
  partner_app: z.string().nullable(),
  activated_ts: z.int().nullable(),
  owner: z.object({ UID: z.int(), username: z.string() }).nullable(),
  last_data_ts: z.int().nullable(),
});
export type BsRegistration = z.infer<typeof bsRegistrationSchema>;

export const probeRegistrationSchema = z.object({
  set_id: z.string(),
  probes: z.array(z.string()),
  registered_ts: z.int(),
  activated_ts: z.int().nullable(),
  bs_id: z.string().nullable().describe('The station the set joined.'),
  owner: z.object({ UID: z.int(), username: z.string() }).nullable(),
});
export type ProbeRegistration = z.infer<typeof probeRegistrationSchema>;

const list = <T extends z.ZodType>(row: T) =>
  z.object({ status_code: z.literal(0), results: z.array(row), truncated: z.boolean() });

export const diagnosticsEndpoints = defineEndpoints({
  logs: defineEndpoint({
    method: 'GET',
    path: '/admin/logs',
    query: serverLogsQuerySchema,
    response: serverLogsResponseSchema,
    auth: 'user',
    summary:
      'Root, Admin and Tech staff: the servers’ own log lines (redacted) of an instance and environment over timeFilter; AuxData lines removed and counted unless showAux.',
  }),
  accesslogs: defineEndpoint({
    method: 'GET',
    path: '/admin/accesslogs',
    query: accessLogsQuerySchema,
    response: accessLogsResponseSchema,
    auth: 'user',
    summary:
      'Root, Admin and Tech staff: the HTTP calls the servers answered (not the stations’ packets), newest first.',
  }),
  getSysOpList: defineEndpoint({
    method: 'GET',
    path: '/admin/getSysOpList',
    response: sysOpListResponseSchema,
    auth: 'user',
    summary:
      'Root, Admin and Tech staff: the periodic jobs of the answering instance, their last run and the next.',
  }),
  getGariCallLog: defineEndpoint({
    method: 'GET',
    path: '/admin/getGariCallLog',
    query: gariCallLogQuerySchema,
    response: list(accessLogEntrySchema),
    auth: 'user',
    summary: 'Root, Admin and Tech staff: the calls the older Gari system’s users made, newest first.',
  }),
  getTestDataAll: defineEndpoint({
    method: 'GET',
    path: '/admin/getTestDataAll',
    query: testDataQuerySchema,
    response: list(testStationSchema),
    auth: 'user',
    summary:
      'Admins: stations registered but not activated that called in (factory tests), with each probe’s latest test reading.',
  }),
  getBSRegistrations: defineEndpoint({
    method: 'GET',
    path: '/admin/getBSRegistrations',
    query: registrationsQuerySchema,
    response: list(bsRegistrationSchema),
    auth: 'user',
    summary: 'Admins: the registered base-station ids and whether and into which account each was activated.',
  }),
  getProbeRegistrations: defineEndpoint({
    method: 'GET',
    path: '/admin/getProbeRegistrations',
    query: registrationsQuerySchema,
    response: list(probeRegistrationSchema),
    auth: 'user',
    summary: 'Admins: the registered probe sets, their probes and whether and where each was activated.',
  }),
});

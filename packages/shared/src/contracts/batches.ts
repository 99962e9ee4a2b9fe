import { z } from 'zod';
import {
  COMPOST_METHODS,
  REQUIREMENT_IDS,
  SANITISATION_STANDARDS,
} from '../domain/batches/sanitisationStandards.js';
import { bsIdSchema } from './baseStations.js';
import { defineEndpoint, defineEndpoints } from './endpoint.js';
import { sensorIdSchema } from './ingest.js';

// The pure batch rules travel with their contract: one import for whoever shows or judges a batch.
export * from '../domain/batches/index.js';

/**
 * Compost batches (spec doc 3 §2 "Batches and notifications", §3 "Batch", §4 "Batches", §9;
 * doc 1 §2 routes and menu, §3 incremental updates, §7 calls; doc 2 §3 "Batch (as referenced)").
 * A batch is a pile (windrow, aerated static pile or vessel) on one base station, followed by its
 * probes through process phases; a phase's `sensor_progress` says how far each probe is toward the
 * phase's target (hours at or above its temperature). Beyond the spec: recorded turnings and the
 * sanitisation report (docs/decisions/0049-compost-batches.md, 0050-sanitisation-report.md).
 * Temperatures are tenths of °C, times epoch seconds.
 */

/** Spec doc 2 §4 "Batch status: 1 ongoing, 2 completed". */
export const BATCH_STATUS = { ongoing: 1, completed: 2 } as const;
export const BATCH_STATUSES = [BATCH_STATUS.ongoing, BATCH_STATUS.completed] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];
const statusSchema = z.union([z.literal(1), z.literal(2)]);

export const BATCH_NAME_MAX = 60;
export const PHASE_NAME_MAX = 40;
export const BATCH_NOTES_MAX = 2000;
export const TURNING_NOTE_MAX = 200;
/** Probes in one batch; a large windrow has a probe every few metres. */
export const BATCH_PROBES_MAX = 100;
/** Phases of one process. */
export const BATCH_PHASES_MAX = 12;
/** Spec doc 3 §9 "RC log limit 100 events". */
export const BATCH_RC_LOG_LIMIT = 100;
/** Spec doc 1 §4: a batch probe silent for more than 4 hours is a data break (a `batch_bug` alert). */
export const BATCH_SILENT_AFTER_S = 4 * 3600;
/** A phase target's temperature range, tenths of °C (the probes' range, spec doc 1 §9 0–100 °C). */
export const PHASE_TEMP_MIN = 0;
export const PHASE_TEMP_MAX = 1000;
/** The high-temperature alert's range, tenths of °C; 80 °C by default (a pile that hot is drying out or near self-heating). */
export const BATCH_ALERT_TEMP_MIN = 300;
export const BATCH_ALERT_TEMP_MAX = 1000;
export const BATCH_ALERT_TEMP_DEFAULT = 800;
/** A phase may last up to a year. */
export const PHASE_HOURS_MAX = 366 * 24;

const tempSchema = z.int().min(PHASE_TEMP_MIN).max(PHASE_TEMP_MAX);
const tsSchema = z.int().min(0);
const batchIdSchema = z.int().positive();
const uidSchema = z.int().positive().optional();
const uidQuery = z.coerce.number().int().positive().optional();
const batchIdQuery = z.coerce.number().int().positive();
/** A query flag: "true"/"1" or "false"/"0". */
const queryFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

export const compostMethodSchema = z.enum(COMPOST_METHODS);
export const sanitisationStandardSchema = z.enum(SANITISATION_STANDARDS);

// ---------------------------------------------------------------------------------------------
// Process phases: what a phase aims at (the account's defaults, or a batch's own)
// ---------------------------------------------------------------------------------------------

/**
 * One phase of the process as planned. Progress toward it is the time each probe's coldest point has
 * been at or above `targetTemp` (or, without a temperature, the time since the phase started), out of
 * `targetHours`. Without `targetHours` a phase has no progress, only its dates.
 */
export const processPhaseSchema = z.strictObject({
  phase_name: z.string().trim().min(1, 'Name the phase').max(PHASE_NAME_MAX),
  targetTemp: tempSchema.nullable().describe('Tenths of °C; null: the phase aims at time alone.'),
  targetHours: z.int().min(1).max(PHASE_HOURS_MAX).nullable().describe('Hours the target must be held.'),
});
export type ProcessPhase = z.infer<typeof processPhaseSchema>;

const phasesSchema = z
  .array(processPhaseSchema)
  .min(1, 'A process has at least one phase')
  .max(BATCH_PHASES_MAX);

/** What goes into a batch's sanitisation report (spec doc 1 §2 "report content"). */
export const reportContentSchema = z.strictObject({
  phases: z.boolean().describe('The phases with their dates and each probe’s progress.'),
  probes: z.boolean().describe('Per probe: its longest period at the limit and its lowest reading then.'),
  turnings: z.boolean().describe('The recorded turnings.'),
  dailyTable: z.boolean().describe('Per day: the lowest and highest reading of the batch’s probes.'),
  signature: z.boolean().describe('Lines for the operator’s name, date and signature.'),
});
export type ReportContent = z.infer<typeof reportContentSchema>;

/** Spec doc 1 §2 "Default batch settings and report content": what a new batch starts from. */
export const batchDefaultsSchema = z.strictObject({
  phases: phasesSchema,
  alertTemp: z.int().min(BATCH_ALERT_TEMP_MIN).max(BATCH_ALERT_TEMP_MAX).nullable(),
  method: compostMethodSchema,
  standard: sanitisationStandardSchema,
  report: reportContentSchema,
});
export type BatchDefaults = z.infer<typeof batchDefaultsSchema>;

/** An account's defaults before it saved any (decision 0049). */
export function defaultBatchDefaults(): BatchDefaults {
  return {
    phases: [
      { phase_name: 'Sanitisation', targetTemp: 550, targetHours: 72 },
      { phase_name: 'Active composting', targetTemp: 450, targetHours: 21 * 24 },
      { phase_name: 'Curing', targetTemp: null, targetHours: 30 * 24 },
    ],
    alertTemp: BATCH_ALERT_TEMP_DEFAULT,
    method: 'windrow',
    standard: 'epaPfrp',
    report: { phases: true, probes: true, turnings: true, dailyTable: true, signature: true },
  };
}

// ---------------------------------------------------------------------------------------------
// The batch as read
// ---------------------------------------------------------------------------------------------

/** Spec doc 3 §3 "sensor_progress[].last_ts": one probe's progress in one phase. */
export const sensorProgressSchema = z.object({
  sensor_id: z.string(),
  progress: z.number().min(0).max(1).nullable().describe('0…1 of the phase’s target; null: no target.'),
  hours: z.number().describe('Hours counted toward the target so far.'),
  maxTemp: z.int().nullable().describe('Highest reading (coldest point of the probe) in the phase.'),
  lastTemp: z.int().nullable().describe('The latest reading’s coldest point.'),
  last_ts: z.int().nullable().describe('The latest reading counted.'),
});
export type SensorProgress = z.infer<typeof sensorProgressSchema>;

/** Spec doc 3 §3 "probeReplacements[] (from, to, ts)": a probe swapped for another during a phase. */
export const probeReplacementSchema = z.object({ from: z.string(), to: z.string(), ts: z.int() });
export type ProbeReplacement = z.infer<typeof probeReplacementSchema>;

/** Spec doc 3 §3 batch_phases. A phase is running once started and until completed. */
export const batchPhaseSchema = z.object({
  index: z.int().min(0),
  phase_name: z.string(),
  targetTemp: z.int().nullable(),
  targetHours: z.int().nullable(),
  phase_start_date: z.int().nullable(),
  phase_completed_date: z.int().nullable(),
  sensor_progress: z.array(sensorProgressSchema),
  probeReplacements: z.array(probeReplacementSchema),
});
export type BatchPhase = z.infer<typeof batchPhaseSchema>;

/**
 * Spec doc 3 §3 currentAlerts: what is wrong with an ongoing batch now — a probe at or above the
 * batch's alert temperature (`batch`, high temperature) or silent for more than 4 hours (`batch_bug`).
 */
export const BATCH_ALERT_TYPES = ['batch', 'batch_bug'] as const;
export type BatchAlertType = (typeof BATCH_ALERT_TYPES)[number];
export const batchAlertSchema = z.object({
  type: z.enum(BATCH_ALERT_TYPES),
  sensor_id: z.string(),
  ts: z.int().nullable().describe('The reading that raised it; null for a probe that never reported.'),
  temperature: z.int().nullable().describe('Hottest point of that reading (batch), tenths of °C.'),
});
export type BatchAlert = z.infer<typeof batchAlertSchema>;

/** A turning of the pile, as recorded (the sanitisation standards count them). */
export const batchTurningSchema = z.object({
  id: z.int(),
  ts: z.int(),
  note: z.string().nullable(),
  U_ID: z.int().nullable().describe('Who recorded it.'),
});
export type BatchTurning = z.infer<typeof batchTurningSchema>;

/** Spec doc 3 §3 "Batch", doc 2 §3 "Batch (as referenced)", with what a product needs beside. */
export const batchSchema = z.object({
  batch_id: z.int(),
  batch_name: z.string(),
  status: statusSchema,
  UID: z.int().describe('The account the batch belongs to (its station’s owner).'),
  BS_ID: z.string(),
  method: compostMethodSchema,
  standard: sanitisationStandardSchema.describe('The standard its sanitisation report is judged by.'),
  alertTemp: z.int().nullable().describe('High-temperature alert limit, tenths of °C; null: none.'),
  probes: z.array(z.string()).describe('The probes in the pile now (after replacements).'),
  batch_phases: z.array(batchPhaseSchema),
  currentPhase: z.int().nullable().describe('Index of the running phase (started, not completed).'),
  currentAlerts: z.array(batchAlertSchema),
  turnings: z.array(batchTurningSchema),
  notes: z.string(),
  isAdmin: z.boolean().describe('Made by an admin (a test batch): not offered to RC units.'),
  created_ts: z.int(),
  updated_ts: z.int(),
  completed_ts: z.int().nullable(),
  archived_ts: z.int().nullable().describe('Archived batches leave the lists; null: not archived.'),
});
export type Batch = z.infer<typeof batchSchema>;

const batchesResponseSchema = z.object({
  status_code: z.literal(0),
  results: z.array(batchSchema),
  ts: z.int().describe('The server time of this answer: pass it as `since` to getChangedBatches.'),
});
export type BatchesResponse = z.infer<typeof batchesResponseSchema>;

const batchResponseSchema = z.object({ status_code: z.literal(0), result: batchSchema });
export type BatchResponse = z.infer<typeof batchResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Reads
// ---------------------------------------------------------------------------------------------

/** GET /client/getBatches: the batches of the account's (or one station's) stations, newest first. */
export const getBatchesQuerySchema = z.object({
  UID: uidQuery,
  BS_ID: bsIdSchema.optional(),
  status: z.coerce.number().pipe(statusSchema).optional().describe('Only ongoing (1) or completed (2).'),
  archived: queryFlag.describe('true: the archived batches instead of the others.'),
  batch_id: batchIdQuery.optional().describe('Just this batch, archived or not.'),
});
export type GetBatchesQuery = z.input<typeof getBatchesQuerySchema>;

/** GET /client/getChangedBatches: batches changed since `since` (spec doc 1 §3 incremental update). */
export const getChangedBatchesQuerySchema = z.object({
  UID: uidQuery,
  BS_ID: bsIdSchema.optional(),
  since: z.coerce.number().int().min(0).describe('The `ts` of the previous answer.'),
});

/** Batch counts per station (the list's filters, spec doc 2 §4; the site's "batch counts"). */
export const batchCountsSchema = z.object({
  ongoing: z.int(),
  completed: z.int(),
  archived: z.int(),
});
export type BatchCounts = z.infer<typeof batchCountsSchema>;
export const getBatchCountsResponseSchema = z.object({
  status_code: z.literal(0),
  results: z.array(batchCountsSchema.extend({ BS_ID: z.string() })),
  total: batchCountsSchema,
});
export type GetBatchCountsResponse = z.infer<typeof getBatchCountsResponseSchema>;

/** GET /client/getProcessPhases: a batch's phase plan, or (without batch_id) the account's defaults. */
export const getProcessPhasesQuerySchema = z.object({ UID: uidQuery, batch_id: batchIdQuery.optional() });
export const processPhasesResponseSchema = z.object({
  status_code: z.literal(0),
  results: z.array(processPhaseSchema),
  defaults: batchDefaultsSchema,
});
export type ProcessPhasesResponse = z.infer<typeof processPhasesResponseSchema>;

/** One line of the RC event log (spec doc 3 §2 columns Date, Batch, C, Net, Mode, Vent, Comm, Manual, DataTS, Temps, Cycle, Secs). */
export const rcEventSchema = z.object({
  ts: z.int().describe('Date.'),
  FC_ID: z.string(),
  channel: z.int().describe('C.'),
  batchRef: z.int().nullable().describe('Batch.'),
  command: z.int(),
  net: z.string().nullable(),
  fc_mode: z.string().nullable().describe('Mode.'),
  ventMode: z.string().nullable().describe('Vent.'),
  comm: z.string().describe('Comm: online or offline.'),
  manual: z.boolean(),
  dataTs: z.int().nullable(),
  temps: z.array(z.int().nullable()).nullable().describe('[reference, outdoor], tenths of °C.'),
  cycle: z.int().nullable().describe('When the current cycle started.'),
  secs: z.int().nullable().describe('Seconds into the cycle.'),
});
export type RcEvent = z.infer<typeof rcEventSchema>;

/** GET /client/getPhaseRClog: the RC events of a batch's phase, newest first (spec doc 3 §4, §9). */
export const getPhaseRClogQuerySchema = z.object({
  UID: uidQuery,
  batch_id: batchIdQuery,
  index: z.coerce
    .number()
    .int()
    .min(0)
    .max(BATCH_PHASES_MAX - 1)
    .describe('The phase.'),
  limit: z.coerce.number().int().min(1).max(BATCH_RC_LOG_LIMIT).default(BATCH_RC_LOG_LIMIT),
});
export const rcLogResponseSchema = z.object({ status_code: z.literal(0), results: z.array(rcEventSchema) });

// ---------------------------------------------------------------------------------------------
// Changes
// ---------------------------------------------------------------------------------------------

/** A phase of a batch as saved: its plan and its dates (its progress and replacements are the server's). */
export const batchPhaseInputSchema = processPhaseSchema.extend({
  phase_start_date: tsSchema.nullable(),
  phase_completed_date: tsSchema.nullable(),
});
export type BatchPhaseInput = z.infer<typeof batchPhaseInputSchema>;

/**
 * POST /client/saveBatch. Without batch_id a new batch (ongoing; phases from the account's defaults
 * when none are sent, the first started now). `replace` swaps probes now, recorded in the running
 * phase. Phases start in order: a phase starts when or after the one before it completes.
 */
export const saveBatchRequestSchema = z.strictObject({
  UID: uidSchema,
  batch: z.strictObject({
    batch_id: batchIdSchema.optional(),
    BS_ID: bsIdSchema,
    batch_name: z.string().trim().min(1, 'Name the batch').max(BATCH_NAME_MAX),
    status: statusSchema.default(BATCH_STATUS.ongoing),
    method: compostMethodSchema.optional().describe('Default: the account’s.'),
    standard: sanitisationStandardSchema.optional().describe('Default: the account’s.'),
    alertTemp: z.int().min(BATCH_ALERT_TEMP_MIN).max(BATCH_ALERT_TEMP_MAX).nullable().optional(),
    probes: z
      .array(sensorIdSchema)
      .max(BATCH_PROBES_MAX)
      .refine((a) => new Set(a).size === a.length, 'A probe is listed twice')
      .describe('The probes in the pile after this save (a replacement’s `to` in, its `from` out).'),
    phases: z.array(batchPhaseInputSchema).min(1).max(BATCH_PHASES_MAX).optional(),
    replace: z
      .array(z.strictObject({ from: sensorIdSchema, to: sensorIdSchema }))
      .max(BATCH_PROBES_MAX)
      .optional()
      .describe('Probes swapped now: `from` leaves the pile, `to` takes its place.'),
    notes: z.string().max(BATCH_NOTES_MAX).optional(),
  }),
});
export type SaveBatchRequest = z.input<typeof saveBatchRequestSchema>;

/** POST /client/archiveBatches: archive (or restore, archive false) completed batches. */
export const archiveBatchesRequestSchema = z.strictObject({
  UID: uidSchema,
  batch_ids: z.array(batchIdSchema).min(1).max(200),
  archive: z.boolean().default(true),
});
export type ArchiveBatchesRequest = z.input<typeof archiveBatchesRequestSchema>;

/**
 * POST /client/saveProcessPhases: a batch's phase plan (names and targets; its dates stay), or,
 * without batch_id, the account's defaults (phases and, optionally, the other default settings).
 */
export const saveProcessPhasesRequestSchema = z.strictObject({
  UID: uidSchema,
  batch_id: batchIdSchema.optional(),
  phases: phasesSchema,
  defaults: batchDefaultsSchema.omit({ phases: true }).optional(),
});
export type SaveProcessPhasesRequest = z.input<typeof saveProcessPhasesRequestSchema>;

/** POST /client/addBatchTurning: records a turning of the pile (now, or when it was done). */
export const addBatchTurningRequestSchema = z.strictObject({
  UID: uidSchema,
  batch_id: batchIdSchema,
  ts: tsSchema.optional().describe('Default: now. Not in the future, not before the batch.'),
  note: z.string().trim().max(TURNING_NOTE_MAX).optional(),
});
export type AddBatchTurningRequest = z.input<typeof addBatchTurningRequestSchema>;

/** POST /client/removeBatchTurning: a turning recorded by mistake. */
export const removeBatchTurningRequestSchema = z.strictObject({
  UID: uidSchema,
  batch_id: batchIdSchema,
  id: z.int().positive(),
});

// ---------------------------------------------------------------------------------------------
// The sanitisation report
// ---------------------------------------------------------------------------------------------

export const sanitisationPeriodSchema = z.object({
  from: z.int(),
  to: z.int(),
  seconds: z.int().describe('Time at or above the limit within it (turning recoveries not counted).'),
  turnings: z.int().describe('Recorded turnings within it.'),
  minTemp: z.int().nullable().describe('Lowest coldest-point reading counted in it.'),
});
export type SanitisationPeriodResult = z.infer<typeof sanitisationPeriodSchema>;

export const requirementResultSchema = z.object({
  id: z.enum(REQUIREMENT_IDS),
  minTemp: z.int(),
  seconds: z.int(),
  minTurnings: z.int(),
  proven: z.boolean(),
  /** The first period that proves it, else the longest one found; null when none. */
  period: sanitisationPeriodSchema.nullable(),
});
export type RequirementResult = z.infer<typeof requirementResultSchema>;

export const SANITISATION_VERDICTS = ['proven', 'notProven', 'noData'] as const;
export const SANITISATION_NOTES = [
  'moistureNotMeasured',
  'turningsRequired',
  'dataGaps',
  'probeReplaced',
  'probeWithoutData',
] as const;
export type SanitisationNote = (typeof SANITISATION_NOTES)[number];

export const probeResultSchema = z.object({
  sensor_id: z.string().describe('The measuring spot: a probe, or "A→B" after a replacement.'),
  readings: z.int(),
  gaps: z.int().describe('Silences longer than the allowed gap.'),
  proven: z.boolean().describe('This spot alone meets the requirement the verdict rests on.'),
  period: sanitisationPeriodSchema.nullable().describe('Its longest period at the limit.'),
});
export type ProbeResult = z.infer<typeof probeResultSchema>;

export const dailyRangeSchema = z.object({
  day: z.int().describe('UTC midnight.'),
  minTemp: z.int(),
  maxTemp: z.int(),
});

export const sanitisationReportSchema = z.object({
  batch_id: z.int(),
  batch_name: z.string(),
  BS_ID: z.string(),
  standard: sanitisationStandardSchema,
  method: compostMethodSchema,
  verdict: z.enum(SANITISATION_VERDICTS),
  /** The alternatives of the standard for this method; meeting one proves it. */
  requirements: z.array(requirementResultSchema),
  probes: z.array(probeResultSchema),
  turnings: z.array(z.int()),
  daily: z.array(dailyRangeSchema),
  notes: z.array(z.enum(SANITISATION_NOTES)),
  from: z.int().nullable().describe('First reading considered.'),
  to: z.int().nullable().describe('Last reading considered.'),
  generated_ts: z.int(),
});
export type SanitisationReportResult = z.infer<typeof sanitisationReportSchema>;

/** GET /client/getSanitisationReport: the report as data (the web shows it before the download). */
export const sanitisationReportQuerySchema = z.object({
  UID: uidQuery,
  batch_id: batchIdQuery,
  standard: sanitisationStandardSchema.optional().describe('Default: the batch’s.'),
});
export type SanitisationReportQuery = z.input<typeof sanitisationReportQuerySchema>;

/**
 * GET /client/batchReportPdf: the same report as a PDF download (application/pdf, a file named after
 * the batch), in the caller's language, unit and date and time formats unless `lang`/`unit` say
 * otherwise, its times on the batch's station's clock (`tz`, the viewer's zone, only for a station
 * with none; decision 0079). Not a JSON call, so not in the catalogue: fetch it with the bearer token
 * and save the blob.
 */
export const BATCH_REPORT_PDF_PATH = '/client/batchReportPdf';
export const batchReportPdfQuerySchema = sanitisationReportQuerySchema.extend({
  lang: z.enum(['en', 'fi', 'de', 'fr', 'es', 'it', 'nl', 'hr']).optional(),
  unit: z.enum(['C', 'F']).optional(),
  tz: z
    .string()
    .max(64)
    .optional()
    .describe('The viewer’s IANA time zone: the times’ zone when the batch’s station has none.'),
});
export type BatchReportPdfQuery = z.input<typeof batchReportPdfQuerySchema>;

/** The batch calls, served by the batches feature. */
export const batchEndpoints = defineEndpoints({
  getBatches: defineEndpoint({
    method: 'GET',
    path: '/client/getBatches',
    query: getBatchesQuerySchema,
    response: batchesResponseSchema,
    auth: 'user',
    summary: 'The compost batches of the account (or one station), with phases, progress and alerts.',
  }),
  getBatchCounts: defineEndpoint({
    method: 'GET',
    path: '/client/getBatchCounts',
    query: z.object({ UID: uidQuery }),
    response: getBatchCountsResponseSchema,
    auth: 'user',
    summary: 'How many batches each station has ongoing, completed and archived.',
  }),
  getProcessPhases: defineEndpoint({
    method: 'GET',
    path: '/client/getProcessPhases',
    query: getProcessPhasesQuerySchema,
    response: processPhasesResponseSchema,
    auth: 'user',
    summary: "A batch's phase plan, or the account's default phases and batch settings.",
  }),
  getChangedBatches: defineEndpoint({
    method: 'GET',
    path: '/client/getChangedBatches',
    query: getChangedBatchesQuerySchema,
    response: batchesResponseSchema,
    auth: 'user',
    summary:
      'Batches changed (or with new readings) since a time, archived ones included; merge by batch_id.',
  }),
  saveBatch: defineEndpoint({
    method: 'POST',
    path: '/client/saveBatch',
    body: saveBatchRequestSchema,
    response: batchResponseSchema,
    auth: 'user',
    summary: 'Creates or changes a batch: name, probes, replacements, phases and their dates, status.',
  }),
  archiveBatches: defineEndpoint({
    method: 'POST',
    path: '/client/archiveBatches',
    body: archiveBatchesRequestSchema,
    response: batchesResponseSchema,
    auth: 'user',
    summary: 'Archives (or restores) completed batches.',
  }),
  saveProcessPhases: defineEndpoint({
    method: 'POST',
    path: '/client/saveProcessPhases',
    body: saveProcessPhasesRequestSchema,
    response: processPhasesResponseSchema,
    auth: 'user',
    summary: "Saves a batch's phase plan, or the account's default phases and batch settings.",
  }),
  getPhaseRClog: defineEndpoint({
    method: 'GET',
    path: '/client/getPhaseRClog',
    query: getPhaseRClogQuerySchema,
    response: rcLogResponseSchema,
    auth: 'user',
    summary: "The RC unit events of a batch's phase, newest first (at most 100).",
  }),
  addBatchTurning: defineEndpoint({
    method: 'POST',
    path: '/client/addBatchTurning',
    body: addBatchTurningRequestSchema,
    response: batchResponseSchema,
    auth: 'user',
    summary: 'Records a turning of a batch’s pile.',
  }),
  removeBatchTurning: defineEndpoint({
    method: 'POST',
    path: '/client/removeBatchTurning',
    body: removeBatchTurningRequestSchema,
    response: batchResponseSchema,
    auth: 'user',
    summary: 'Removes a turning recorded by mistake.',
  }),
  getSanitisationReport: defineEndpoint({
    method: 'GET',
    path: '/client/getSanitisationReport',
    query: sanitisationReportQuerySchema,
    response: z.object({ status_code: z.literal(0), result: sanitisationReportSchema }),
    auth: 'user',
    summary:
      "A batch's sanitisation report by a standard: proven or not from its stored readings, with the periods.",
  }),
});

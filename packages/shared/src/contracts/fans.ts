import { z } from 'zod';
import { liveMessageSchema } from './realtime.js';
import { defineEndpoint, defineEndpoints } from './endpoint.js';
import { CONTROLLER_TYPES, CONTROLLER_TYPE_INFO } from '../domain/kinds/controllerTypes.js';
import { FAN_EXCEPTIONS, FAN_NOTES, FAN_OFF_REASONS, VENT_MODES } from '../domain/fans/decideFan.js';
import { FC_MODES } from '../domain/fans/fanDisplay.js';
import { rcLogResponseSchema } from './batches.js';
import { disabledHoursSchema, schedulerIsUseless } from './monitors.js';

// The pure fan rules travel with their contract: one import for whoever drives or shows a fan.
export * from '../domain/fans/index.js';

/**
 * Fan controllers (spec doc 3 §3 "Fan controller status", doc 2 §3 "RC unit", doc 1 §7 "Field
 * controllers"): the controller protocol (POST /fc/poll2, docs/fan-controller-protocol.md) and the
 * client calls. A controller (an FC drives one fan, an RC unit up to 8 channels) is addressed by its
 * id and a channel, 1 for a single-fan controller. Temperatures are tenths of °C, times epoch seconds.
 * docs/decisions/0037-fan-control.md.
 */

export const MAX_CHANNELS = Math.max(...CONTROLLER_TYPES.map((t) => CONTROLLER_TYPE_INFO[t].maxChannels));
/** Seconds between a controller's polls the server asks for. */
export const FC_POLL_S = 30;
/**
 * A controller that has not reached the server for this long follows its offline rule; the server
 * marks one silent this long offline. Three polls and a margin: one lost answer is not an outage.
 */
export const FC_OFFLINE_AFTER_S = 120;

export const fcIdSchema = z
  .string()
  .min(1)
  .max(32)
  .regex(/^[A-Za-z0-9_-]+$/, 'A controller id holds letters, digits, _ and - only');
const channelSchema = z.int().min(1).max(MAX_CHANNELS);
const commandSchema = z.union([z.literal(0), z.literal(1)]);
const fcModeSchema = z.enum(FC_MODES);

export const offlineRuleSchema = z.strictObject({
  cycle: z
    .int()
    .min(1)
    .max(24 * 60)
    .describe('Minutes of one offline cycle.'),
  ontime: z
    .int()
    .min(0)
    .max(24 * 60)
    .describe('Minutes the fan runs at the start of each offline cycle.'),
});

// ---------------------------------------------------------------------------------------------
// The controller protocol
// ---------------------------------------------------------------------------------------------

/** One channel's report in a poll: what the controller is doing, not what it was told. */
export const pollChannelSchema = z.strictObject({
  channel: channelSchema,
  fc_mode: fcModeSchema.describe('The mode switch: drive follows the server, on and off are local.'),
  drive: commandSchema.describe('The output now: 1 the fan runs.'),
  rev: z.int().min(0).nullable().optional().describe('Revision of the last command applied; null: none yet.'),
  counters: z
    .strictObject({
      on: z.int().min(0).describe('Seconds the output has been on, cumulative.'),
      off: z.int().min(0).describe('Seconds it has been off, cumulative.'),
      switches: z.int().min(0).describe('Times the output switched, cumulative.'),
    })
    .optional(),
  offline_secs: z
    .int()
    .min(0)
    .optional()
    .describe('Seconds the channel ran on its offline rule before this poll got through (0: it did not).'),
  cycle_secs: z.int().min(0).optional().describe('Seconds into the cycle the controller is running.'),
});
export type PollChannel = z.infer<typeof pollChannelSchema>;

export const pollRequestSchema = z.strictObject({
  firmware: z.string().max(32).optional(),
  channels: z.array(pollChannelSchema).min(1).max(MAX_CHANNELS),
  climate: z
    .strictObject({
      temperature: z.int().min(-500).max(700).describe("The controller's own air sensor, tenths of °C."),
      rh: z.number().min(0).max(100).describe('Relative humidity, %.'),
    })
    .optional()
    .describe('Outdoor air at the fan inlet, when the controller has a sensor.'),
  connection: z
    .strictObject({
      net: z.string().max(16).optional().describe('Network kind: 2G, 4G, wifi, ethernet …'),
      rssi: z.int().min(-200).max(0).optional(),
    })
    .optional(),
});
export type PollRequest = z.infer<typeof pollRequestSchema>;

export const pollChannelAnswerSchema = z.object({
  channel: z.int(),
  command: commandSchema.describe(
    'The output the channel should have in drive mode; absolute, never a toggle.',
  ),
  rev: z.int().describe('Grows whenever the command or the offline rule changes.'),
  manual: z.boolean(),
  offline_rule: offlineRuleSchema,
  next_change: z.int().nullable().describe('When the command is due to flip (a cycle), if known.'),
  test: z
    .literal(true)
    .optional()
    .describe('The command is an operator’s test response, not the scheduler’s (decision 0096).'),
});

export const pollResponseSchema = z.object({
  status_code: z.literal(0),
  server_ts: z.int(),
  poll_s: z.int().describe('Seconds until the next poll.'),
  offline_after_s: z.int().describe('Without an answer this long, follow the offline rule.'),
  channels: z.array(pollChannelAnswerSchema),
});
export type PollResponse = z.infer<typeof pollResponseSchema>;

// ---------------------------------------------------------------------------------------------
// What the web reads: one item per channel
// ---------------------------------------------------------------------------------------------

export const fanStateSchema = z.object({
  source: z.enum(['manual', 'rule', 'none']),
  ruleCommand: commandSchema,
  cooling: z.boolean(),
  ventMode: z.enum(VENT_MODES),
  zone: z.union([z.literal(0), z.literal(1), z.literal(2)]).nullable(),
  delta: z.int().nullable(),
  refTemp: z.int().nullable(),
  outdoorTemp: z.int().nullable(),
  outdoorRh: z.number().nullable(),
  emc: z.number().nullable(),
  scheduled: z.boolean().nullable(),
  currentCycleStarted: z.int().nullable(),
  nextChange: z.int().nullable(),
  dataTs: z.int().nullable(),
  offReason: z.enum(FAN_OFF_REASONS).nullable(),
  exception: z.enum(FAN_EXCEPTIONS).nullable(),
  note: z.enum(FAN_NOTES).nullable(),
});

/** Spec doc 3 §3 "Fan controller status" with doc 2 §3 "RC unit": one channel of a controller. */
export const fcItemSchema = z.object({
  FC_ID: z.string(),
  channel: z.int(),
  channels: z.int().describe('Channels the controller has.'),
  type: z.enum(CONTROLLER_TYPES),
  UID: z.int().describe('The account the controller belongs to.'),
  name: z.string().nullable(),
  inUse: z.int().nullable().describe('The storage (itemID) the channel serves.'),
  use_date: z.int().nullable(),
  outdoorID: z.string().nullable(),
  BS_ID: z.string().nullable(),
  batchRef: z.int().nullable(),
  monitorRef: z.int().nullable(),
  verbose: z.boolean(),
  ruleType: z.string().nullable().describe('The fan rule driving the channel now, if any.'),
  fc_mode: fcModeSchema.nullable().describe('As the controller last reported; null before its first poll.'),
  drive: commandSchema.nullable(),
  command: commandSchema,
  rev: z.int(),
  appliedRev: z.int().nullable(),
  manualCommand: commandSchema,
  isManual: z.boolean(),
  connectionStatus: z.object({ isOffline: z.boolean(), newOfflineLogged: z.boolean() }),
  fc_date: z.int().nullable().describe('The last poll.'),
  interval: z.int().describe('Seconds between polls.'),
  modeChangeTS: z.int().nullable(),
  driveChangeTS: z.int().nullable(),
  modeCounter: z.object({ on: z.int(), off: z.int() }),
  driveCounter: z.array(z.int()),
  ventMode: z.enum(VENT_MODES),
  pending: z.object({ offlineRule: offlineRuleSchema }),
  currentCycleSecs: z.int().nullable(),
  state: fanStateSchema,
});
export type FcItem = z.infer<typeof fcItemSchema>;

const itemsResponseSchema = z.object({ status_code: z.literal(0), results: z.array(fcItemSchema) });
export type FcItemsResponse = z.infer<typeof itemsResponseSchema>;

const uidSchema = z.int().positive().optional();

/** GET /fc/getFcItem — spec doc 1 §7 "ids comma-joined"; without ids, every controller of the account. */
export const getFcItemQuerySchema = z.object({
  id: z
    .string()
    .max(2000)
    .optional()
    .transform((s) => (s ?? '').split(',').filter(Boolean))
    .pipe(z.array(fcIdSchema).max(200)),
  UID: z.coerce.number().int().positive().optional(),
});

/** GET /fc/runScheduler — spec doc 3 §7 "Run scheduler {id, itemID}". */
export const runSchedulerQuerySchema = z.object({
  id: fcIdSchema,
  itemID: z.coerce.number().int().positive().optional().describe('The storage whose rule changed.'),
});

/** POST /fc/setFcUse — spec doc 3 §7: without use it releases. */
export const setFcUseRequestSchema = z.strictObject({
  id: fcIdSchema,
  channel: channelSchema.default(1),
  use: z.int().positive().nullable().optional().describe('The storage itemID; absent or null releases.'),
  outdoorID: z.string().min(1).max(32).nullable().optional(),
  BS_ID: z.string().min(1).max(32).nullable().optional(),
});
export type SetFcUseRequest = z.input<typeof setFcUseRequestSchema>;

export const FC_NAME_MAX = 40;

/** POST /fc/setFcAssignment — spec doc 2 §7 "save RC assignment". */
export const setFcAssignmentRequestSchema = z.strictObject({
  UID: uidSchema,
  fc_id: fcIdSchema,
  channel: channelSchema,
  isManual: z.boolean(),
  manualCommand: commandSchema,
  name: z.string().trim().max(FC_NAME_MAX),
  verbose: z.boolean(),
  batchRef: z.int().positive().nullable(),
  monitorRef: z.int().positive().nullable(),
  clearRefs: z.boolean().default(false).describe('Drop the batch and monitor references.'),
});
export type SetFcAssignmentRequest = z.input<typeof setFcAssignmentRequestSchema>;

/** POST /fc/clearFcAssignment: the channel back to unassigned (no storage, batch or monitor). */
export const clearFcAssignmentRequestSchema = z.strictObject({
  UID: uidSchema,
  fc_id: fcIdSchema,
  channel: channelSchema,
});

/** POST /fc/setFcManualCommand — spec doc 1 §7 (fc_id, isManual, command, channel); isManual false is auto. */
export const setFcManualCommandRequestSchema = z.strictObject({
  fc_id: fcIdSchema,
  channel: channelSchema.default(1),
  isManual: z.boolean(),
  command: commandSchema,
});
export type SetFcManualCommandRequest = z.input<typeof setFcManualCommandRequestSchema>;

/** POST /admin/registerRC12 (spec doc 1 §7 admin): registers a controller to an account. */
export const registerControllerRequestSchema = z
  .strictObject({
    UID: z.int().positive(),
    fc_id: fcIdSchema,
    type: z.enum(CONTROLLER_TYPES).default('RC'),
    channels: channelSchema.default(1),
    name: z.string().trim().max(FC_NAME_MAX).optional(),
  })
  .refine((r) => r.channels <= CONTROLLER_TYPE_INFO[r.type].maxChannels, {
    message: 'More channels than this controller type has',
    path: ['channels'],
  });
export const registerControllerResponseSchema = z.object({
  status_code: z.literal(0),
  fc_id: z.string(),
  secret: z.string().describe('Shown once: the controller authenticates with it; only its hash is stored.'),
});

// ---------------------------------------------------------------------------------------------
// RC units: the event log and the scheduler
// ---------------------------------------------------------------------------------------------

/** Spec doc 3 §9: "RC log limit 100 events." */
export const RC_LOG_LIMIT = 100;

/**
 * GET /client/rcLogs — spec doc 3 §7 "RC log: type change, FC_ID, channel, limit, batch_id, fromTS,
 * toTS". The log's lines are changes (the command, vent mode, source, off reason or exception
 * changed, an outage, a return, a turned switch): `change`, the spec's one type. Newest first.
 */
export const rcLogsQuerySchema = z
  .object({
    UID: z.coerce.number().int().positive().optional(),
    type: z.enum(['change']).default('change'),
    FC_ID: fcIdSchema,
    channel: z.coerce.number().int().min(1).max(MAX_CHANNELS).optional(),
    limit: z.coerce.number().int().min(1).max(RC_LOG_LIMIT).default(RC_LOG_LIMIT),
    batch_id: z.coerce.number().int().positive().optional(),
    fromTS: z.coerce.number().int().min(0).optional(),
    toTS: z.coerce.number().int().min(0).optional(),
  })
  .refine((q) => q.fromTS === undefined || q.toTS === undefined || q.fromTS <= q.toTS, {
    message: 'fromTS is after toTS',
    path: ['fromTS'],
  });
export type RcLogsQuery = z.infer<typeof rcLogsQuerySchema>;

/**
 * An RC unit's scheduler (ours: the spec names getRcScheduler and saveRcScheduler only): the hours
 * per weekday, in the station's time, that hold the unit's fans driven by a monitor the channel
 * names (monitorRef) — or, reversed, the only hours they may run; the same reading and save rule as
 * a fan rule's scheduler (decision 0037). A channel in use by a storage follows its rule's own.
 */
export const rcSchedulerSchema = z
  .strictObject({
    schedulerEnabled: z.boolean(),
    disabledHours: disabledHoursSchema,
    reverseDisabled: z.boolean(),
  })
  .refine((s) => !schedulerIsUseless(s), {
    message: 'The schedule restricts no hours or every hour',
    path: ['disabledHours'],
  });
export type RcScheduler = z.infer<typeof rcSchedulerSchema>;

export const getRcSchedulerQuerySchema = z.object({
  UID: z.coerce.number().int().positive().optional(),
  fc_id: fcIdSchema,
});
export const rcSchedulerResponseSchema = z.object({
  status_code: z.literal(0),
  FC_ID: z.string(),
  scheduler: z.object({
    schedulerEnabled: z.boolean(),
    disabledHours: z.array(z.tuple([z.int(), z.int()])),
    reverseDisabled: z.boolean(),
  }),
  updated_ts: z.int().nullable().describe('When it was last saved; null: never (no hours held).'),
});
export type RcSchedulerResponse = z.infer<typeof rcSchedulerResponseSchema>;

/** POST /client/saveRcScheduler. */
export const saveRcSchedulerRequestSchema = z.strictObject({
  UID: uidSchema,
  fc_id: fcIdSchema,
  scheduler: rcSchedulerSchema,
});
export type SaveRcSchedulerRequest = z.input<typeof saveRcSchedulerRequestSchema>;

/** The controller protocol and the fan calls, served by the fans feature. */
export const fanEndpoints = defineEndpoints({
  poll2: defineEndpoint({
    method: 'POST',
    path: '/fc/poll2',
    body: pollRequestSchema,
    response: pollResponseSchema,
    auth: 'station',
    summary:
      "A controller reports its channels and gets each one's command (Authorization: Controller <fc_id>:<secret>).",
  }),
  getFcItem: defineEndpoint({
    method: 'GET',
    path: '/fc/getFcItem',
    query: getFcItemQuerySchema,
    response: itemsResponseSchema,
    auth: 'user',
    summary: "The status of controllers by id (comma-joined), or of all the account's; one item per channel.",
  }),
  runScheduler: defineEndpoint({
    method: 'GET',
    path: '/fc/runScheduler',
    query: runSchedulerQuerySchema,
    response: itemsResponseSchema,
    auth: 'user',
    summary: "Decides a controller's commands now (after its storage's fan rule changed).",
  }),
  setFcUse: defineEndpoint({
    method: 'POST',
    path: '/fc/setFcUse',
    body: setFcUseRequestSchema,
    response: itemsResponseSchema,
    auth: 'user',
    summary:
      'Puts a controller channel to use for a storage (with its outdoor probe and station), or releases it.',
  }),
  setFcAssignment: defineEndpoint({
    method: 'POST',
    path: '/fc/setFcAssignment',
    body: setFcAssignmentRequestSchema,
    response: itemsResponseSchema,
    auth: 'user',
    summary: "Saves an RC unit channel's settings: name, manual command, batch and monitor references.",
  }),
  clearFcAssignment: defineEndpoint({
    method: 'POST',
    path: '/fc/clearFcAssignment',
    body: clearFcAssignmentRequestSchema,
    response: itemsResponseSchema,
    auth: 'user',
    summary: 'Releases a controller channel from its storage, batch and monitor.',
  }),
  setFcManualCommand: defineEndpoint({
    method: 'POST',
    path: '/fc/setFcManualCommand',
    body: setFcManualCommandRequestSchema,
    response: itemsResponseSchema,
    auth: 'user',
    summary: 'Switches a fan by hand (isManual, command 0 or 1) or back to its rule (isManual false).',
  }),
  rcLogs: defineEndpoint({
    method: 'GET',
    path: '/client/rcLogs',
    query: rcLogsQuerySchema,
    response: rcLogResponseSchema,
    auth: 'user',
    summary: "An RC unit's event log, newest first, at most 100 lines (by channel, batch and period).",
  }),
  getRcScheduler: defineEndpoint({
    method: 'GET',
    path: '/client/getRcScheduler',
    query: getRcSchedulerQuerySchema,
    response: rcSchedulerResponseSchema,
    auth: 'user',
    summary: "An RC unit's scheduler: the hours per weekday that hold (or, reversed, allow) its fans.",
  }),
  saveRcScheduler: defineEndpoint({
    method: 'POST',
    path: '/client/saveRcScheduler',
    body: saveRcSchedulerRequestSchema,
    response: rcSchedulerResponseSchema,
    auth: 'user',
    summary: "Saves an RC unit's scheduler; its channels driven by a monitor are decided again at once.",
  }),
  registerController: defineEndpoint({
    method: 'POST',
    path: '/admin/registerRC12',
    body: registerControllerRequestSchema,
    response: registerControllerResponseSchema,
    auth: 'user',
    summary: 'Admins: registers a fan controller to an account and returns its secret, once.',
  }),
});

/**
 * Live event (spec doc 1 §4): "Event fcStat refetches field controller status when the id matches
 * one of the user's FC ids". These controllers' status changed (a decision, a report, an outage, a
 * return); space-separated ids, sent only to users who may see the controllers' accounts.
 */
export const fcStatMessageSchema = liveMessageSchema('fcStat', { fc_ids: z.string() });
export type FcStatMessage = z.infer<typeof fcStatMessageSchema>;
declare module './realtime.js' {
  interface LiveMessages {
    fcStat: FcStatMessage;
  }
}

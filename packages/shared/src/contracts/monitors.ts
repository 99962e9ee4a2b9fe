import { z } from 'zod';
import { liveMessageSchema } from './realtime.js';
import { defineEndpoint, defineEndpoints } from './endpoint.js';
import { MAX_DEPTHS } from './ingest.js';
import { statusOkSchema } from './statusOk.js';
import { RULE_TYPE_INFO } from '../domain/kinds/ruleTypes.js';
import {
  ABS_LIMIT_RANGE,
  AGE_LIMIT_RANGE_HOURS,
  CLEAR_MARGIN_RANGE,
  COOLDOWN_DELTA_RANGE,
  COOLDOWN_TARGET_RANGE,
  CYCLE_SPANS,
  FAN_HYSTERESIS_RANGE,
  MIN_DURATION_RANGE_MINUTES,
  REL_RESET_RANGE,
  REL_TOLERANCE_RANGE,
  RISE_RATE_RANGE,
  TURN_POINT_RANGE,
  storedDifferenceRange,
  storedTemperatureRange,
} from '../domain/rules/ruleLimits.js';

/**
 * Monitors, their rules and alerts (spec doc 3 §3 "Monitor", "Rule", "Alert"; §4 "Rule editing";
 * §5 "Monitors and rules"). Temperatures are integer tenths of °C; a range the spec gives in °C and °F
 * accepts the union of both once converted (domain/rules/ruleLimits.ts). The meaning of every setting
 * is in docs/decisions/0032-rule-engine.md.
 */

/**
 * How a rule reads a probe (spec: "tempRef (SINGLE, AVERAGE_TEMP, AVERAGE_DEPTH, AVG, MAX and depth
 * variants)"): SINGLE every depth on its own, AVG the mean of the probe's depths, MAX its hottest
 * depth; for relative rules AVERAGE_TEMP and AVERAGE_DEPTH compare each depth with the other probes
 * of the storage (all depths, or the same depth). The depth variants are SINGLE and AVERAGE_DEPTH
 * with a refDepth: only that depth is watched.
 */
export const TEMP_REFS = ['SINGLE', 'AVG', 'MAX', 'AVERAGE_TEMP', 'AVERAGE_DEPTH'] as const;
export type TempRef = (typeof TEMP_REFS)[number];
/** Absolute rules compare with a fixed limit; a reference to the other probes means nothing there. */
export const ABS_TEMP_REFS = ['SINGLE', 'AVG', 'MAX'] as const satisfies readonly TempRef[];
/** The tempRefs a refDepth may narrow to one depth. */
export const DEPTH_VARIANT_REFS = ['SINGLE', 'AVERAGE_DEPTH'] as const satisfies readonly TempRef[];

const range = (r: { min: number; max: number }) => z.int().min(r.min).max(r.max);
const depthIndexSchema = z
  .int()
  .min(0)
  .max(MAX_DEPTHS - 1)
  .describe('0 is the depth nearest the handle (domain/depthUnits.ts).');

/** Settings every alert rule has: the spec's, then ours with safe defaults (issue 11 "Beyond the spec"). */
const alertSettingsBase = {
  tempRef: z.enum(TEMP_REFS),
  refDepth: depthIndexSchema.nullable().describe('The one depth watched (SINGLE, AVERAGE_DEPTH); null: all.'),
  compostRule: z.boolean().describe('A compost rule (spec: "Some types carry a compostRule flag").'),
  clearMargin: range(storedDifferenceRange(CLEAR_MARGIN_RANGE)).describe(
    'Tenths of °C an ended condition must pass before its alert clears (hysteresis).',
  ),
  minDuration: range(MIN_DURATION_RANGE_MINUTES).describe('Minutes a condition must last before it raises.'),
};

export const absRuleSettingsSchema = z
  .strictObject({
    alertLimit: range(storedTemperatureRange(ABS_LIMIT_RANGE)).describe('The limit, tenths of °C.'),
    ...alertSettingsBase,
    tempRef: z.enum(ABS_TEMP_REFS),
  })
  .refine((s) => s.refDepth === null || s.tempRef === 'SINGLE', {
    message: 'A depth can be chosen only for single-depth references',
    path: ['refDepth'],
  });
export type AbsRuleSettings = z.infer<typeof absRuleSettingsSchema>;

export const relRuleSettingsSchema = z
  .strictObject({
    alertLimit: range(storedDifferenceRange(REL_TOLERANCE_RANGE)).describe('The tolerance, tenths of °C.'),
    ...alertSettingsBase,
    turnPoint: range(TURN_POINT_RANGE).describe('Hours of history that give the turn point.'),
    alertReset: range(storedDifferenceRange(REL_RESET_RANGE)).describe(
      'Tenths of °C from the reference at which an alert resets itself.',
    ),
  })
  .refine((s) => s.refDepth === null || (DEPTH_VARIANT_REFS as readonly string[]).includes(s.tempRef), {
    message: 'A depth can be chosen only for single-depth references',
    path: ['refDepth'],
  });
export type RelRuleSettings = z.infer<typeof relRuleSettingsSchema>;

/**
 * Ours (issue 11): RISE_RATE, a relative rule whose tolerance is a rate — the watched value more than
 * alertLimit × turnPoint above its lowest reading of the last turnPoint hours (the window).
 * docs/decisions/0040-rise-rate-rule.md.
 */
export const riseRateSettingsSchema = z
  .strictObject({
    alertLimit: range(storedDifferenceRange(RISE_RATE_RANGE)).describe('The rate, tenths of °C per hour.'),
    ...alertSettingsBase,
    tempRef: z.enum(ABS_TEMP_REFS),
    turnPoint: range(TURN_POINT_RANGE).describe('The window: hours over which the rate is measured.'),
    alertReset: range(storedDifferenceRange(REL_RESET_RANGE)).describe(
      'Tenths of °C from the reference at which an alert resets itself.',
    ),
  })
  .refine((s) => s.refDepth === null || s.tempRef === 'SINGLE', {
    message: 'A depth can be chosen only for single-depth references',
    path: ['refDepth'],
  });
export type RiseRateSettings = z.infer<typeof riseRateSettingsSchema>;

export type AlertRuleSettings = AbsRuleSettings | RelRuleSettings | RiseRateSettings;

const fcIdSchema = z.string().trim().min(1, 'Choose a controller').max(32);
const hourSchema = z.int().min(0).max(24);
/** [from, to] hours per weekday, Monday first; equal hours leave the day unrestricted. */
export const disabledHoursSchema = z.array(z.tuple([hourSchema, hourSchema])).length(7);

const schedulerBase = {
  schedulerEnabled: z.boolean(),
  disabledHours: disabledHoursSchema,
  reverseDisabled: z.boolean(),
};

/**
 * Spec §5: with the scheduler on, a schedule whose seven days are all unrestricted (from = to) or
 * all 0–24 is refused: it would either never or always hold the fans.
 */
export function schedulerIsUseless(s: { schedulerEnabled: boolean; disabledHours: [number, number][] }) {
  if (!s.schedulerEnabled) return false;
  const allOpen = s.disabledHours.every(([from, to]) => from === to);
  const allDay = s.disabledHours.every(([from, to]) => from === 0 && to === 24);
  return allOpen || allDay;
}

const schedulerMessage = {
  message: 'The schedule restricts no hours or every hour',
  path: ['disabledHours'],
};

export const cooldownSettingsSchema = z
  .strictObject({
    FC_ID: fcIdSchema,
    outdoorID: z.string().trim().min(1, 'Choose an outdoor probe').max(32),
    targetTemp: range(storedTemperatureRange(COOLDOWN_TARGET_RANGE)),
    delta1: range(storedDifferenceRange(COOLDOWN_DELTA_RANGE)),
    delta2: range(storedDifferenceRange(COOLDOWN_DELTA_RANGE)),
    outdoorAgelimit: range(AGE_LIMIT_RANGE_HOURS),
    dataAgelimit: range(AGE_LIMIT_RANGE_HOURS),
    hysteresis: range(storedDifferenceRange(FAN_HYSTERESIS_RANGE)),
    notifications: z.boolean(),
    ...schedulerBase,
  })
  .refine((s) => !schedulerIsUseless(s), schedulerMessage);
export type CooldownSettings = z.infer<typeof cooldownSettingsSchema>;

export const cyclicSettingsSchema = z
  .strictObject({
    FC_ID: fcIdSchema,
    cycleSpan: z.union(CYCLE_SPANS.map((m) => z.literal(m))),
    runMinutes: z
      .int()
      .min(1)
      .max(Math.max(...CYCLE_SPANS)),
    notifications: z.boolean(),
    ...schedulerBase,
  })
  .refine((s) => s.runMinutes <= s.cycleSpan, {
    message: 'The on-time cannot be longer than the cycle',
    path: ['runMinutes'],
  })
  .refine((s) => !schedulerIsUseless(s), schedulerMessage);
export type CyclicSettings = z.infer<typeof cyclicSettingsSchema>;

export const manualSettingsSchema = z.strictObject({ FC_ID: fcIdSchema, notifications: z.boolean() });
export type ManualSettings = z.infer<typeof manualSettingsSchema>;

export const ACK_NOTE_MAX = 500;

/** Spec §3 "Alert": ts, resetTS, sensor_id, depth, temperature, peak, TP (reference temperature), isMin. */
export const alertSchema = z.strictObject({
  ts: z.int().describe('Reading time (epoch s) of the reading that raised it.'),
  resetTS: z.int().nullable().describe('When it was reset or cleared; null while current.'),
  sensor_id: z.string(),
  depth: z.int().nullable().describe('The depth index; null when the rule reads the average of the depths.'),
  temperature: z.int().describe('Tenths of °C: the watched value that raised it.'),
  peak: z.int().describe('Tenths of °C: the farthest the value went while the alert was current.'),
  TP: z.int().nullable().describe('Tenths of °C: the reference temperature (relative rules).'),
  isMin: z.boolean(),
  /**
   * Ours (issue 11): who acknowledged the alert, when, and why — kept apart from the spec's reset,
   * which ends an alert; an acknowledged alert stays current until its condition ends.
   */
  ack: z
    .strictObject({ by: z.int().positive(), at: z.int(), note: z.string().trim().max(ACK_NOTE_MAX) })
    .nullable()
    .optional(),
});
export type Alert = z.infer<typeof alertSchema>;
export type AlertAck = NonNullable<Alert['ack']>;

export const ruleChangedSchema = z.strictObject({
  changedAt: z.int(),
  oldSettings: z.unknown(),
  newSettings: z.unknown(),
  /** Spec §4: the rule was saved on a monitor already in use. */
  inUse: z.boolean(),
});
export type RuleChanged = z.infer<typeof ruleChangedSchema>;

const ruleBase = {
  id: z.int().positive().describe('Within the monitor; a new rule gets max + 1, or 1 (spec §3).'),
  ruleChanged: ruleChangedSchema.nullable().optional(),
  currentAlerts: z.array(alertSchema).optional(),
  alertHistory: z.array(alertSchema).optional(),
};

/** A rule as the editor sends it: type, its settings, and what the server keeps (alerts) optional. */
export const ruleSchema = z.discriminatedUnion('type', [
  z.strictObject({ ...ruleBase, type: z.literal('ABS_MAX'), settings: absRuleSettingsSchema }),
  z.strictObject({ ...ruleBase, type: z.literal('ABS_MIN'), settings: absRuleSettingsSchema }),
  z.strictObject({ ...ruleBase, type: z.literal('REL_MAX'), settings: relRuleSettingsSchema }),
  z.strictObject({ ...ruleBase, type: z.literal('REL_MIN'), settings: relRuleSettingsSchema }),
  z.strictObject({ ...ruleBase, type: z.literal('RISE_RATE'), settings: riseRateSettingsSchema }),
  z.strictObject({ ...ruleBase, type: z.literal('COOLDOWN_CONTROL'), settings: cooldownSettingsSchema }),
  z.strictObject({ ...ruleBase, type: z.literal('CYCLIC_CONTROL'), settings: cyclicSettingsSchema }),
  z.strictObject({ ...ruleBase, type: z.literal('MANUAL_CONTROL'), settings: manualSettingsSchema }),
]);
export type Rule = z.infer<typeof ruleSchema>;
export type AlertRule = Extract<Rule, { type: 'ABS_MAX' | 'ABS_MIN' | 'REL_MAX' | 'REL_MIN' | 'RISE_RATE' }>;
export type FanRule = Exclude<Rule, AlertRule>;
type CoreOf<R> = R extends Rule ? Pick<R, 'type' | 'settings'> : never;
/** A rule's type with its settings, as the engine and the explanation need it. */
export type RuleCore = CoreOf<Rule>;

export function isAlertRule(rule: Rule): rule is AlertRule {
  return !RULE_TYPE_INFO[rule.type].fanControl;
}

export const MONITOR_NAME_MAX = 60;
/** Ours: a monitor of more than 20 rules is a mistake, not a configuration. */
export const MONITOR_RULES_MAX = 20;

/** Spec §3 "Monitor": itemID, name, rules[], defaultMonitor, compost, demoType. */
export const monitorInputSchema = z
  .strictObject({
    itemID: z.int().positive().optional().describe('Absent to create; new ids are max + 1 (spec §4).'),
    name: z.string().trim().min(1, 'The monitor name is required').max(MONITOR_NAME_MAX),
    rules: z.array(ruleSchema).min(1, 'A monitor needs at least one rule').max(MONITOR_RULES_MAX),
    defaultMonitor: z.boolean(),
    compost: z.boolean(),
    demoType: z.string().max(16).nullable().optional(),
  })
  .superRefine((m, ctx) => {
    const seen = new Set<number>();
    m.rules.forEach((r, i) => {
      if (seen.has(r.id))
        ctx.addIssue({ code: 'custom', message: 'Rule ids repeat', path: ['rules', i, 'id'] });
      seen.add(r.id);
    });
    // Spec §5: "Only one fan-controller rule can exist in a monitor."
    const fan = m.rules.filter((r) => RULE_TYPE_INFO[r.type].fanControl);
    if (fan.length > 1)
      ctx.addIssue({ code: 'custom', message: 'Only one fan-controller rule per monitor', path: ['rules'] });
  });
export type MonitorInput = z.infer<typeof monitorInputSchema>;

/** Spec §3: "id (numeric; the next is max+1, or 1)". */
export function nextRuleId(rules: readonly { id: number }[]): number {
  return rules.reduce((max, r) => Math.max(max, r.id), 0) + 1;
}

/** A monitor as the server answers it: the saved input with its id, account and the storages using it. */
export const monitorSchema = z.object({
  itemID: z.int().positive(),
  UID: z.int().positive().describe('The account the monitor belongs to.'),
  name: z.string(),
  rules: z.array(ruleSchema).describe('Each with its currentAlerts and alertHistory.'),
  defaultMonitor: z.boolean(),
  compost: z.boolean(),
  demoType: z.string().nullable(),
  storages: z.array(z.int().positive()).describe('The itemIDs of the storages that use the monitor.'),
  updated_ts: z.int(),
});
export type Monitor = z.infer<typeof monitorSchema>;

/** GET /client/getMonitors — spec doc 3 §7 "Get monitors {UID}". */
export const getMonitorsQuerySchema = z.object({ UID: z.coerce.number().int().positive().optional() });
export const getMonitorsResponseSchema = z.object({
  status_code: z.literal(0),
  results: z.array(monitorSchema),
});
export type GetMonitorsResponse = z.infer<typeof getMonitorsResponseSchema>;

/** POST /client/saveMonitor — spec doc 3 §7 "Save monitor {UID, item}". */
export const saveMonitorRequestSchema = z.strictObject({
  UID: z.int().positive().optional(),
  item: monitorInputSchema,
});
export type SaveMonitorRequest = z.infer<typeof saveMonitorRequestSchema>;
export const saveMonitorResponseSchema = z.object({ status_code: z.literal(0), item: monitorSchema });
export type SaveMonitorResponse = z.infer<typeof saveMonitorResponseSchema>;

/** POST /client/removeMonitor — spec doc 3 §7 "Remove monitor {UID, itemID}". */
export const removeMonitorRequestSchema = z.strictObject({
  UID: z.int().positive().optional(),
  itemID: z.int().positive(),
});
export type RemoveMonitorRequest = z.infer<typeof removeMonitorRequestSchema>;

/** The alert a call points at: a rule's alerts are told apart by probe, depth and raise time. */
export const alertKeySchema = z.strictObject({
  sensor_id: z.string().min(1).max(32),
  depth: z.int().min(0).max(15).nullable(),
  ts: z.int(),
});
export type AlertKey = z.infer<typeof alertKeySchema>;

/** Ours (issue 11): acknowledge current alerts of one rule — who and when the server records. */
export const acknowledgeAlertsRequestSchema = z.strictObject({
  UID: z.int().positive().optional(),
  itemID: z.int().positive().describe('The monitor.'),
  ruleId: z.int().positive(),
  alerts: z.array(alertKeySchema).min(1).max(200),
  note: z.string().trim().max(ACK_NOTE_MAX).default(''),
});
export type AcknowledgeAlertsRequest = z.input<typeof acknowledgeAlertsRequestSchema>;

/**
 * Spec doc 3 §4 "Alert reset": selected alerts of a relative rule are reset — the probe's data at that
 * depth is cleared and the alert leaves the current ones. An alert is named by probe and depth.
 */
export const resetAlertsRequestSchema = z.strictObject({
  UID: z.int().positive().optional(),
  itemID: z.int().positive().describe('The monitor.'),
  ruleId: z.int().positive(),
  alerts: z
    .array(z.strictObject({ sensor_id: z.string().min(1).max(32), depth: z.int().min(0).max(15).nullable() }))
    .min(1)
    .max(200),
});
export type ResetAlertsRequest = z.infer<typeof resetAlertsRequestSchema>;

/**
 * GET /data/processStorageMonitors (spec doc 1 §7 Data, doc 3 §7 "Process storage monitors {BS_ID, UID,
 * itemIDs[]}"): runs the monitors of these storages now on the readings already received, as the next
 * reading would (decision 0108). `itemIDs=5,6`.
 */
export const processStorageMonitorsQuerySchema = z.object({
  BS_ID: z.string().min(1).max(32).describe('A station of the account (the storages’ own are run too).'),
  UID: z.coerce.number().int().positive().optional(),
  /** Comma-separated storage itemIDs. */
  itemIDs: z
    .string()
    .max(1000)
    .regex(/^\d+(,\d+)*$/, 'itemIDs is a comma-separated list of storage ids.')
    .transform((s) => s.split(',').map(Number))
    .pipe(z.array(z.int().positive()).min(1).max(100)),
});
export type ProcessStorageMonitorsQuery = z.infer<typeof processStorageMonitorsQuerySchema>;
export const processStorageMonitorsResponseSchema = z.object({
  status_code: z.literal(0),
  results: z
    .array(monitorSchema)
    .describe('The monitors watching these storages, with their alerts after the run.'),
  changes: z
    .int()
    .min(0)
    .describe('Alerts this run raised, ended or changed (0: the monitors had judged every reading).'),
});
export type ProcessStorageMonitorsResponse = z.infer<typeof processStorageMonitorsResponseSchema>;

/** What a logbook line records (ours, issue 11 item 3). */
export const ALERT_LOG_KINDS = [
  'raised',
  'acknowledged',
  'recovered',
  'reset',
  'probeRemoved',
  'noData',
  'dataBack',
  'ruleChanged',
] as const;
export type AlertLogKind = (typeof ALERT_LOG_KINDS)[number];

export const alertLogEntrySchema = z.object({
  id: z.int(),
  kind: z.enum(ALERT_LOG_KINDS),
  monitorId: z.int(),
  ruleId: z.int(),
  ruleType: z
    .string()
    .nullable()
    .describe('The rule type when the line was written; null if the rule is gone.'),
  sensor_id: z.string().nullable(),
  depth: z.int().nullable(),
  temperature: z.int().nullable().describe('Tenths of °C.'),
  note: z.string().nullable().describe("An acknowledgement's note."),
  oldSettings: z.unknown().optional(),
  newSettings: z.unknown().optional(),
  byUserId: z.int().nullable(),
  ts: z.int().describe('When it happened (epoch s): the reading time for raises and ends.'),
});
export type AlertLogEntry = z.infer<typeof alertLogEntrySchema>;

export const STORAGE_LOGBOOK_PAGE = 50;
export const getStorageLogbookQuerySchema = z.object({
  UID: z.coerce.number().int().positive().optional(),
  itemID: z.coerce.number().int().positive().describe('The storage.'),
  before: z.coerce.number().int().positive().optional().describe('Lines older than this id (the next page).'),
});
export const getStorageLogbookResponseSchema = z.object({
  status_code: z.literal(0),
  results: z.array(alertLogEntrySchema),
});
export type GetStorageLogbookResponse = z.infer<typeof getStorageLogbookResponseSchema>;

/** Monitors (spec doc 3 §7, doc 1 §6), served by the monitors feature. */
export const monitorEndpoints = defineEndpoints({
  getMonitors: defineEndpoint({
    method: 'GET',
    path: '/client/getMonitors',
    query: getMonitorsQuerySchema,
    response: getMonitorsResponseSchema,
    auth: 'user',
    summary: "The monitors of the caller's account (or of an account it may act for), with their alerts.",
  }),
  saveMonitor: defineEndpoint({
    method: 'POST',
    path: '/client/saveMonitor',
    body: saveMonitorRequestSchema,
    response: saveMonitorResponseSchema,
    auth: 'user',
    summary:
      'Creates (no itemID) or replaces a monitor; rules whose settings changed lose their current alerts.',
  }),
  removeMonitor: defineEndpoint({
    method: 'POST',
    path: '/client/removeMonitor',
    body: removeMonitorRequestSchema,
    response: statusOkSchema,
    auth: 'user',
    summary: 'Removes a monitor no storage uses.',
  }),
  getStorageLogbook: defineEndpoint({
    method: 'GET',
    path: '/client/getStorageLogbook',
    query: getStorageLogbookQuerySchema,
    response: getStorageLogbookResponseSchema,
    auth: 'user',
    summary:
      "A storage's alert logbook, newest first, 50 lines a page: alerts raised, acknowledged and ended, rule changes.",
  }),
  processStorageMonitors: defineEndpoint({
    method: 'GET',
    path: '/data/processStorageMonitors',
    query: processStorageMonitorsQuerySchema,
    response: processStorageMonitorsResponseSchema,
    auth: 'user',
    summary:
      'Runs the monitors of the given storages now on the latest readings and answers them with their alerts.',
  }),
  resetAlerts: defineEndpoint({
    method: 'POST',
    path: '/client/resetAlerts',
    body: resetAlertsRequestSchema,
    response: saveMonitorResponseSchema,
    auth: 'user',
    summary:
      "Resets selected alerts of a relative rule: the probe's data at that depth starts afresh (spec doc 3 §4).",
  }),
  acknowledgeAlerts: defineEndpoint({
    method: 'POST',
    path: '/client/acknowledgeAlerts',
    body: acknowledgeAlertsRequestSchema,
    response: saveMonitorResponseSchema,
    auth: 'user',
    summary:
      'Acknowledges current alerts of a rule (who, when, a note); they stay current until their condition ends.',
  }),
});

/**
 * Live event (ours, issue 11): alerts of monitors watching these stations were raised, changed or
 * ended; the web reads monitors, storages and probe data again. Space-separated like newData.
 */
export const alertsChangedMessageSchema = liveMessageSchema('alertsChanged', { bs_ids: z.string() });
export type AlertsChangedMessage = z.infer<typeof alertsChangedMessageSchema>;
declare module './realtime.js' {
  interface LiveMessages {
    alertsChanged: AlertsChangedMessage;
  }
}

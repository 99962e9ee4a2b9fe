import type { CooldownSettings, CyclicSettings, FanRule, RuleCore } from '../../contracts/monitors.js';
import { fanCycle } from './fanCycle.js';
import { schedulerAllows } from './fanScheduler.js';
import {
  GRAIN_MOISTURE_HYSTERESIS,
  GRAIN_SAFE_MOISTURE_WB,
  grainEquilibriumMoisture,
} from './grainMoisture.js';

/**
 * The fan decision (spec doc 3 §3 "Fan controller status" state fields, §4 "Fan controller display";
 * docs/decisions/0037-fan-control.md): from a channel's rule, its manual command, the latest readings
 * of the storage's probes and of the outdoor probe, and the previous decision, the command for the
 * fan and the state that explains it. Pure: the server runs it on a timer and after new data, the
 * tests run it on tables of cases.
 */

/** 1 runs the fan, 0 stops it. */
export type FanCommand = 0 | 1;
/** A fan rule's type and settings, as the decision needs it. */
export type FanRuleCore = Extract<RuleCore, { type: FanRule['type'] }>;

/**
 * Spec §4 "Vent modes: nodata, safety, off", and ours for the ordinary case: `normal` the rule runs
 * as set; `nodata` it cannot decide (no fresh readings) and holds the fan; `safety` the storage is
 * so far above its target that the scheduler's hold and the cooling-step limit give way; `off` the
 * scheduler holds the fan.
 */
export const VENT_MODES = ['normal', 'nodata', 'safety', 'off'] as const;
export type VentMode = (typeof VENT_MODES)[number];

/**
 * Spec §4 "Off reasons: targetsReached, targetTempsOk, belowVentTemp; also an aux probe or
 * scheduler veto":
 * - targetsReached: the hottest watched point is at or below the target;
 * - targetTempsOk: above the target, but within the hysteresis band and no run under way;
 * - belowVentTemp: the outdoor air is colder than the vent temperature (refTemp − delta2): a colder
 *   blast would cool faster than the mass evens out and condense under the roof;
 * - auxVeto: the outdoor (aux) probe vetoes — the air is not delta1 cooler than the storage, or (grain)
 *   so humid that it would wet it;
 * - schedulerVeto: the rule's scheduler holds the fan at this hour.
 */
export const FAN_OFF_REASONS = [
  'targetsReached',
  'targetTempsOk',
  'belowVentTemp',
  'auxVeto',
  'schedulerVeto',
] as const;
export type FanOffReason = (typeof FAN_OFF_REASONS)[number];

/** Why the rule could not run as set (the state's `exception`). */
export const FAN_EXCEPTIONS = ['noRule', 'noProbeData', 'noOutdoorData', 'noManualCommand'] as const;
export type FanException = (typeof FAN_EXCEPTIONS)[number];

/** A detail of the decision in words (the state's `note`). */
export const FAN_NOTES = [
  'manual',
  'outdoorTooWarm',
  'outdoorTooHumid',
  'humidityUnknown',
  'safetyOverridesScheduler',
  'cycleRun',
  'cyclePause',
] as const;
export type FanNote = (typeof FAN_NOTES)[number];

export interface FanReading {
  sensorId: string;
  /** Epoch s. */
  measTs: number;
  /** Tenths of °C, one per depth. */
  temperatures: readonly number[];
}

export interface OutdoorAir {
  /** Tenths of °C. */
  temperature: number;
  /** Epoch s. */
  measTs: number;
  /** Relative humidity from the controller's own air sensor, when it has one. */
  humidity?: { rhPercent: number; measTs: number } | null;
}

/** What the goods are: grain gets the humidity check (grainMoisture.ts). */
export type StoredMaterial = 'hay' | 'grain' | 'compost' | 'other';

export interface FanState {
  /** Who decided the command: the user's manual command, the rule, or nobody (no rule). */
  source: 'manual' | 'rule' | 'none';
  /** The rule's own verdict, also while a manual command overrides it (its hysteresis memory). */
  ruleCommand: FanCommand;
  /** A cooldown run is under way (the hysteresis around the target). */
  cooling: boolean;
  ventMode: VentMode;
  /** Cooldown: 0 air not delta1 cooler, 1 within delta1…delta2, 2 colder than refTemp − delta2. */
  zone: 0 | 1 | 2 | null;
  /** Tenths of °C: refTemp − outdoor temperature. */
  delta: number | null;
  /** Tenths of °C: the hottest fresh reading of the storage's probes. */
  refTemp: number | null;
  outdoorTemp: number | null;
  outdoorRh: number | null;
  /** Grain: the outdoor air's equilibrium moisture content, % wet basis, one decimal. */
  emc: number | null;
  /** Whether the scheduler lets the fan run now; null without a scheduler. */
  scheduled: boolean | null;
  /** Cyclic: epoch s the current cycle started. */
  currentCycleStarted: number | null;
  /** Cyclic: epoch s the command flips next. */
  nextChange: number | null;
  /** Newest reading time the decision used. */
  dataTs: number | null;
  offReason: FanOffReason | null;
  exception: FanException | null;
  note: FanNote | null;
}

export interface FanDecisionInput {
  rule: FanRuleCore | null;
  manual: { isManual: boolean; manualCommand: FanCommand };
  /** The latest reading of each of the storage's probes. */
  readings: readonly FanReading[];
  /** The rule's outdoor probe's latest reading, null when it has none. */
  outdoor: OutdoorAir | null;
  material: StoredMaterial;
  /** The station's IANA zone (scheduler hours, cycles); null reads UTC. */
  timeZone: string | null;
  /** The previous decision's state, null for the first. */
  previous: FanState | null;
  nowS: number;
}

export interface FanDecision {
  command: FanCommand;
  state: FanState;
}

const HOUR_S = 3600;

function blankState(): FanState {
  return {
    source: 'none',
    ruleCommand: 0,
    cooling: false,
    ventMode: 'normal',
    zone: null,
    delta: null,
    refTemp: null,
    outdoorTemp: null,
    outdoorRh: null,
    emc: null,
    scheduled: null,
    currentCycleStarted: null,
    nextChange: null,
    dataTs: null,
    offReason: null,
    exception: null,
    note: null,
  };
}

/** The decision for one channel. */
export function decideFan(input: FanDecisionInput): FanDecision {
  const verdict = ruleVerdict(input);
  const manual = input.manual;
  if (manual.isManual) {
    // The user's command wins; the rule's verdict stays in the state for its hysteresis and display.
    return {
      command: manual.manualCommand,
      state: { ...verdict, source: 'manual', note: 'manual' },
    };
  }
  if (input.rule?.type === 'MANUAL_CONTROL')
    // Spec doc 1 §4: "auto is not offered for manual-control rules": without a command the fan stays off.
    return { command: 0, state: { ...verdict, exception: 'noManualCommand' } };
  return { command: verdict.ruleCommand, state: verdict };
}

function ruleVerdict(input: FanDecisionInput): FanState {
  const rule = input.rule;
  const base = blankState();
  if (!rule) return { ...base, exception: 'noRule' };
  switch (rule.type) {
    case 'MANUAL_CONTROL':
      return { ...base, source: 'rule' };
    case 'CYCLIC_CONTROL':
      return cyclic(rule.settings, input, { ...base, source: 'rule' });
    case 'COOLDOWN_CONTROL':
      return cooldown(rule.settings, input, { ...base, source: 'rule' });
  }
}

/**
 * CYCLIC_CONTROL: runMinutes on at the start of every cycleSpan minutes (fanCycle.ts), held by the
 * scheduler in its hours.
 */
function cyclic(s: CyclicSettings, input: FanDecisionInput, base: FanState): FanState {
  const cycle = fanCycle(input.nowS, s.cycleSpan, s.runMinutes, input.timeZone);
  const scheduled = s.schedulerEnabled ? schedulerAllows(s, input.nowS, input.timeZone) : null;
  const state: FanState = {
    ...base,
    scheduled,
    currentCycleStarted: cycle.started,
    nextChange: cycle.nextChange,
  };
  if (scheduled === false) return { ...state, ventMode: 'off', offReason: 'schedulerVeto' };
  return cycle.running
    ? { ...state, ruleCommand: 1, note: 'cycleRun' }
    : { ...state, ruleCommand: 0, note: 'cyclePause' };
}

/**
 * COOLDOWN_CONTROL: cool the storage with outdoor air down to targetTemp.
 *
 * - refTemp is the hottest fresh point of the storage's probes (readings younger than dataAgelimit
 *   hours); the outdoor probe's reading must be younger than outdoorAgelimit. Without either the rule
 *   cannot decide: vent mode nodata, fan off (blowing air of unknown temperature may warm the goods).
 * - A run starts when refTemp is more than the hysteresis above the target and goes on until refTemp
 *   is at or below it.
 * - The air must be delta1 cooler than refTemp (delta2 at most: colder air is "below the vent
 *   temperature"); a run going on keeps going within the hysteresis beyond either bound.
 * - Safety: refTemp delta2 or more above the target. The fan then runs through the scheduler's hours
 *   and with air of any coldness (still delta1 cooler, still not wetting grain); it leaves safety
 *   the hysteresis below.
 * - Grain: the air's EMC must not be above the safe storage moisture (grainMoisture.ts).
 */
function cooldown(s: CooldownSettings, input: FanDecisionInput, base: FanState): FanState {
  const now = input.nowS;
  const prev = input.previous;
  const wasRunning = prev?.ruleCommand === 1;
  const wasCooling = prev?.cooling === true;
  const wasSafety = prev?.ventMode === 'safety';
  const hyst = s.hysteresis;
  const low = Math.min(s.delta1, s.delta2);
  const high = Math.max(s.delta1, s.delta2);

  let refTemp: number | null = null;
  let dataTs: number | null = null;
  for (const r of input.readings) {
    if (r.sensorId === s.outdoorID || r.temperatures.length === 0) continue;
    if (now - r.measTs > s.dataAgelimit * HOUR_S) continue;
    const hottest = Math.max(...r.temperatures);
    if (refTemp === null || hottest > refTemp) refTemp = hottest;
    if (dataTs === null || r.measTs > dataTs) dataTs = r.measTs;
  }
  const scheduled = s.schedulerEnabled ? schedulerAllows(s, now, input.timeZone) : null;
  const state: FanState = { ...base, refTemp, dataTs, scheduled };
  if (refTemp === null) return { ...state, ventMode: 'nodata', exception: 'noProbeData' };

  const outdoor = input.outdoor;
  if (!outdoor || now - outdoor.measTs > s.outdoorAgelimit * HOUR_S)
    return { ...state, ventMode: 'nodata', exception: 'noOutdoorData' };

  const delta = refTemp - outdoor.temperature;
  const zone: 0 | 1 | 2 = delta < low ? 0 : delta > high ? 2 : 1;
  const humidity =
    outdoor.humidity && now - outdoor.humidity.measTs <= s.outdoorAgelimit * HOUR_S
      ? outdoor.humidity.rhPercent
      : null;
  const emcRaw =
    input.material === 'grain' && humidity !== null
      ? grainEquilibriumMoisture(outdoor.temperature / 10, humidity)
      : null;
  const emc = emcRaw === null ? null : Math.round(emcRaw * 10) / 10;
  const withAir: FanState = {
    ...state,
    zone,
    delta,
    outdoorTemp: outdoor.temperature,
    outdoorRh: humidity,
    emc,
  };

  const cooling = wasCooling ? refTemp > s.targetTemp : refTemp > s.targetTemp + hyst;
  if (!cooling)
    return {
      ...withAir,
      offReason: refTemp <= s.targetTemp ? 'targetsReached' : 'targetTempsOk',
    };

  const safety = wasSafety ? refTemp > s.targetTemp + high - hyst : refTemp >= s.targetTemp + high;
  const held = scheduled === false;
  const running: FanState = { ...withAir, cooling: true, ventMode: safety ? 'safety' : 'normal' };
  if (held && !safety) return { ...running, ventMode: 'off', offReason: 'schedulerVeto' };

  // A run going on keeps going within the hysteresis beyond each bound of the air.
  const slack = wasRunning ? hyst : 0;
  if (delta < low - slack) return { ...running, offReason: 'auxVeto', note: 'outdoorTooWarm' };
  if (!safety && delta > high + slack) return { ...running, offReason: 'belowVentTemp' };
  if (emc !== null && emc > GRAIN_SAFE_MOISTURE_WB + (wasRunning ? GRAIN_MOISTURE_HYSTERESIS : 0))
    return { ...running, offReason: 'auxVeto', note: 'outdoorTooHumid' };

  const note: FanNote | null =
    held && safety
      ? 'safetyOverridesScheduler'
      : input.material === 'grain' && humidity === null
        ? 'humidityUnknown'
        : null;
  return { ...running, ruleCommand: 1, note };
}

import type { CooldownSettings, CyclicSettings } from '../../src/contracts/monitors.js';
import { defaultRuleSettings } from '../../src/domain/rules/defaultRuleSettings.js';
import type {
  FanDecisionInput,
  FanReading,
  FanRuleCore,
  FanState,
  OutdoorAir,
} from '../../src/domain/fans/index.js';

/** Wednesday 2026-01-14 12:00:00 UTC. */
export const NOON = Date.UTC(2026, 0, 14, 12, 0, 0) / 1000;
export const MIN = 60;
export const HOUR = 3600;

/** Epoch s of a UTC wall time. */
export const utc = (y: number, mo: number, d: number, h: number, mi = 0) =>
  Date.UTC(y, mo - 1, d, h, mi, 0) / 1000;

/** A cooldown rule with the spec's defaults: target 10 °C, delta1 5, delta2 15, hysteresis 1 (tenths). */
export function cooldown(over: Partial<CooldownSettings> = {}): FanRuleCore {
  return {
    type: 'COOLDOWN_CONTROL',
    settings: { ...defaultRuleSettings('COOLDOWN_CONTROL'), FC_ID: 'FC1', outdoorID: 'OUT1', ...over },
  };
}

export function cyclic(over: Partial<CyclicSettings> = {}): FanRuleCore {
  return {
    type: 'CYCLIC_CONTROL',
    settings: { ...defaultRuleSettings('CYCLIC_CONTROL'), FC_ID: 'FC1', ...over },
  };
}

export const manualRule: FanRuleCore = {
  type: 'MANUAL_CONTROL',
  settings: { FC_ID: 'FC1', notifications: true },
};

/** Disabled hours with one weekday (0 Monday) restricted. */
export function hoursWith(entries: Record<number, [number, number]>): [number, number][] {
  return Array.from({ length: 7 }, (_, d): [number, number] => entries[d] ?? [0, 0]);
}

export const probe = (temps: number[], ageS = 10 * MIN, sensorId = 'G1'): FanReading => ({
  sensorId,
  measTs: NOON - ageS,
  temperatures: temps,
});

export const air = (tenths: number, ageS = 10 * MIN, rh?: number, rhAgeS = ageS): OutdoorAir => ({
  temperature: tenths,
  measTs: NOON - ageS,
  humidity: rh === undefined ? null : { rhPercent: rh, measTs: NOON - rhAgeS },
});

/** A previous decision's state, only the fields the hysteresis reads. */
export function prev(over: Partial<FanState>): FanState {
  return {
    source: 'rule',
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
    ...over,
  };
}

export function input(over: Partial<FanDecisionInput>): FanDecisionInput {
  return {
    rule: cooldown(),
    manual: { isManual: false, manualCommand: 0 },
    readings: [],
    outdoor: null,
    material: 'hay',
    timeZone: 'UTC',
    previous: null,
    nowS: NOON,
    ...over,
  };
}

import type { Alert } from '../../contracts/monitors.js';

/**
 * What an alert rule remembers between packets (spec doc 3 §3 "Rule state per sensor: sensor_id, TP,
 * alertTSs, alerts, prevData"). Plain JSON: the store keeps it on the rule. Every array is indexed by
 * slot: the depth for SINGLE, AVERAGE_TEMP and AVERAGE_DEPTH, slot 0 alone for AVG and MAX. A missing
 * value is null (JSON has no NaN).
 */
export interface SensorRuleState {
  sensor_id: string;
  /** Per slot: the reference temperature (tenths) of the last evaluation, frozen while an alert is current. */
  TP: (number | null)[];
  /** Per slot: reading time at which the condition now holding began (pending or raised); null when none. */
  alertTSs: (number | null)[];
  /** Per slot: the current alert. */
  alerts: (Alert | null)[];
  prevData: {
    /** Reading time of the newest reading (null before the first); one at or before it is a duplicate or late. */
    ts: number | null;
    /** Its temperatures per depth (tenths, null where missing): what the other probes are compared with. */
    temps: (number | null)[];
    /**
     * Relative rules with their own turn point: one bucket per hour of the window (turnPoint + 1
     * buckets per slot, a ring indexed by hour modulo its length) holding the hour and the lowest
     * (REL_MAX) or highest (REL_MIN) reading of that hour. Bounded, whatever the reading rate.
     */
    hours: number[];
    ext: (number | null)[];
  };
  /** Per slot, compost ABS_MIN only: the pile has reached the limit once, so falling below it counts. */
  armed: boolean[];
  /** No reading for more than the data-break time (set by tickRule, cleared by the next reading). */
  noData: boolean;
}

export interface RuleState {
  /** The turn point the rings were laid out for; other settings start the rings afresh. */
  turnPoint: number;
  sensors: Record<string, SensorRuleState>;
}

export function createRuleState(): RuleState {
  return { turnPoint: 0, sensors: {} };
}

export function createSensorState(sensor_id: string): SensorRuleState {
  return {
    sensor_id,
    TP: [],
    alertTSs: [],
    alerts: [],
    prevData: { ts: null, temps: [], hours: [], ext: [] },
    armed: [],
    noData: false,
  };
}

/** A deep copy of one sensor's state: the pure entry points copy what they change, never the input. */
export function cloneSensorState(s: SensorRuleState): SensorRuleState {
  return {
    sensor_id: s.sensor_id,
    TP: s.TP.slice(),
    alertTSs: s.alertTSs.slice(),
    alerts: s.alerts.map((a) => (a ? { ...a } : null)),
    prevData: {
      ts: s.prevData.ts,
      temps: s.prevData.temps.slice(),
      hours: s.prevData.hours.slice(),
      ext: s.prevData.ext.slice(),
    },
    armed: s.armed.slice(),
    noData: s.noData,
  };
}

export function sensorStateOf(state: RuleState, sensorId: string): SensorRuleState | undefined {
  return Object.hasOwn(state.sensors, sensorId) ? state.sensors[sensorId] : undefined;
}

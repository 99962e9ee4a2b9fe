import type { AbsRuleSettings, Alert, RelRuleSettings, RiseRateSettings } from '../../contracts/monitors.js';
import { isRelativeRule } from '../kinds/ruleTypes.js';
import { DATA_BREAK_SECONDS } from './ruleLimits.js';
import type { RuleEffect } from './ruleEffects.js';
import {
  cloneSensorState,
  createSensorState,
  sensorStateOf,
  type RuleState,
  type SensorRuleState,
} from './ruleState.js';

/**
 * The alert rule engine (docs/decisions/0032-rule-engine.md): ABS_MAX, ABS_MIN, REL_MAX, REL_MIN and
 * their compost variants, over a rule's settings, its per-probe state and new readings. No clock, no
 * I/O: the same rule, state and readings give the same state and effects.
 *
 * Time is the reading's time (meas_ts), never the arrival time. Per probe, only a reading newer than
 * the probe's newest one decides anything: an older one, or another at the same time (late), still joins
 * the turn-point history and the peak of an alert current at its time, but never raises or clears an
 * alert; a duplicate therefore changes nothing. Within one call readings are taken in time order.
 */

export type AlertRuleType = 'ABS_MAX' | 'ABS_MIN' | 'REL_MAX' | 'REL_MIN' | 'RISE_RATE';
export type AlertRuleConfig =
  | { type: 'ABS_MAX' | 'ABS_MIN'; settings: AbsRuleSettings }
  | { type: 'REL_MAX' | 'REL_MIN'; settings: RelRuleSettings }
  | { type: 'RISE_RATE'; settings: RiseRateSettings };

/** A probe reading as the engine needs it (spec doc 3 §3 "Probe reading"); tenths of °C per depth. */
export interface RuleReading {
  sensor_id: string;
  meas_ts: number;
  temperatures: readonly (number | null | undefined)[];
}

export interface RuleEvaluation {
  state: RuleState;
  effects: RuleEffect[];
}

/**
 * A reading stamped more than this ahead of `now` is ignored: a station with a wrong clock would
 * otherwise make every true reading after it "late", and blind the rule.
 */
export const FUTURE_SKEW_SECONDS = 600;
const MAX_SLOTS = 8;

/** The settings turned into the numbers the loop needs, once per call. */
interface Program {
  isMin: boolean;
  isRel: boolean;
  /** Relative rule whose reference is the probe's own turn point (SINGLE, AVG, MAX). */
  ownTurnPoint: boolean;
  /** AVERAGE_TEMP / AVERAGE_DEPTH: the reference is the other probes. */
  peers: 0 | 1 | 2;
  combine: 0 | 1 | 2; // 0 per depth, 1 AVG, 2 MAX
  refDepth: number | null;
  /** ABS: the limit. REL: the tolerance. Tenths. */
  limit: number;
  clearMargin: number;
  /** REL: how far from the reference the value must come back for the alert to reset itself. */
  resetLevel: number;
  minDurationS: number;
  turnPoint: number;
  ring: number;
  compostMin: boolean;
}

function compile(rule: AlertRuleConfig): Program {
  const s = rule.settings;
  const limit = riseLimitOf(rule);
  const isRel = isRelativeRule(rule.type);
  const isMin = rule.type === 'ABS_MIN' || rule.type === 'REL_MIN';
  const turnPoint = isRel ? (s as RelRuleSettings).turnPoint : 0;
  const peers = s.tempRef === 'AVERAGE_TEMP' ? 1 : s.tempRef === 'AVERAGE_DEPTH' ? 2 : 0;
  return {
    isMin,
    isRel,
    ownTurnPoint: isRel && peers === 0,
    peers: isRel ? peers : 0,
    combine: s.tempRef === 'AVG' ? 1 : s.tempRef === 'MAX' ? 2 : 0,
    refDepth: s.refDepth,
    limit,
    clearMargin: s.clearMargin,
    // The reset level never reaches the raise level, or an alert would clear on the reading that
    // raised it (tolerance 1 °C with a reset tolerance of +5 °C).
    resetLevel: isRel ? Math.min((s as RelRuleSettings).alertReset, limit - Math.max(1, s.clearMargin)) : 0,
    minDurationS: s.minDuration * 60,
    turnPoint,
    ring: turnPoint + 1,
    compostMin: s.compostRule && rule.type === 'ABS_MIN',
  };
}

/**
 * The raise level in tenths: the ABS limit, the REL tolerance, or for RISE_RATE the rise its rate
 * makes over the window (0.5 °C/h over 6 h: 3 °C above the window's lowest reading). The engine then
 * treats a rise-rate rule as REL_MAX with that tolerance (decision 0040).
 */
export function riseLimitOf(rule: AlertRuleConfig): number {
  return rule.type === 'RISE_RATE'
    ? rule.settings.alertLimit * rule.settings.turnPoint
    : rule.settings.alertLimit;
}

interface Run {
  p: Program;
  state: RuleState;
  /** The caller's state when copying on write (pure entry), null when updating in place. */
  original: RuleState | null;
  effects: RuleEffect[];
  sensor: SensorRuleState;
  ts: number;
  late: boolean;
}

/**
 * Evaluates new readings without touching the given state: probes the readings change are copied
 * first. Returns the new state and what the store must do.
 */
export function evaluateRule(
  rule: AlertRuleConfig,
  state: RuleState,
  readings: readonly RuleReading[],
  now: number,
): RuleEvaluation {
  const copy: RuleState = { turnPoint: state.turnPoint, sensors: { ...state.sensors } };
  const effects: RuleEffect[] = [];
  run(rule, copy, state, readings, now, effects);
  return { state: copy, effects };
}

/**
 * The ingest path's form: updates `state` in place (no copy per reading) and appends to `effects`.
 * The caller owns the state and must not keep an older view of it.
 */
export function evaluateRuleInPlace(
  rule: AlertRuleConfig,
  state: RuleState,
  readings: readonly RuleReading[],
  now: number,
  effects: RuleEffect[] = [],
): RuleEffect[] {
  run(rule, state, null, readings, now, effects);
  return effects;
}

function run(
  rule: AlertRuleConfig,
  state: RuleState,
  original: RuleState | null,
  readings: readonly RuleReading[],
  now: number,
  effects: RuleEffect[],
): void {
  const p = compile(rule);
  if (state.turnPoint !== p.turnPoint) {
    // The rings were laid out for another turn point (the rule was edited): start them afresh.
    for (const id in state.sensors) {
      const s = writable(state, original, id);
      s.prevData.hours = [];
      s.prevData.ext = [];
    }
    state.turnPoint = p.turnPoint;
  }
  const r: Run = { p, state, original, effects, sensor: undefined as never, ts: 0, late: false };
  if (isSorted(readings)) {
    for (let i = 0; i < readings.length; i++) step(r, readings[i] as RuleReading, now);
  } else {
    const order = readings.map((_, i) => i);
    // Stable: readings at the same time keep their order, so the first of two duplicates wins.
    order.sort(
      (a, b) => (readings[a] as RuleReading).meas_ts - (readings[b] as RuleReading).meas_ts || a - b,
    );
    for (const i of order) step(r, readings[i] as RuleReading, now);
  }
}

function isSorted(readings: readonly RuleReading[]): boolean {
  for (let i = 1; i < readings.length; i++)
    if ((readings[i] as RuleReading).meas_ts < (readings[i - 1] as RuleReading).meas_ts) return false;
  return true;
}

function writable(state: RuleState, original: RuleState | null, id: string): SensorRuleState {
  let s = sensorStateOf(state, id);
  if (s === undefined) {
    s = createSensorState(id);
    state.sensors[id] = s;
  } else if (original !== null && s === sensorStateOf(original, id)) {
    s = cloneSensorState(s);
    state.sensors[id] = s;
  }
  return s;
}

function valid(v: number | null | undefined): v is number {
  return Number.isFinite(v);
}

function step(r: Run, reading: RuleReading, now: number): void {
  const ts = reading.meas_ts;
  if (!Number.isFinite(ts) || ts > now + FUTURE_SKEW_SECONDS) return;
  const known = sensorStateOf(r.state, reading.sensor_id);
  const newest = known === undefined ? null : known.prevData.ts;
  // A reading at the newest time is taken as late, not dropped: an exact duplicate then changes
  // nothing (the history keeps extremes, the peak a maximum), and a second, different reading at
  // the same time joins the history the same way whether it comes in the same packet or again later.
  const late = newest !== null && ts <= newest;
  // In place, a known probe's state is already the one to write (one look-up, not two).
  const s =
    known !== undefined && r.original === null ? known : writable(r.state, r.original, reading.sensor_id);
  r.sensor = s;
  r.ts = ts;
  r.late = late;
  const temps = reading.temperatures;
  if (!late) {
    s.prevData.ts = ts;
    const kept = s.prevData.temps;
    if (kept.length !== temps.length) kept.length = temps.length;
    for (let d = 0; d < temps.length; d++) {
      const v = temps[d];
      kept[d] = valid(v) ? v : null;
    }
    if (s.noData) {
      s.noData = false;
      r.effects.push({ type: 'dataBack', sensor_id: s.sensor_id, ts });
    }
  }
  const p = r.p;
  if (p.combine === 0) {
    const from = p.refDepth ?? 0;
    const to =
      p.refDepth === null ? Math.min(temps.length, MAX_SLOTS) : Math.min(p.refDepth + 1, temps.length);
    let all = null as number | null;
    if (p.peers === 1 && !late) all = peerAverage(r, -1);
    for (let d = from; d < to; d++) {
      const v = temps[d];
      if (!valid(v)) continue;
      const ref = p.peers === 0 || late ? null : p.peers === 1 ? all : peerAverage(r, d);
      observe(r, d, d, v, ref);
    }
  } else {
    let sum = 0;
    let n = 0;
    let best = 0;
    let bestDepth = -1;
    for (let d = 0; d < temps.length; d++) {
      const v = temps[d];
      if (!valid(v)) continue;
      sum += v;
      n++;
      if (bestDepth < 0 || v > best) {
        best = v;
        bestDepth = d;
      }
    }
    if (n === 0) return;
    if (p.combine === 1) observe(r, 0, null, Math.round(sum / n), null);
    else observe(r, 0, bestDepth, best, null);
  }
}

/**
 * The mean of the other probes' newest values (all depths when depth < 0), tenths rounded; null when
 * no other probe has one. Probes in the no-data state are left out: their last value is stale.
 */
function peerAverage(r: Run, depth: number): number | null {
  let sum = 0;
  let n = 0;
  const sensors = r.state.sensors;
  for (const id in sensors) {
    const o = sensors[id] as SensorRuleState;
    if (o === r.sensor || o.noData || o.prevData.ts === null) continue;
    const t = o.prevData.temps;
    if (depth >= 0) {
      const v = t[depth];
      if (v !== null && v !== undefined) {
        sum += v;
        n++;
      }
    } else {
      for (let d = 0; d < t.length; d++) {
        const v = t[d];
        if (v !== null && v !== undefined) {
          sum += v;
          n++;
        }
      }
    }
  }
  return n === 0 ? null : Math.round(sum / n);
}

/** One watched value of one slot: keeps the history, then raises, follows or clears the slot's alert. */
function observe(r: Run, slot: number, depth: number | null, v: number, peerRef: number | null): void {
  const { p, sensor: s, ts } = r;
  let ref: number | null = null;
  if (p.ownTurnPoint) ref = record(p, s, slot, Math.floor(ts / 3600), v, r.late);
  else if (p.isRel) ref = peerRef;

  const open = s.alerts[slot] ?? null;
  if (r.late) {
    // A late reading may belong to a current alert's time: it can only push the peak farther.
    if (open !== null && ts >= open.ts) followPeak(r, open, v);
    return;
  }
  if (open !== null) {
    followPeak(r, open, v);
    if (cleared(p, open, v, ref)) {
      open.resetTS = ts;
      r.effects.push({ type: 'clear', alert: { ...open }, reason: 'recovered', temperature: v });
      s.alerts[slot] = null;
      s.alertTSs[slot] = null;
      s.TP[slot] = ref;
    }
    return;
  }
  s.TP[slot] = ref;
  if (p.compostMin && !s.armed[slot]) {
    // A compost pile that has not yet reached the limit is heating up, not failing.
    if (v >= p.limit) s.armed[slot] = true;
    return;
  }
  if (!holds(p, v, ref)) {
    s.alertTSs[slot] = null;
    return;
  }
  const start = s.alertTSs[slot] ?? ts;
  s.alertTSs[slot] = start;
  if (ts - start < p.minDurationS) return;
  const alert: Alert = {
    ts,
    resetTS: null,
    sensor_id: s.sensor_id,
    depth,
    temperature: v,
    peak: v,
    TP: p.isRel ? ref : p.limit,
    isMin: p.isMin,
  };
  s.alerts[slot] = alert;
  r.effects.push({ type: 'raise', alert: { ...alert } });
}

/** The raise condition. "Over" is strict: a value exactly at the limit (or tolerance) has not passed it. */
function holds(p: Program, v: number, ref: number | null): boolean {
  if (!p.isRel) return p.isMin ? v < p.limit : v > p.limit;
  if (ref === null) return false;
  return (p.isMin ? ref - v : v - ref) > p.limit;
}

function cleared(p: Program, open: Alert, v: number, ref: number | null): boolean {
  if (!p.isRel) return p.isMin ? v >= p.limit + p.clearMargin : v <= p.limit - p.clearMargin;
  // Own turn point: the reference of the alert stays (a rolling window would otherwise absorb a
  // stack that stays hot, and clear it). Peers: the other probes' value now.
  const base = p.ownTurnPoint ? open.TP : ref;
  if (base === null) return false;
  return (p.isMin ? base - v : v - base) <= p.resetLevel;
}

function followPeak(r: Run, open: Alert, v: number): void {
  if (r.p.isMin ? v < open.peak : v > open.peak) {
    open.peak = v;
    r.effects.push({ type: 'peak', sensor_id: open.sensor_id, depth: open.depth, ts: open.ts, peak: v });
  }
}

/**
 * Puts a value into the slot's hourly ring and returns the turn point: the lowest (REL_MAX) or
 * highest (REL_MIN) value of the hours [hour − turnPoint, hour]. A late value goes into its own
 * hour's bucket if that hour is still in the ring; it returns null (late values decide nothing).
 */
function record(
  p: Program,
  s: SensorRuleState,
  slot: number,
  hour: number,
  v: number,
  late: boolean,
): number | null {
  const hours = s.prevData.hours;
  const ext = s.prevData.ext;
  const base = slot * p.ring;
  if (hours.length < base + p.ring) {
    for (let i = hours.length; i < base + p.ring; i++) {
      hours.push(-1);
      ext.push(null);
    }
  }
  const at = base + (hour % p.ring);
  const h = hours[at] as number;
  if (h === hour) {
    const e = ext[at] ?? v;
    ext[at] = p.isMin ? Math.max(e, v) : Math.min(e, v);
  } else if (h < hour) {
    hours[at] = hour;
    ext[at] = v;
  }
  if (late) return null;
  let best: number | null = null;
  const from = hour - p.turnPoint;
  for (let i = base; i < base + p.ring; i++) {
    const bh = hours[i] as number;
    const e = ext[i];
    if (bh < from || bh > hour || e === null || e === undefined) continue;
    if (best === null || (p.isMin ? e > best : e < best)) best = e;
  }
  return best;
}

/**
 * The engine's clock-driven part, for the job that runs every few minutes: a probe whose newest
 * reading is more than the data-break time (spec §9: 4 hours) before `now` enters the no-data state,
 * once. Its current alerts stay: silence is never a recovery.
 */
export function tickRule(state: RuleState, now: number): RuleEvaluation {
  const copy: RuleState = { turnPoint: state.turnPoint, sensors: { ...state.sensors } };
  const effects: RuleEffect[] = [];
  for (const id in state.sensors) {
    const s = state.sensors[id] as SensorRuleState;
    if (s.noData || s.prevData.ts === null || now - s.prevData.ts <= DATA_BREAK_SECONDS) continue;
    const w = writable(copy, state, id);
    w.noData = true;
    effects.push({ type: 'noData', sensor_id: id, since: s.prevData.ts });
  }
  return { state: copy, effects };
}

/**
 * Spec §4 "Alert reset": selected alerts of REL rules can be reset. Resetting clears that probe's
 * data at that depth (its turn-point history, reference and pending condition) and moves the alert to
 * the history with resetTS = now. Readings from before the reset that come again afterwards (late
 * ones) do not refill the history. ABS alerts clear themselves and are not reset: nothing happens.
 */
export function resetAlerts(
  rule: AlertRuleConfig,
  state: RuleState,
  targets: readonly { sensor_id: string; depth: number | null }[],
  now: number,
): RuleEvaluation {
  const copy: RuleState = { turnPoint: state.turnPoint, sensors: { ...state.sensors } };
  const effects: RuleEffect[] = [];
  if (!isRelativeRule(rule.type)) return { state: copy, effects };
  const p = compile(rule);
  for (const t of targets) {
    const found = sensorStateOf(state, t.sensor_id);
    if (!found) continue;
    const slot = found.alerts.findIndex((a) => a !== null && a.depth === t.depth);
    if (slot < 0) continue;
    const s = writable(copy, state, t.sensor_id);
    const alert = s.alerts[slot] as Alert;
    alert.resetTS = now;
    effects.push({ type: 'clear', alert: { ...alert }, reason: 'reset', temperature: null });
    s.alerts[slot] = null;
    s.alertTSs[slot] = null;
    s.TP[slot] = null;
    // The ring starts afresh after the probe's newest reading: its buckets are marked with the next
    // hour and hold nothing, so a late reading from before the reset (one the store hands back again,
    // the watermark's second is always re-read) can never refill them and undo the reset.
    const fresh = Math.floor((s.prevData.ts ?? now) / 3600) + 1;
    if (p.ownTurnPoint && s.prevData.hours.length >= (slot + 1) * p.ring)
      for (let i = slot * p.ring; i < (slot + 1) * p.ring; i++) {
        s.prevData.hours[i] = fresh;
        s.prevData.ext[i] = null;
      }
  }
  return { state: copy, effects };
}

/**
 * The storage's probes changed: probes no longer in it leave the rule's state, and their current
 * alerts end ('probeRemoved', resetTS = now). Otherwise a probe moved elsewhere would linger in the
 * other probes' mean and fall into the no-data state of a storage it has left.
 */
export function retainSensors(
  state: RuleState,
  sensorIds: readonly string[] | ReadonlySet<string>,
  now: number,
): RuleEvaluation {
  const keep: ReadonlySet<string> = sensorIds instanceof Set ? sensorIds : new Set(sensorIds);
  let leaving = false;
  for (const id in state.sensors)
    if (!keep.has(id)) {
      leaving = true;
      break;
    }
  // Every pass asks; almost every pass keeps every probe, and then the state is the same object.
  if (!leaving) return { state, effects: [] };
  const copy: RuleState = { turnPoint: state.turnPoint, sensors: {} };
  const effects: RuleEffect[] = [];
  for (const id in state.sensors) {
    const s = state.sensors[id] as SensorRuleState;
    if (keep.has(id)) {
      copy.sensors[id] = s;
      continue;
    }
    for (const a of s.alerts)
      if (a !== null)
        effects.push({
          type: 'clear',
          alert: { ...a, resetTS: now },
          reason: 'probeRemoved',
          temperature: null,
        });
  }
  return { state: copy, effects };
}

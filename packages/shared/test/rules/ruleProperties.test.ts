import { describe, expect, it } from 'vitest';
import { evaluateRule, type AlertRuleConfig, type RuleReading } from '../../src/domain/rules/evaluateRule.js';
import { createRuleState, type RuleState } from '../../src/domain/rules/ruleState.js';
import { abs, describe as say, NOW, rel, T0 } from './ruleTestKit.js';

/** A small seeded generator (mulberry32): the same seed gives the same sequences on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A random walk of readings from a few probes, in reading time, with gaps, missing depths and repeats. */
function readings(rand: () => number, n: number): RuleReading[] {
  const probes = ['A', 'B', 'C', 'D'];
  const level = new Map(probes.map((p) => [p, 150 + Math.floor(rand() * 300)]));
  const out: RuleReading[] = [];
  let ts = T0;
  for (let i = 0; i < n; i++) {
    ts += Math.floor(rand() * 40) * 60;
    const p = probes[Math.floor(rand() * probes.length)] as string;
    const base = (level.get(p) ?? 200) + Math.floor(rand() * 41) - 20;
    level.set(p, base);
    const temps = [0, 1, 2].map((d) => (rand() < 0.05 ? null : base + d * 15 + Math.floor(rand() * 11) - 5));
    out.push({ sensor_id: p, meas_ts: ts, temperatures: temps });
    if (rand() < 0.1) out.push({ ...out[out.length - 1]! });
  }
  return out;
}

const rules: [string, AlertRuleConfig][] = [
  ['ABS_MAX SINGLE', abs('ABS_MAX', { alertLimit: 350 })],
  ['ABS_MIN AVG, 30 min', abs('ABS_MIN', { alertLimit: 250, tempRef: 'AVG', minDuration: 30 })],
  ['ABS_MIN compost MAX', abs('ABS_MIN', { alertLimit: 300, tempRef: 'MAX', compostRule: true })],
  ['REL_MAX SINGLE 6 h', rel('REL_MAX', { turnPoint: 6, alertLimit: 30 })],
  ['REL_MIN MAX 12 h, reset −1 °C', rel('REL_MIN', { tempRef: 'MAX', turnPoint: 12, alertReset: -10 })],
  ['REL_MAX AVERAGE_TEMP', rel('REL_MAX', { tempRef: 'AVERAGE_TEMP', alertLimit: 20 })],
  [
    'REL_MIN AVERAGE_DEPTH depth 1',
    rel('REL_MIN', { tempRef: 'AVERAGE_DEPTH', refDepth: 1, alertLimit: 20 }),
  ],
];

function once(rule: AlertRuleConfig, batches: RuleReading[][], state: RuleState = createRuleState()) {
  let s = state;
  const effects: string[] = [];
  for (const b of batches) {
    const out = evaluateRule(rule, s, b, NOW);
    s = out.state;
    effects.push(...out.effects.map(say));
  }
  return { state: s, effects };
}

describe.each(rules)('%s on random sequences', (_name, rule) => {
  const seeds = Array.from({ length: 25 }, (_, i) => i + 1);

  it.each(seeds)('seed %i: feeding the same readings again changes nothing', (seed) => {
    const seq = readings(random(seed), 120);
    const first = once(rule, [seq]);
    const again = once(rule, [seq], first.state);
    expect(again.effects).toEqual([]);
    expect(again.state).toEqual(first.state);
  });

  it.each(seeds)('seed %i: splitting the readings into packets gives the same result', (seed) => {
    const rand = random(seed * 7919);
    const seq = readings(random(seed), 120);
    const whole = once(rule, [seq]);
    const cut = 1 + Math.floor(rand() * (seq.length - 1));
    expect(once(rule, [seq.slice(0, cut), seq.slice(cut)])).toEqual(whole);
    // And as many one-reading packets as readings.
    expect(
      once(
        rule,
        seq.map((x) => [x]),
      ),
    ).toEqual(whole);
  });

  it.each(seeds)('seed %i: a shuffled packet is taken in reading time', (seed) => {
    const rand = random(seed * 104729);
    const seq = readings(random(seed), 60).filter(
      (x, i, all) => i === 0 || x.meas_ts !== all[i - 1]!.meas_ts,
    );
    const shuffled = seq
      .map((x) => [rand(), x] as const)
      .sort((a, b) => a[0] - b[0])
      .map(([, x]) => x);
    expect(once(rule, [shuffled])).toEqual(once(rule, [seq]));
  });

  it.each(seeds)('seed %i: every alert raised is current or cleared exactly once', (seed) => {
    const { state, effects } = once(rule, [readings(random(seed), 200)]);
    const raised = effects.filter((e) => e.startsWith('raise')).length;
    const cleared = effects.filter((e) => e.startsWith('clear')).length;
    const current = Object.values(state.sensors).flatMap((s) => s.alerts.filter((a) => a !== null)).length;
    expect(raised).toBe(cleared + current);
  });
});

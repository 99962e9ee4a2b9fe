/**
 * Rule-engine micro-benchmark: the CPU cost of evaluating alert rules on ingest (issue 11: ingest
 * must stay at ≥ 25,000 readings/s into SQLite with 1,000 active rules, so the engine has to cost a
 * small fraction of that budget).
 *
 *   npx tsx bench/rule-engine/run.ts [--rules 1000] [--probes 30] [--packet 100] [--seconds 3] [--runs 5]
 *
 * Set-up: `--rules` storages, each watched by one alert rule (a mix of every type and reference —
 * see MIX), each holding `--probes` three-depth probes; base stations of `--packet` probes each, so a
 * packet (one reading from each probe of a station, as the ingest benchmark sends) touches three or
 * four storages. Every rule's state first gets a day of history (144 packets per station, 10 minutes
 * apart) so the turn-point rings are full, and about 1 % of the storages heat up, so alerts are raised,
 * followed and cleared during the timed runs as in life.
 *
 * A timed run sends packets round-robin over the stations for `--seconds`, time moving on by 10
 * minutes per round. Each packet is split by storage (as ingest groups readings by monitored storage)
 * and handed to the storage's rule: `evaluateRuleInPlace`, the ingest path. The same runs then time
 * the pure `evaluateRule` (which copies each touched probe's state). The figure is readings evaluated
 * per CPU-second of this process (process.cpuUsage: user + system), median of `--runs` runs, with
 * the load average beside each run. Results: stdout and bench/results/rule-engine.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { defaultRuleSettings } from '@emberwatch/shared/domain/rules/defaultRuleSettings';
import {
  evaluateRule,
  evaluateRuleInPlace,
  type AlertRuleConfig,
  type RuleReading,
} from '@emberwatch/shared/domain/rules/evaluateRule';
import type { RuleEffect } from '@emberwatch/shared/domain/rules/ruleEffects';
import { createRuleState, type RuleState } from '@emberwatch/shared/domain/rules/ruleState';
import { busyShare, loadAverage, machineCpu } from '../support/procStats.js';

const { values: args } = parseArgs({
  options: {
    rules: { type: 'string', default: '1000' },
    probes: { type: 'string', default: '30' },
    packet: { type: 'string', default: '100' },
    seconds: { type: 'string', default: '3' },
    runs: { type: 'string', default: '5' },
  },
});
const RULES = Number(args.rules);
const PROBES_PER_STORAGE = Number(args.probes);
const PACKET = Number(args.packet);
const SECONDS = Number(args.seconds);
const RUNS = Number(args.runs);
const DEPTHS = 3;
const STEP = 600;

/** The rule mix: weights of a plausible population of monitors. */
const MIX: [number, AlertRuleConfig][] = [
  [30, { type: 'ABS_MAX', settings: defaultRuleSettings('ABS_MAX') }],
  [10, { type: 'ABS_MAX', settings: { ...defaultRuleSettings('ABS_MAX'), tempRef: 'MAX', minDuration: 30 } }],
  [10, { type: 'ABS_MIN', settings: { ...defaultRuleSettings('ABS_MIN', true), tempRef: 'AVG' } }],
  [25, { type: 'REL_MAX', settings: defaultRuleSettings('REL_MAX') }],
  [5, { type: 'REL_MAX', settings: { ...defaultRuleSettings('REL_MAX'), turnPoint: 48 } }],
  [10, { type: 'REL_MAX', settings: { ...defaultRuleSettings('REL_MAX'), tempRef: 'AVERAGE_DEPTH' } }],
  [5, { type: 'REL_MAX', settings: { ...defaultRuleSettings('REL_MAX'), tempRef: 'AVERAGE_TEMP' } }],
  [
    5,
    { type: 'REL_MIN', settings: { ...defaultRuleSettings('REL_MIN', true), tempRef: 'MAX', turnPoint: 12 } },
  ],
];
const totalWeight = MIX.reduce((a, [w]) => a + w, 0);
function ruleFor(i: number): AlertRuleConfig {
  let k = (i * 37) % totalWeight;
  for (const [w, rule] of MIX) {
    if (k < w) return rule;
    k -= w;
  }
  return MIX[0]![1];
}

interface Storage {
  rule: AlertRuleConfig;
  state: RuleState;
  heating: boolean;
}
const storages: Storage[] = Array.from({ length: RULES }, (_, i) => ({
  rule: ruleFor(i),
  state: createRuleState(),
  heating: i % 97 === 5,
}));
const probeCount = RULES * PROBES_PER_STORAGE;
const stations = Math.ceil(probeCount / PACKET);

/**
 * One packet per station, reused: its readings split into runs of consecutive probes of one storage
 * (the grouping ingest does once per packet). Values are rewritten in place before each send.
 */
interface Packet {
  readings: RuleReading[];
  groups: { storage: Storage; readings: RuleReading[] }[];
  temps: number[][];
}
const packets: Packet[] = [];
for (let s = 0; s < stations; s++) {
  const readings: RuleReading[] = [];
  const temps: number[][] = [];
  const groups: Packet['groups'] = [];
  for (let p = s * PACKET; p < Math.min(probeCount, (s + 1) * PACKET); p++) {
    const t = new Array<number>(DEPTHS).fill(200);
    temps.push(t);
    const reading: RuleReading = { sensor_id: `H${100000 + p}`, meas_ts: 0, temperatures: t };
    readings.push(reading);
    const storage = storages[Math.floor(p / PROBES_PER_STORAGE)]!;
    const last = groups[groups.length - 1];
    if (last && last.storage === storage) last.readings.push(reading);
    else groups.push({ storage, readings: [reading] });
  }
  packets.push({ readings, groups, temps });
}

const T0 = 1_700_000_000 - (1_700_000_000 % 3600);
/** A daily swing with noise; in the heating storages three probes climb 4 °C an hour for 6 h of every 12 h. */
function fill(packet: Packet, station: number, ts: number): void {
  const day = Math.sin(((ts % 86400) / 86400) * 2 * Math.PI);
  for (let i = 0; i < packet.readings.length; i++) {
    const reading = packet.readings[i]!;
    reading.meas_ts = ts;
    const p = station * PACKET + i;
    const storage = storages[Math.floor(p / PROBES_PER_STORAGE)]!;
    const phase = ((ts - T0) / 3600) % 12;
    const heat = storage.heating && p % PROBES_PER_STORAGE < 3 && phase < 6 ? phase * 40 : 0;
    const t = packet.temps[i]!;
    for (let d = 0; d < DEPTHS; d++)
      t[d] = Math.round(200 + d * 30 + day * 15 + ((p * 7 + d * 13 + ts / STEP) % 9) - 4 + heat);
  }
}

let effectsSeen = 0;
const effects: RuleEffect[] = [];
function sendInPlace(packet: Packet): void {
  for (const g of packet.groups) {
    evaluateRuleInPlace(g.storage.rule, g.storage.state, g.readings, g.readings[0]!.meas_ts + 60, effects);
  }
  effectsSeen += effects.length;
  effects.length = 0;
}
function sendPure(packet: Packet): void {
  for (const g of packet.groups) {
    const out = evaluateRule(g.storage.rule, g.storage.state, g.readings, g.readings[0]!.meas_ts + 60);
    g.storage.state = out.state;
    effectsSeen += out.effects.length;
  }
}

let ts = T0;
function round(send: (p: Packet) => void): number {
  ts += STEP;
  for (let s = 0; s < packets.length; s++) {
    fill(packets[s]!, s, ts);
    send(packets[s]!);
  }
  return probeCount;
}

// A day of history first, so rings, references and alerts are in their steady state.
for (let i = 0; i < 144; i++) round(sendInPlace);

interface Run {
  mode: string;
  readingsPerCpuSecond: number;
  usPerReading: number;
  readings: number;
  cpuSeconds: number;
  wallSeconds: number;
  effects: number;
  load1Before: number;
  load1After: number;
  machineBusy: number;
}

function timed(mode: string, send: (p: Packet) => void): Run {
  const load1Before = loadAverage()[0];
  const machine = machineCpu();
  effectsSeen = 0;
  let readings = 0;
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  while (performance.now() - wall0 < SECONDS * 1000) readings += round(send);
  const cpu = process.cpuUsage(cpu0);
  const wallSeconds = (performance.now() - wall0) / 1000;
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  return {
    mode,
    readingsPerCpuSecond: Math.round(readings / cpuSeconds),
    usPerReading: Math.round((cpuSeconds / readings) * 1e9) / 1e3,
    readings,
    cpuSeconds: Math.round(cpuSeconds * 1000) / 1000,
    wallSeconds: Math.round(wallSeconds * 1000) / 1000,
    effects: effectsSeen,
    load1Before,
    load1After: loadAverage()[0],
    machineBusy: Math.round(busyShare(machine, machineCpu()) * 100) / 100,
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
};

timed('warm-up', sendInPlace);
const runs: Run[] = [];
for (let i = 0; i < RUNS; i++) {
  runs.push(timed('inPlace', sendInPlace));
  runs.push(timed('pure', sendPure));
}

const summary = (mode: string) => {
  const rs = runs.filter((r) => r.mode === mode);
  const rates = rs.map((r) => r.readingsPerCpuSecond);
  return {
    mode,
    medianReadingsPerCpuSecond: median(rates),
    minReadingsPerCpuSecond: Math.min(...rates),
    maxReadingsPerCpuSecond: Math.max(...rates),
    medianUsPerReading: median(rs.map((r) => r.usPerReading)),
    // The CPU share the engine takes at the 25,000 readings/s.
    cpuShareAt25k: Math.round((25_000 / median(rates)) * 1000) / 1000,
  };
};

const result = {
  when: new Date().toISOString(),
  node: process.version,
  rules: RULES,
  probesPerStorage: PROBES_PER_STORAGE,
  depths: DEPTHS,
  readingsPerPacket: PACKET,
  stations,
  mix: MIX.map(([w, r]) => ({ weight: w, type: r.type, tempRef: r.settings.tempRef })),
  summary: [summary('inPlace'), summary('pure')],
  runs,
};
console.log(JSON.stringify(result.summary, null, 2));
console.log(
  runs
    .map(
      (r) =>
        `${r.mode.padEnd(8)} ${String(r.readingsPerCpuSecond).padStart(9)} readings/CPU-s  load ${r.load1Before}→${r.load1After}  effects ${r.effects}`,
    )
    .join('\n'),
);
const dir = join(import.meta.dirname, '../results');
mkdirSync(dir, { recursive: true });
writeFileSync(join(dir, 'rule-engine.json'), JSON.stringify(result, null, 2) + '\n');

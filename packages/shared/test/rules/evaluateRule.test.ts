import { describe as group, expect, it } from 'vitest';
import type { AlertRuleConfig, RuleReading } from '../../src/domain/rules/evaluateRule.js';
import { abs, r, rel, rise, runBatches } from './ruleTestKit.js';

/**
 * The engine's scenarios as a table: a rule, readings (one array per call, in arrival order) and the
 * effects expected, written as sentences (ruleTestKit.describe). Times are minutes after T0, an hour
 * boundary; temperatures are tenths of °C. The semantics are in docs/decisions/0032-rule-engine.md.
 */
interface Scenario {
  name: string;
  rule: AlertRuleConfig;
  batches: RuleReading[][];
  effects: string[];
}

const absScenarios: Scenario[] = [
  {
    name: 'ABS_MAX: a reading exactly at the limit has not passed it (spec default 45 °C)',
    rule: abs('ABS_MAX'),
    batches: [[r('A', 0, 450), r('A', 10, 450)]],
    effects: [],
  },
  {
    name: 'ABS_MAX: one tenth over the limit raises, with the limit as the reference',
    rule: abs('ABS_MAX'),
    batches: [[r('A', 0, 449), r('A', 10, 451)]],
    effects: ['raise A/0 @10 T=451 TP=450'],
  },
  {
    name: 'ABS_MAX: a stack that keeps heating raises once and follows its peak',
    rule: abs('ABS_MAX'),
    batches: [[r('A', 0, 460)], [r('A', 10, 480)], [r('A', 20, 470)], [r('A', 30, 520)]],
    effects: ['raise A/0 @0 T=460 TP=450', 'peak A/0 480', 'peak A/0 520'],
  },
  {
    name: 'ABS_MAX: a value flickering around the limit raises one alert, not one per crossing (1 °C margin)',
    rule: abs('ABS_MAX'),
    batches: [
      [r('A', 0, 451), r('A', 10, 449), r('A', 20, 452), r('A', 30, 445), r('A', 40, 453), r('A', 50, 441)],
    ],
    effects: ['raise A/0 @0 T=451 TP=450', 'peak A/0 452', 'peak A/0 453'],
  },
  {
    name: 'ABS_MAX: the alert clears once the value is back at limit − margin (44.0 °C), and may raise again',
    rule: abs('ABS_MAX'),
    batches: [[r('A', 0, 451), r('A', 10, 441), r('A', 20, 440), r('A', 30, 455)]],
    effects: [
      'raise A/0 @0 T=451 TP=450',
      'clear recovered A/0 @0 reset@20 peak=451',
      'raise A/0 @30 T=455 TP=450',
    ],
  },
  {
    name: 'ABS_MAX: a margin of 0 clears at the limit itself',
    rule: abs('ABS_MAX', { clearMargin: 0 }),
    batches: [[r('A', 0, 451), r('A', 10, 450)]],
    effects: ['raise A/0 @0 T=451 TP=450', 'clear recovered A/0 @0 reset@10 peak=451'],
  },
  {
    name: 'ABS_MAX: each depth of a probe is its own alert (SINGLE)',
    rule: abs('ABS_MAX'),
    batches: [[r('A', 0, 300, 460, 470), r('A', 10, 300, 440, 480)]],
    effects: [
      'raise A/1 @0 T=460 TP=450',
      'raise A/2 @0 T=470 TP=450',
      'clear recovered A/1 @0 reset@10 peak=460',
      'peak A/2 480',
    ],
  },
  {
    name: 'ABS_MAX: several probes in one packet are kept apart',
    rule: abs('ABS_MAX'),
    batches: [
      [r('A', 0, 460), r('B', 0, 300), r('C', 0, 455)],
      [r('A', 10, 300), r('B', 10, 470)],
    ],
    effects: [
      'raise A/0 @0 T=460 TP=450',
      'raise C/0 @0 T=455 TP=450',
      'clear recovered A/0 @0 reset@10 peak=460',
      'raise B/0 @10 T=470 TP=450',
    ],
  },
  {
    name: 'ABS_MAX: a missing depth (null or NaN) is skipped and does not clear that depth',
    rule: abs('ABS_MAX'),
    batches: [[r('A', 0, 460, 460)], [r('A', 10, null, Number.NaN)], [r('A', 20, 430, 470)]],
    effects: [
      'raise A/0 @0 T=460 TP=450',
      'raise A/1 @0 T=460 TP=450',
      'clear recovered A/0 @0 reset@20 peak=460',
      'peak A/1 470',
    ],
  },
  {
    name: 'ABS_MAX refDepth: only the chosen depth is watched',
    rule: abs('ABS_MAX', { refDepth: 2 }),
    batches: [[r('A', 0, 500, 500, 440), r('A', 10, 500, 500, 460)]],
    effects: ['raise A/2 @10 T=460 TP=450'],
  },
  {
    name: 'ABS_MAX refDepth beyond the probe: a shorter probe has nothing to watch',
    rule: abs('ABS_MAX', { refDepth: 3 }),
    batches: [[r('A', 0, 500, 500, 500)]],
    effects: [],
  },
  {
    name: 'ABS_MAX AVG: the mean of the depths (rounded to a tenth), reported without a depth',
    rule: abs('ABS_MAX', { tempRef: 'AVG' }),
    batches: [[r('A', 0, 400, 500, 450), r('A', 10, 420, 500, 460), r('A', 20, 400, null, 420)]],
    // 45.0 is not over; (42+50+46)/3 = 46.0 is; the mean of the two depths present is 41.0.
    effects: ['raise A/null @10 T=460 TP=450', 'clear recovered A/null @10 reset@20 peak=460'],
  },
  {
    name: 'ABS_MAX MAX: the hottest depth, reported with its depth',
    rule: abs('ABS_MAX', { tempRef: 'MAX' }),
    batches: [[r('A', 0, 300, 460, 400), r('A', 10, 470, 300, 300)]],
    effects: ['raise A/1 @0 T=460 TP=450', 'peak A/1 470'],
  },
  {
    name: 'ABS_MAX minimum duration: 30 min over the limit before it raises; a dip starts again',
    rule: abs('ABS_MAX', { minDuration: 30 }),
    batches: [
      [r('A', 0, 460), r('A', 20, 470), r('A', 25, 440), r('A', 40, 460), r('A', 60, 461), r('A', 70, 462)],
    ],
    effects: ['raise A/0 @70 T=462 TP=450'],
  },
  {
    name: 'ABS_MAX minimum duration: exactly the duration is enough',
    rule: abs('ABS_MAX', { minDuration: 30 }),
    batches: [[r('A', 0, 460)], [r('A', 30, 460)]],
    effects: ['raise A/0 @30 T=460 TP=450'],
  },
  {
    name: 'ABS_MIN: below the limit raises, exactly at it does not; clears at limit + margin',
    rule: abs('ABS_MIN', { alertLimit: 50 }),
    batches: [[r('A', 0, 50), r('A', 10, 49), r('A', 20, 20), r('A', 30, 59), r('A', 40, 60)]],
    effects: ['raise A/0 @10 T=49 TP=50', 'peak A/0 20', 'clear recovered A/0 @10 reset@40 peak=20'],
  },
  {
    name: 'ABS_MIN below zero: a frost limit of −2.0 °C',
    rule: abs('ABS_MIN', { alertLimit: -20 }),
    batches: [[r('A', 0, -15), r('A', 10, -25)]],
    effects: ['raise A/0 @10 T=-25 TP=-20'],
  },
  {
    name: 'ABS_MIN compost: a pile still heating up is not in alert',
    rule: abs('ABS_MIN', { compostRule: true }),
    batches: [[r('P', 0, 200), r('P', 60, 350), r('P', 120, 500)]],
    effects: [],
  },
  {
    name: 'ABS_MIN compost: once the pile has reached 55 °C, falling below it raises',
    rule: abs('ABS_MIN', { compostRule: true }),
    batches: [[r('P', 0, 500), r('P', 60, 560), r('P', 120, 600), r('P', 180, 540)]],
    effects: ['raise P/0 @180 T=540 TP=550'],
  },
  {
    name: 'ABS_MAX compost: the default limit is 75 °C',
    rule: abs('ABS_MAX', { compostRule: true }),
    batches: [[r('P', 0, 700), r('P', 60, 751)]],
    effects: ['raise P/0 @60 T=751 TP=750'],
  },
];

const timeScenarios: Scenario[] = [
  {
    name: 'a duplicate reading changes nothing',
    rule: abs('ABS_MAX'),
    batches: [[r('A', 0, 460)], [r('A', 0, 460)], [r('A', 0, 200)]],
    effects: ['raise A/0 @0 T=460 TP=450'],
  },
  {
    name: 'two readings at the same time in one packet: the first counts',
    rule: abs('ABS_MAX'),
    batches: [[r('A', 0, 460), r('A', 0, 200)]],
    effects: ['raise A/0 @0 T=460 TP=450'],
  },
  {
    name: 'a late reading never raises an alert for a condition that has already ended',
    rule: abs('ABS_MAX'),
    batches: [[r('A', 0, 400), r('A', 20, 400)], [r('A', 10, 500)]],
    effects: [],
  },
  {
    name: 'a late reading never clears a current alert',
    rule: abs('ABS_MAX'),
    batches: [[r('A', 0, 400), r('A', 20, 460)], [r('A', 10, 300)]],
    effects: ['raise A/0 @20 T=460 TP=450'],
  },
  {
    name: 'a late reading inside a current alert pushes its peak',
    rule: abs('ABS_MAX'),
    batches: [[r('A', 0, 460), r('A', 20, 470)], [r('A', 10, 490)], [r('A', 5, 495)]],
    effects: ['raise A/0 @0 T=460 TP=450', 'peak A/0 470', 'peak A/0 490', 'peak A/0 495'],
  },
  {
    name: 'a late reading from before the alert was raised does not move its peak',
    rule: abs('ABS_MAX'),
    batches: [[r('A', 0, 400), r('A', 20, 460)], [r('A', 10, 499)]],
    effects: ['raise A/0 @20 T=460 TP=450'],
  },
  {
    name: 'a packet out of order is taken in reading time: the condition is decided by the newest',
    rule: abs('ABS_MAX'),
    batches: [[r('A', 20, 400), r('A', 0, 460), r('A', 10, 470)]],
    effects: ['raise A/0 @0 T=460 TP=450', 'peak A/0 470', 'clear recovered A/0 @0 reset@20 peak=470'],
  },
  {
    name: 'a reading stamped more than 10 min in the future is ignored (a wrong station clock must not blind the rule)',
    rule: abs('ABS_MAX'),
    batches: [[r('A', 0, 400)]],
    effects: [],
  },
];

// Decision 0040: RISE_RATE is REL_MAX with the tolerance rate × window and the window as turn point.
const riseScenarios: Scenario[] = [
  {
    name: 'RISE_RATE 0.5 °C/h over 6 h: a climb of 1 °C an hour raises once 3 °C above the window low (4 h)',
    rule: rise(),
    batches: [[0, 1, 2, 3, 4, 5].map((h) => r('A', h * 60, 300 + h * 10))],
    effects: ['raise A/0 @240 T=340 TP=300', 'peak A/0 350'],
  },
  {
    name: 'RISE_RATE: a slow climb of 0.4 °C/h stays quiet for days, far from any absolute limit',
    rule: rise(),
    batches: [Array.from({ length: 49 }, (_, h) => r('A', h * 60, 300 + h * 4))],
    effects: [],
  },
  {
    name: 'RISE_RATE: exactly the rate (3.0 °C over the 6 h window) has not passed it',
    rule: rise(),
    batches: [[r('A', 0, 300), r('A', 360, 330)]],
    effects: [],
  },
  {
    name: 'RISE_RATE 2 °C/h over 1 h: a step of 2.1 °C within the hour raises, the same step spread over 3 h does not',
    rule: rise({ alertLimit: 20, turnPoint: 1 }),
    batches: [
      [r('A', 0, 300), r('A', 30, 321)],
      [r('B', 0, 300), r('B', 90, 310), r('B', 180, 321)],
    ],
    effects: ['raise A/0 @30 T=321 TP=300'],
  },
  {
    name: 'RISE_RATE MAX: the warmest depth is watched, and the alert has no single depth of its own',
    rule: rise({ tempRef: 'MAX' }),
    batches: [[r('A', 0, 300, 280), r('A', 120, 300, 340)]],
    effects: ['raise A/1 @120 T=340 TP=300'],
  },
  {
    name: 'RISE_RATE: the alert clears itself when the value is back down at the window low (reset tolerance 0)',
    rule: rise(),
    batches: [[r('A', 0, 300), r('A', 60, 340)], [r('A', 120, 300)]],
    effects: ['raise A/0 @60 T=340 TP=300', 'clear recovered A/0 @60 reset@120 peak=340'],
  },
];

const relScenarios: Scenario[] = [
  {
    name: 'REL_MAX SINGLE: rising more than 5 °C above the lowest reading of the last 24 h raises',
    rule: rel('REL_MAX'),
    batches: [[r('A', 0, 200), r('A', 60, 230), r('A', 120, 250), r('A', 180, 251)]],
    effects: ['raise A/0 @180 T=251 TP=200'],
  },
  {
    name: 'REL_MAX: exactly the tolerance above the turn point has not passed it',
    rule: rel('REL_MAX'),
    batches: [[r('A', 0, 200), r('A', 60, 250)]],
    effects: [],
  },
  {
    name: 'REL_MAX: the turn point is the low the rise started from, not the first reading',
    rule: rel('REL_MAX'),
    batches: [[r('A', 0, 260), r('A', 60, 220), r('A', 120, 180), r('A', 180, 220), r('A', 240, 231)]],
    effects: ['raise A/0 @240 T=231 TP=180'],
  },
  {
    name: 'REL_MAX turn point 1 h: a slow rise of 6 °C over 6 h stays quiet',
    rule: rel('REL_MAX', { turnPoint: 1 }),
    batches: [[0, 1, 2, 3, 4, 5, 6].map((h) => r('A', h * 60, 200 + h * 10))],
    effects: [],
  },
  {
    name: 'REL_MAX turn point 48 h: a rise of 1 °C every 6 h 40 min raises once it passes 5 °C (40 h)',
    rule: rel('REL_MAX', { turnPoint: 48 }),
    batches: [[0, 1, 2, 3, 4, 5, 6].map((h) => r('A', h * 400, 200 + h * 10))],
    effects: ['raise A/0 @2400 T=260 TP=200'],
  },
  {
    name: 'REL_MAX: the window is the turn point hours before the reading hour (25 h back is out of a 24 h window)',
    rule: rel('REL_MAX'),
    batches: [[r('A', 0, 100), r('A', 25 * 60, 200), r('A', 25 * 60 + 10, 205)]],
    effects: [],
  },
  {
    name: 'REL_MAX: 24 h back is still in a 24 h window',
    rule: rel('REL_MAX'),
    batches: [[r('A', 0, 100), r('A', 24 * 60 + 30, 200)]],
    effects: ['raise A/0 @1470 T=200 TP=100'],
  },
  {
    name: 'REL_MAX tolerance 10 °C (the spec maximum)',
    rule: rel('REL_MAX', { alertLimit: 100 }),
    batches: [[r('A', 0, 200), r('A', 60, 300), r('A', 120, 301)]],
    effects: ['raise A/0 @120 T=301 TP=200'],
  },
  {
    name: 'REL_MAX tolerance 2 °F is 1.1 °C (11 tenths)',
    rule: rel('REL_MAX', { alertLimit: 11 }),
    batches: [[r('A', 0, 200), r('A', 60, 211), r('A', 120, 212)]],
    effects: ['raise A/0 @120 T=212 TP=200'],
  },
  {
    name: 'REL_MAX: the reference stays while the alert is current, so a stack that stays hot stays in alert',
    rule: rel('REL_MAX', { turnPoint: 2 }),
    batches: [[r('A', 0, 200), r('A', 60, 260), r('A', 5 * 60, 270), r('A', 10 * 60, 265)]],
    effects: ['raise A/0 @60 T=260 TP=200', 'peak A/0 270'],
  },
  {
    name: 'REL_MAX reset tolerance 0: the alert resets itself when the value is back at the reference',
    rule: rel('REL_MAX'),
    batches: [[r('A', 0, 200), r('A', 60, 260), r('A', 120, 201), r('A', 180, 200)]],
    effects: ['raise A/0 @60 T=260 TP=200', 'clear recovered A/0 @60 reset@180 peak=260'],
  },
  {
    name: 'REL_MAX reset tolerance +3 °C: back within 3 °C of the reference is enough',
    rule: rel('REL_MAX', { alertReset: 30 }),
    batches: [[r('A', 0, 200), r('A', 60, 260), r('A', 120, 231), r('A', 180, 230)]],
    effects: ['raise A/0 @60 T=260 TP=200', 'clear recovered A/0 @60 reset@180 peak=260'],
  },
  {
    name: 'REL_MAX reset tolerance −5 °C: the value must fall 5 °C below the reference',
    rule: rel('REL_MAX', { alertReset: -50 }),
    batches: [[r('A', 0, 200), r('A', 60, 260), r('A', 120, 200), r('A', 180, 151), r('A', 240, 150)]],
    effects: ['raise A/0 @60 T=260 TP=200', 'clear recovered A/0 @60 reset@240 peak=260'],
  },
  {
    name: 'REL_MAX: a reset tolerance above the tolerance is held below the raise level (no clear on the raising reading)',
    rule: rel('REL_MAX', { alertLimit: 10, alertReset: 50 }),
    batches: [[r('A', 0, 200), r('A', 60, 211), r('A', 120, 205), r('A', 180, 200)]],
    effects: ['raise A/0 @60 T=211 TP=200', 'clear recovered A/0 @60 reset@180 peak=211'],
  },
  {
    name: 'REL_MIN SINGLE: falling more than 5 °C below the highest reading of the window raises (a compost pile cooling)',
    rule: rel('REL_MIN', { compostRule: true }),
    batches: [[r('P', 0, 600), r('P', 60, 650), r('P', 120, 620), r('P', 180, 599)]],
    effects: ['raise P/0 @180 T=599 TP=650'],
  },
  {
    name: 'REL_MIN: back at the reference resets; the lowest value is the peak',
    rule: rel('REL_MIN'),
    batches: [[r('P', 0, 650), r('P', 60, 590), r('P', 120, 550), r('P', 180, 650)]],
    effects: ['raise P/0 @60 T=590 TP=650', 'peak P/0 550', 'clear recovered P/0 @60 reset@180 peak=550'],
  },
  {
    name: 'REL_MIN reset tolerance −2 °C: the value must rise 2 °C above the reference',
    rule: rel('REL_MIN', { alertReset: -20 }),
    batches: [[r('P', 0, 650), r('P', 60, 590), r('P', 120, 660), r('P', 180, 670)]],
    effects: ['raise P/0 @60 T=590 TP=650', 'clear recovered P/0 @60 reset@180 peak=590'],
  },
  {
    name: 'REL_MAX AVG: a mean exactly 5 °C over its turn point stays quiet, though one depth rose 15 °C',
    rule: rel('REL_MAX', { tempRef: 'AVG' }),
    batches: [[r('A', 0, 200, 200, 200), r('A', 60, 200, 200, 350)]],
    effects: [],
  },
  {
    name: 'REL_MAX AVG: a mean 5.1 °C over its turn point raises',
    rule: rel('REL_MAX', { tempRef: 'AVG' }),
    batches: [[r('A', 0, 200, 200, 200), r('A', 60, 200, 201, 352)]],
    effects: ['raise A/null @60 T=251 TP=200'],
  },
  {
    name: 'REL_MAX MAX: the hottest depth against its own turn point',
    rule: rel('REL_MAX', { tempRef: 'MAX' }),
    batches: [[r('A', 0, 200, 220, 210), r('A', 60, 200, 230, 280)]],
    effects: ['raise A/2 @60 T=280 TP=220'],
  },
  {
    name: 'REL_MAX refDepth: one depth only',
    rule: rel('REL_MAX', { refDepth: 0 }),
    batches: [[r('A', 0, 200, 200), r('A', 60, 240, 300), r('A', 120, 251, 300)]],
    effects: ['raise A/0 @120 T=251 TP=200'],
  },
  {
    name: 'REL_MAX AVERAGE_TEMP: a probe 5 °C warmer than the mean of the other probes (a hot spot)',
    rule: rel('REL_MAX', { tempRef: 'AVERAGE_TEMP' }),
    batches: [[r('A', 0, 200, 220), r('B', 0, 210, 230), r('C', 0, 200, 271)]],
    // C against A and B (all depths): (200 + 220 + 210 + 230) / 4 = 215; 271 − 215 = 5.6 °C.
    effects: ['raise C/1 @0 T=271 TP=215'],
  },
  {
    name: 'REL_MAX AVERAGE_TEMP: a probe alone has no reference',
    rule: rel('REL_MAX', { tempRef: 'AVERAGE_TEMP' }),
    batches: [[r('A', 0, 200, 900)]],
    effects: [],
  },
  {
    name: 'REL_MAX AVERAGE_DEPTH: each depth against the other probes at that depth; clears when back',
    rule: rel('REL_MAX', { tempRef: 'AVERAGE_DEPTH' }),
    batches: [
      [r('A', 0, 200, 300), r('B', 0, 220, 320), r('C', 0, 271, 300)],
      [r('C', 10, 215, 300)],
      [r('C', 20, 210, 300)],
    ],
    // 21.5 °C is still 0.5 °C over the others' 21.0 °C; at 21.0 it is back (reset tolerance 0).
    effects: ['raise C/0 @0 T=271 TP=210', 'clear recovered C/0 @0 reset@20 peak=271'],
  },
  {
    name: 'REL_MIN AVERAGE_DEPTH with refDepth: a cold spot at the chosen depth only',
    rule: rel('REL_MIN', { tempRef: 'AVERAGE_DEPTH', refDepth: 1 }),
    batches: [[r('A', 0, 100, 300), r('B', 0, 300, 300), r('C', 0, 300, 240)]],
    effects: ['raise C/1 @0 T=240 TP=300'],
  },
  {
    name: 'REL_MAX minimum duration: the rise must last 60 min',
    rule: rel('REL_MAX', { minDuration: 60 }),
    batches: [[r('A', 0, 200), r('A', 60, 260), r('A', 90, 240), r('A', 120, 260), r('A', 180, 262)]],
    effects: ['raise A/0 @180 T=262 TP=200'],
  },
];

group('alert rule engine (table)', () => {
  it.each(
    [...absScenarios, ...timeScenarios, ...relScenarios, ...riseScenarios].map((s) => [s.name, s] as const),
  )('%s', (_n, s) => {
    const now = s.name.includes('future') ? r('A', 0).meas_ts - 11 * 60 : undefined;
    expect(runBatches(s.rule, s.batches, undefined, now).effects).toEqual(s.effects);
  });
});

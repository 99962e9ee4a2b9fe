import { describe, expect, it } from 'vitest';
import { abs, r, rel, runBatches } from './ruleTestKit.js';

/** The worked examples of docs/decisions/0032-rule-engine.md, number for number. */
describe('decision 0032 worked examples', () => {
  it('1. ABS_MAX 45, margin 1: one alert for a flickering value, cleared at 44.0, raised again', () => {
    const out = runBatches(abs('ABS_MAX'), [
      [
        r('A', 0, 449),
        r('A', 10, 450),
        r('A', 20, 451),
        r('A', 30, 449),
        r('A', 40, 453),
        r('A', 50, 440),
        r('A', 60, 460),
      ],
    ]);
    expect(out.effects).toEqual([
      'raise A/0 @20 T=451 TP=450',
      'peak A/0 453',
      'clear recovered A/0 @20 reset@50 peak=453',
      'raise A/0 @60 T=460 TP=450',
    ]);
  });

  it('2. ABS_MAX 45, minimum duration 30: the dip restarts the wait', () => {
    const out = runBatches(abs('ABS_MAX', { minDuration: 30 }), [
      [r('A', 0, 460), r('A', 20, 470), r('A', 25, 440), r('A', 40, 460), r('A', 60, 461), r('A', 70, 462)],
    ]);
    expect(out.effects).toEqual(['raise A/0 @70 T=462 TP=450']);
  });

  it('3. REL_MAX: the turn point is the low the rise started from', () => {
    const out = runBatches(rel('REL_MAX'), [
      [r('A', 0, 260), r('A', 60, 220), r('A', 120, 180), r('A', 180, 220), r('A', 240, 231)],
    ]);
    expect(out.effects).toEqual(['raise A/0 @240 T=231 TP=180']);
  });

  it.each([
    [0, 200, 201],
    [30, 230, 231],
    [-50, 150, 151],
  ])('4. REL_MAX reset tolerance %i tenths: clears at %i, not at %i', (alertReset, clearsAt, notAt) => {
    const rule = rel('REL_MAX', { alertReset });
    const base = [r('A', 0, 200), r('A', 60, 260)];
    expect(runBatches(rule, [[...base, r('A', 120, notAt)]]).effects).toEqual(['raise A/0 @60 T=260 TP=200']);
    expect(runBatches(rule, [[...base, r('A', 120, clearsAt)]]).effects).toEqual([
      'raise A/0 @60 T=260 TP=200',
      'clear recovered A/0 @60 reset@120 peak=260',
    ]);
  });

  it('5. REL_MAX turn point 2 h: a stack that stays hot stays in alert', () => {
    const out = runBatches(rel('REL_MAX', { turnPoint: 2 }), [
      [r('A', 0, 200), r('A', 60, 260), r('A', 300, 270), r('A', 600, 265)],
    ]);
    expect(out.effects).toEqual(['raise A/0 @60 T=260 TP=200', 'peak A/0 270']);
  });

  it('6. REL_MAX AVERAGE_TEMP: C against the mean of A and B', () => {
    const out = runBatches(rel('REL_MAX', { tempRef: 'AVERAGE_TEMP' }), [
      [r('A', 0, 200, 220), r('B', 0, 210, 230), r('C', 0, 200, 271)],
    ]);
    expect(out.effects).toEqual(['raise C/1 @0 T=271 TP=215']);
  });

  it('7. REL_MIN compost: the pile is cooling', () => {
    const out = runBatches(rel('REL_MIN', { compostRule: true }), [
      [r('P', 0, 600), r('P', 60, 650), r('P', 120, 620), r('P', 180, 599)],
    ]);
    expect(out.effects).toEqual(['raise P/0 @180 T=599 TP=650']);
  });

  it('8. compost ABS_MIN 55: heating up is quiet, falling back is an alert', () => {
    const rule = abs('ABS_MIN', { compostRule: true });
    expect(runBatches(rule, [[r('P', 0, 200), r('P', 60, 350), r('P', 120, 500)]]).effects).toEqual([]);
    expect(
      runBatches(rule, [[r('P', 0, 500), r('P', 60, 560), r('P', 120, 600), r('P', 180, 540)]]).effects,
    ).toEqual(['raise P/0 @180 T=540 TP=550']);
  });

  it('9. a late reading of an ended condition raises nothing; inside a current alert it moves the peak', () => {
    expect(
      runBatches(abs('ABS_MAX'), [[r('A', 0, 400), r('A', 20, 400)], [r('A', 10, 500)]]).effects,
    ).toEqual([]);
    expect(
      runBatches(abs('ABS_MAX'), [[r('A', 0, 460), r('A', 20, 460)], [r('A', 10, 500)]]).effects,
    ).toEqual(['raise A/0 @0 T=460 TP=450', 'peak A/0 500']);
  });
});

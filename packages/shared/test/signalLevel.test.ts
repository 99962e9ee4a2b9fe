import { describe, expect, it } from 'vitest';
import { SIGNAL_THRESHOLDS_DBM, signalLevel, type SignalLevel } from '../src/domain/signalLevel.js';

// Spec doc 3 §9 "Probe data": -70 or better = 4, -80 = 3, -90 = 2, -95 = 1.
// Spec doc 1 §9: levels are -2 none, -1 no signal, 0 to 4 bars.
// docs/decisions/0002-display-rules.md: missing = -2, outside -130…0 dBm = -1, weaker than -95 dBm = 0 bars.
describe('signalLevel (spec doc 3 §9, doc 1 §9)', () => {
  const rows: Array<[string, number | null | undefined, SignalLevel]> = [
    ['a strong -40 dBm gives 4 bars', -40, 4],
    ['exactly -70 dBm ("-70 or better") gives 4 bars', -70, 4],
    ['-70.5 dBm is worse than -70, so 3 bars', -70.5, 3],
    ['-71 dBm gives 3 bars', -71, 3],
    ['exactly -80 dBm gives 3 bars', -80, 3],
    ['-81 dBm gives 2 bars', -81, 2],
    ['exactly -90 dBm gives 2 bars', -90, 2],
    ['-91 dBm gives 1 bar', -91, 1],
    ['exactly -95 dBm gives 1 bar', -95, 1],
    ['-96 dBm is still heard: 0 bars', -96, 0],
    ['-130 dBm, the weakest a radio can report, is 0 bars', -130, 0],
    ['below -130 dBm is no signal (-1)', -131, -1],
    ['0 dBm is not a real RSSI: no signal (-1)', 0, -1],
    ['a positive RSSI is not a real one: no signal (-1)', 12, -1],
    ['a missing RSSI (null) is none (-2)', null, -2],
    ['a missing RSSI (undefined) is none (-2)', undefined, -2],
    ['NaN is none (-2)', Number.NaN, -2],
  ];
  it.each(rows)('%s', (_name, rssi, level) => {
    expect(signalLevel(rssi)).toBe(level);
  });

  it('uses exactly the spec thresholds -70, -80, -90, -95 dBm', () => {
    expect(SIGNAL_THRESHOLDS_DBM.map((t) => [t.min, t.level])).toEqual([
      [-70, 4],
      [-80, 3],
      [-90, 2],
      [-95, 1],
    ]);
  });

  it('never shows fewer bars for a stronger signal', () => {
    let previous = signalLevel(-130);
    for (let rssi = -129; rssi < 0; rssi++) {
      const level = signalLevel(rssi);
      expect(level).toBeGreaterThanOrEqual(previous);
      previous = level;
    }
  });
});

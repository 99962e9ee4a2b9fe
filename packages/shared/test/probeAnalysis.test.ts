import { describe, expect, it } from 'vitest';
import type { AnalysisDay } from '../src/contracts/probeData.js';
import {
  isAnalysisBatteryLow,
  isAverageOverLimit,
  isDayOverPacketLimit,
  packetLimits,
  SPEC_MEASUREMENT_INTERVAL_S,
  typicalMeasurementIntervalS,
} from '../src/domain/probeAnalysis.js';

/** A day whose packets were measured at the given times. */
const day = (times: number[]): Pick<AnalysisDay, 'data'> => ({
  data: times.map((b) => ({ b, h: 200, hh: [], e: 356, f: null, g: null, bs: 'F1', received: b + 5 })),
});
const every = (from: number, stepS: number, count: number) =>
  Array.from({ length: count }, (_, i) => from + i * stepS);

// Spec doc 2 §9 flags 36 packets a day and an average over 24: limits for a probe that measures once an
// hour. A probe measuring every 20 minutes sends 72 complete, correct packets a day; the limits follow
// the probe's cadence so that only too many packets for that cadence are flagged (docs/decisions/0017).
describe('packet limits follow the probe’s cadence', () => {
  const rows: Array<[string, number | null, { perDay: number; average: number }]> = [
    ['the spec’s hourly probe: 36 a day, an average over 24', 3600, { perDay: 36, average: 24 }],
    ['an unknown cadence: the spec’s hourly limits', null, { perDay: 36, average: 24 }],
    ['every 20 minutes: 108 a day, an average over 72', 1200, { perDay: 108, average: 72 }],
    ['every minute: 2160 a day, an average over 1440', 60, { perDay: 2160, average: 1440 }],
    ['every 7 minutes: rounds the day limit up', 420, { perDay: 309, average: 86_400 / 420 }],
    ['a slower cadence than hourly: never stricter than the spec', 7200, { perDay: 36, average: 24 }],
    ['one packet a day seen: still the hourly limits', 86_400, { perDay: 36, average: 24 }],
  ];
  it.each(rows)('%s', (_name, interval, limits) => {
    expect(packetLimits(interval)).toEqual(limits);
  });

  it('keeps the spec’s numbers by default', () => {
    expect(SPEC_MEASUREMENT_INTERVAL_S).toBe(3600);
    expect(isDayOverPacketLimit({ N: 35 })).toBe(false);
    expect(isDayOverPacketLimit({ N: 36 })).toBe(true);
    expect(isAverageOverLimit({ N: 72, dataDays: 3 })).toBe(false);
    expect(isAverageOverLimit({ N: 73, dataDays: 3 })).toBe(true);
  });

  it('leaves a complete day of a 20-minute probe unflagged and flags one that sent too often', () => {
    const limits = packetLimits(1200);
    expect(isDayOverPacketLimit({ N: 72 }, limits)).toBe(false);
    expect(isDayOverPacketLimit({ N: 52 }, limits)).toBe(false);
    expect(isDayOverPacketLimit({ N: 108 }, limits)).toBe(true);
    expect(isAverageOverLimit({ N: 144, dataDays: 3 }, limits)).toBe(false);
    expect(isAverageOverLimit({ N: 300, dataDays: 3 }, limits)).toBe(true);
  });
});

describe('typicalMeasurementIntervalS (the median gap, resends left out)', () => {
  const rows: Array<[string, Pick<AnalysisDay, 'data'>[], number | null]> = [
    ['no packets', [], null],
    ['one packet', [day([1000])], null],
    ['every 20 minutes over two days', [day(every(0, 1200, 72)), day(every(86_400, 1200, 72))], 1200],
    [
      'a gap of a few hours does not change it',
      [day([...every(0, 1200, 30), ...every(50_000, 1200, 20)])],
      1200,
    ],
    ['resends 5 s apart are not the cadence', [day(every(0, 3600, 24).flatMap((t) => [t, t + 5]))], 3600],
    ['the same packet heard by two stations counts once', [day([0, 0, 600, 600, 1200])], 600],
    ['an even count of gaps takes the middle two', [day([0, 600, 1800])], 900],
  ];
  it.each(rows)('%s', (_name, days, expected) => {
    expect(typicalMeasurementIntervalS(days)).toBe(expected);
  });
});

describe('a battery is flagged when low, as in the probe list (under 3.40 V)', () => {
  const rows: Array<[number | null, boolean]> = [
    [366, false],
    [350, false],
    [340, false],
    [339, true],
    [320, true],
    [null, false],
  ];
  it.each(rows)('%s centivolts → %s', (cv, flagged) => {
    expect(isAnalysisBatteryLow(cv)).toBe(flagged);
  });
});

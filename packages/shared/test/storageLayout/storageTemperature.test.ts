import { describe, expect, it } from 'vitest';
import { storageTemperature } from '../../src/domain/storageLayout/storageTemperature.js';

const now = 1_800_000_000;
const DAY = 86_400;
const reading = (sensor_id: string, temperatures: number[], ageS: number) => ({
  sensor_id,
  temperatures,
  meas_ts: now - ageS,
});

// Spec doc 3 §9 "The storage temperature shown is the maximum recent one"; readings older than 7 days
// are not recent (doc 2 §4 shows them as n/a). Temperatures in tenths of °C.
describe('storageTemperature', () => {
  it.each([
    [
      'the hottest depth of any probe',
      [reading('G1', [200, 455, 301], 60), reading('G2', [410], 3600)],
      ['G1', 'G2'],
      455,
    ],
    ['a reading of exactly 7 days still counts', [reading('G1', [300], 7 * DAY)], ['G1'], 300],
    [
      'a reading older than 7 days is ignored',
      [reading('G1', [900], 7 * DAY + 1), reading('G2', [250], DAY)],
      ['G1', 'G2'],
      250,
    ],
    [
      'probes of other storages are ignored',
      [reading('G1', [200], 60), reading('G9', [800], 60)],
      ['G1'],
      200,
    ],
    ['below zero', [reading('G1', [-215, -300], 60)], ['G1'], -215],
    ['no recent reading', [reading('G1', [300], 30 * DAY)], ['G1'], null],
    ['no probes', [reading('G1', [300], 60)], [], null],
    ['a reading without depths', [reading('G1', [], 60)], ['G1'], null],
  ])('%s', (_, readings, probeIds, expected) => {
    expect(storageTemperature({ nowS: now }, readings, { probeIds })).toBe(expected);
  });
});

import { describe, expect, it } from 'vitest';
import {
  storageHottestProbe,
  storageTemperature,
} from '../../src/domain/storageLayout/storageTemperature.js';

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

// Issue 28 item 11: the storage list names where the storage is hottest, the probe and its depth (1 is
// nearest the handle), from the same recent readings.
describe('storageHottestProbe', () => {
  it.each([
    [
      'the probe and depth of the hottest depth',
      [reading('G1', [200, 455, 301], 60), reading('G2', [410], 3600)],
      ['G1', 'G2'],
      { sensorId: 'G1', depth: 2, temperature: 455 },
    ],
    [
      'a hotter tip of another probe',
      [reading('G1', [200, 455], 60), reading('G2', [300, 350, 380, 623], 60)],
      ['G1', 'G2'],
      { sensorId: 'G2', depth: 4, temperature: 623 },
    ],
    [
      'of equal temperatures, the first probe and the depth nearest the handle',
      [reading('G1', [300, 500, 500], 60), reading('G2', [500], 60)],
      ['G1', 'G2'],
      { sensorId: 'G1', depth: 2, temperature: 500 },
    ],
    [
      'a stale reading is not the hottest',
      [reading('G1', [900], 7 * DAY + 1), reading('G2', [250, 260], DAY)],
      ['G1', 'G2'],
      { sensorId: 'G2', depth: 2, temperature: 260 },
    ],
    [
      'a probe of another storage is not named',
      [reading('G9', [800], 60), reading('G1', [-20], 60)],
      ['G1'],
      { sensorId: 'G1', depth: 1, temperature: -20 },
    ],
    ['no recent reading', [reading('G1', [300], 30 * DAY)], ['G1'], null],
    ['a reading without depths', [reading('G1', [], 60)], ['G1'], null],
  ])('%s', (_, readings, probeIds, expected) => {
    expect(storageHottestProbe({ nowS: now }, readings, { probeIds })).toEqual(expected);
  });
});

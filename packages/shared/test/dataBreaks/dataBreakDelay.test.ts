import { describe, expect, it } from 'vitest';
import {
  DATA_BREAK_DEFAULT_S,
  DATA_BREAK_DELAY_CHOICES_S,
  effectiveDataBreakDelays,
  fitReportingInterval,
  isDataBreakDelay,
  probeDataBreakDelayS,
  stationDataBreakDelayS,
  stationReportingIntervalS,
  storageDataBreakDelayS,
  type DataBreakDelays,
} from '../../src/domain/dataBreaks/index.js';

const M = 60;
const H = 3600;
const none: DataBreakDelays = { accountS: null, storages: new Map() };
const account2h: DataBreakDelays = {
  accountS: 2 * H,
  storages: new Map([
    [7, 30 * M],
    [8, 12 * H],
  ]),
};

// docs/decisions/0071-data-break-delay.md
describe('isDataBreakDelay', () => {
  it.each([
    [30 * M, true],
    [48 * H, true],
    [4 * H, true],
    [90 * M, true],
    [30 * M - 60, false],
    [48 * H + 60, false],
    [4 * H + 1, false],
    [2.5 * H + 0.5, false],
    [Number.NaN, false],
    [0, false],
  ])('%s s → %s', (s, ok) => expect(isDataBreakDelay(s)).toBe(ok));

  it('offers only delays it accepts, the default among them', () => {
    expect(DATA_BREAK_DELAY_CHOICES_S.every(isDataBreakDelay)).toBe(true);
    expect(DATA_BREAK_DELAY_CHOICES_S).toContain(DATA_BREAK_DEFAULT_S);
  });
});

describe('storageDataBreakDelayS', () => {
  it.each([
    ['nothing chosen: the spec’s 4 h', none, 7, 4 * H],
    ['no storage: the account’s', account2h, null, 2 * H],
    ['a storage without override: the account’s', account2h, 9, 2 * H],
    ['a storage’s override', account2h, 7, 30 * M],
    ['an override longer than the account’s', account2h, 8, 12 * H],
    ['an override without an account choice', { accountS: null, storages: new Map([[7, H]]) }, 7, H],
  ] as const)('%s', (_what, delays, storageId, expected) =>
    expect(storageDataBreakDelayS(delays, storageId)).toBe(expected),
  );
});

describe('fitReportingInterval', () => {
  it.each([
    ['unknown interval: as chosen', 30 * M, null, 30 * M],
    ['3 intervals shorter than the delay', 30 * M, 5 * M, 30 * M],
    ['exactly 3 intervals', 30 * M, 10 * M, 30 * M],
    ['an hourly probe lengthens 30 min to 3 h', 30 * M, H, 3 * H],
    ['20 min probes lengthen 30 min to 1 h', 30 * M, 20 * M, H],
    ['the default already fits the longest interval (60 min)', 4 * H, H, 4 * H],
    ['a nonsense interval is ignored', H, 0, H],
  ] as const)('%s', (_what, delay, interval, expected) =>
    expect(fitReportingInterval(delay, interval)).toBe(expected),
  );
});

describe('stationReportingIntervalS', () => {
  it.each([
    [[], null],
    [[null, null], null],
    [[null, 0], null],
    [[20 * M, null, 10 * M], 10 * M],
    [[H], H],
  ] as const)('%j → %s', (intervals, expected) =>
    expect(stationReportingIntervalS(intervals)).toBe(expected),
  );
});

describe('stationDataBreakDelayS', () => {
  it.each([
    ['no probes: the account’s', account2h, [], null, 2 * H],
    ['no probes, nothing chosen: 4 h', none, [], null, 4 * H],
    ['the most watchful storage (30 min over 12 h)', account2h, [8, 7, 8], null, 30 * M],
    ['only a long override: the storage’s', account2h, [8, 8], null, 12 * H],
    ['a loose probe stands for the account (2 h under 12 h)', account2h, [8, null], null, 2 * H],
    ['fitted to the shortest probe interval', account2h, [7], 20 * M, H],
  ] as const)('%s', (_what, delays, storageIds, interval, expected) =>
    expect(stationDataBreakDelayS(delays, { storageIds, reportingIntervalS: interval })).toBe(expected),
  );
});

describe('probeDataBreakDelayS', () => {
  it.each([
    ['in a storage with an override', account2h, 7, null, 30 * M],
    ['in no storage: the account’s', account2h, null, null, 2 * H],
    ['nothing chosen', none, 7, null, 4 * H],
    ['an hourly probe under a 30 min override', account2h, 7, H, 3 * H],
  ] as const)('%s', (_what, delays, storageId, interval, expected) =>
    expect(probeDataBreakDelayS(delays, { storageId, reportingIntervalS: interval })).toBe(expected),
  );
});

describe('effectiveDataBreakDelays', () => {
  it('resolves each station and probe of an account', () => {
    const r = effectiveDataBreakDelays(
      account2h,
      ['F1', 'F2', 'F3'],
      [
        { sensorId: 'H1', bsId: 'F1', storageId: 7, measurementIntervalS: null },
        { sensorId: 'H2', bsId: 'F1', storageId: 8, measurementIntervalS: null },
        { sensorId: 'H3', bsId: 'F2', storageId: 8, measurementIntervalS: null },
        { sensorId: 'H4', bsId: 'F2', storageId: 8, measurementIntervalS: H },
      ],
    );
    expect(Object.fromEntries(r.stations)).toEqual({ F1: 30 * M, F2: 12 * H, F3: 2 * H });
    expect(Object.fromEntries(r.probes)).toEqual({ H1: 30 * M, H2: 12 * H, H3: 12 * H, H4: 12 * H });
  });

  it('lengthens a station only by its probes’ shortest interval', () => {
    const r = effectiveDataBreakDelays(
      { accountS: 30 * M, storages: new Map() },
      ['F1'],
      [
        { sensorId: 'H1', bsId: 'F1', storageId: null, measurementIntervalS: H },
        { sensorId: 'H2', bsId: 'F1', storageId: null, measurementIntervalS: 20 * M },
      ],
    );
    expect(r.stations.get('F1')).toBe(H);
    expect(r.probes.get('H1')).toBe(3 * H);
    expect(r.probes.get('H2')).toBe(H);
  });
});

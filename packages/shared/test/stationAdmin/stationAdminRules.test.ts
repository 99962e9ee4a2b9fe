import { describe, expect, it } from 'vitest';
import { mayOfferMerge, mayRemoveStation } from '../../src/domain/stationAdmin/stationButtons.js';
import {
  isReplacementBsId,
  replacementStatus,
  replacementText,
  type ReplacementFacts,
} from '../../src/domain/stationAdmin/stationReplacement.js';
import { probeDataBreakDelayS, stationDataBreakDelayS } from '../../src/domain/dataBreaks/dataBreakDelay.js';

const ok: ReplacementFacts = {
  oldIsTheAccounts: true,
  groupSize: 1,
  newIsStation: false,
  newKit: 'open',
  sameId: false,
};

describe('replacementStatus (spec doc 2 §8)', () => {
  it.each<[string, Partial<ReplacementFacts>, number]>([
    ['a registered, unused new id', {}, 0],
    ['a pair of merged stations', { groupSize: 2 }, 0],
    ['the current station missing or not the account’s', { oldIsTheAccounts: false }, 1],
    ['missing wins over the group', { oldIsTheAccounts: false, groupSize: 3 }, 1],
    ['merged with two others', { groupSize: 3 }, 2],
    ['the group wins over the new id', { groupSize: 3, newIsStation: true }, 2],
    ['the new id is a station', { newIsStation: true }, 3],
    ['the new id’s kit was claimed', { newKit: 'claimed' }, 3],
    ['the same id', { sameId: true }, 3],
    ['a new id never registered', { newKit: 'none' }, 4],
  ])('%s → %i', (_, facts, status) => expect(replacementStatus({ ...ok, ...facts })).toBe(status));
});

describe('replacementText', () => {
  it.each([
    [0, 'Just reload page'],
    [1, 'Cannot replace BS. Missing resources for current BS.'],
    [2, 'Cannot replace BS merged with more than 1 other BS.'],
    [3, 'Cannot replace BS. The new BS ID is already in use.'],
    [4, 'Error in BS replacement with status 4'],
    [500, 'Error in BS replacement with status 500'],
  ])('%i → %s', (status, text) => expect(replacementText(status)).toBe(text));
});

describe('isReplacementBsId (spec doc 2 §5: one capital letter then seven digits)', () => {
  it.each([
    ['F1000001', true],
    ['Z9999999', true],
    ['f1000001', false],
    ['F100001', false],
    ['F10000011', false],
    ['FF000001', false],
    ['', false],
    [' F1000001', false],
  ])('%s → %s', (id, yes) => expect(isReplacementBsId(id)).toBe(yes));
});

describe('mayRemoveStation (spec doc 2 §6)', () => {
  it.each([
    [2, 0, true],
    [5, 0, true],
    [1, 0, false],
    [2, 1, false],
    [1, 3, false],
  ])('%i stations, %i probes → %s', (accountStations, probes, yes) =>
    expect(mayRemoveStation({ accountStations, probes })).toBe(yes),
  );
});

describe('mayOfferMerge (spec doc 2 §6)', () => {
  it.each<[string | null, string, boolean]>([
    [null, 'F1000001', true],
    [null, 'G1000001', false],
    ['gari', 'F1000001', false],
    ['haytech', 'F1000001', false],
  ])('%s, %s → %s', (partnerApp, bsId, yes) => expect(mayOfferMerge({ partnerApp, bsId })).toBe(yes));
});

describe('the fleet’s probe stop settings in the data-break rules', () => {
  const H = 3600;
  const none = { accountS: null, storages: new Map<number, number>() };
  it.each<[string, object, number | null, number]>([
    ['the spec’s 4 h without fleet settings', none, null, 4 * H],
    [
      'the fleet default for an account that chose none',
      { ...none, fleet: { defaultS: 6 * H, reportingIntervals: 3 } },
      null,
      6 * H,
    ],
    [
      'the account’s own choice over the fleet default',
      { ...none, accountS: 2 * H, fleet: { defaultS: 6 * H, reportingIntervals: 3 } },
      null,
      2 * H,
    ],
    [
      'the fleet’s intervals lengthen a short delay',
      { ...none, accountS: H, fleet: { defaultS: 4 * H, reportingIntervals: 5 } },
      30 * 60,
      2.5 * H,
    ],
    ['three intervals without fleet settings', { ...none, accountS: H }, 30 * 60, 1.5 * H],
  ])('%s', (_, delays, interval, expected) => {
    const d = delays as Parameters<typeof probeDataBreakDelayS>[0];
    expect(probeDataBreakDelayS(d, { storageId: null, reportingIntervalS: interval })).toBe(expected);
    expect(stationDataBreakDelayS(d, { storageIds: [null], reportingIntervalS: interval })).toBe(expected);
  });
});

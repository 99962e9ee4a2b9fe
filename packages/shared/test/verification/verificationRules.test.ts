import { describe, expect, it } from 'vitest';
import type { RoleContext } from '../../src/domain/roles.js';
import { probeDetailTabs } from '../../src/domain/probeDetailAccess.js';
import { calibrate, calibrationOf, pairReadings } from '../../src/domain/verification/calibration.js';
import {
  hasVerificationEntitlement,
  mayDeleteVerificationIn,
  mayStartAnother,
  stopOutcome,
  verificationReportName,
  verificationState,
} from '../../src/domain/verification/verificationRules.js';
import { insightService, ownerWith, plan } from '../roleFixtures.js';

const NOW = 1_700_000_000;

describe('the verification entitlement (decision 0113)', () => {
  it.each<[string, { admin: boolean; service: { trial: number; expDate: number | null } | null }, boolean]>([
    ['staff without a service', { admin: true, service: null }, true],
    ['no service', { admin: false, service: null }, false],
    ['a running service', { admin: false, service: { trial: 0, expDate: NOW + 1 } }, true],
    ['a service without an end', { admin: false, service: { trial: 0, expDate: null } }, true],
    ['an expired service', { admin: false, service: { trial: 0, expDate: NOW } }, false],
    ['a refused trial', { admin: false, service: { trial: -1, expDate: NOW + 100 } }, false],
    ['a trial', { admin: false, service: { trial: 1, expDate: NOW + 100 } }, true],
  ])('%s → %s', (_name, ctx, expected) => {
    expect(hasVerificationEntitlement({ ...ctx, nowS: NOW })).toBe(expected);
  });

  it('shows the tab only while it lasts', () => {
    const base: RoleContext = ownerWith({ plans: [plan('Premium')] });
    const insight = { ...base, service: { ...insightService, expDate: NOW + 10 } };
    expect(probeDetailTabs(insight, NOW)).toContain('verification');
    expect(probeDetailTabs(insight, NOW + 10)).not.toContain('verification');
    expect(probeDetailTabs(base, NOW)).not.toContain('verification');
    expect(probeDetailTabs({ ...base, admin: true }, NOW)).toEqual([
      'history',
      'data',
      'properties',
      'verification',
      'regularity',
    ]);
  });
});

describe('states and buttons (spec doc 2 §4)', () => {
  it.each<[number | null, string, boolean]>([
    [null, 'ongoing', false],
    [NOW, 'ended', true],
  ])('endDate %s → %s, deletable %s', (endDate, state, deletable) => {
    const s = verificationState({ endDate });
    expect(s).toBe(state);
    expect(mayDeleteVerificationIn(s)).toBe(deletable);
  });

  it.each<[number, string]>([
    [0, 'cancel'],
    [1, 'end'],
    [40, 'end'],
  ])('stopping with %i pairs → %s', (pairs, outcome) => expect(stopOutcome(pairs)).toBe(outcome));

  it.each<[{ endDate: number | null }[], boolean]>([
    [[], true],
    [[{ endDate: NOW }], true],
    [[{ endDate: NOW }, { endDate: null }], false],
  ])('one ongoing at a time: %j → %s', (list, may) => expect(mayStartAnother(list)).toBe(may));

  it('names the report probeID_verification_report_date', () => {
    expect(verificationReportName('10001', NOW)).toBe('10001_verification_report_2023-11-14.pdf');
  });
});

describe('pairing within 600 s and the result (decision 0114)', () => {
  it.each<[string, [number, number][], [number, number][], [number, number][]]>([
    ['nothing to pair', [], [[0, 20]], []],
    [
      'exact times',
      [
        [0, 21],
        [900, 22],
      ],
      [
        [0, 20],
        [900, 21.5],
      ],
      [
        [0, 1],
        [900, 0.5],
      ],
    ],
    [
      '600 s apart pairs, 601 s does not',
      [
        [0, 21],
        [2000, 22],
      ],
      [
        [600, 20],
        [2601, 21],
      ],
      [[0, 1]],
    ],
    [
      'the nearest of two',
      [[1000, 25]],
      [
        [500, 10],
        [1100, 24],
      ],
      [[1000, 1]],
    ],
    [
      'a reference reading is used once',
      [
        [0, 21],
        [10, 22],
      ],
      [[5, 20]],
      [[0, 1]],
    ],
    [
      'unsorted input',
      [
        [900, 22],
        [0, 21],
      ],
      [
        [900, 21.5],
        [0, 20],
      ],
      [
        [0, 1],
        [900, 0.5],
      ],
    ],
  ])('%s', (_name, probe, reference, expected) => {
    const pairs = pairReadings(
      probe.map(([b, h]) => ({ b, h })),
      reference.map(([b, h]) => ({ b, h })),
    );
    expect(pairs.map((p) => [p.b, p.diff])).toEqual(expected);
  });

  it('gives the mean difference, its spread, range and the correction', () => {
    const probe = [20.5, 21.5, 22.4, 23.6].map((h, i) => ({ b: i * 900, h }));
    const reference = [20, 21, 22, 23].map((h, i) => ({ b: i * 900 + 30, h }));
    expect(calibrate(probe, reference)).toEqual({
      pairs: 4,
      meanDiff: 0.5,
      sdDiff: 0.082,
      minDiff: 0.4,
      maxDiff: 0.6,
      correction: -0.5,
    });
  });

  it.each<[number[], number | null, number | null]>([
    [[], null, null],
    [[0.3], null, -0.3],
    [[1.5, 1.5], 0, null],
    [[0, 0], 0, 0],
  ])('diffs %j → sd %s, correction %s', (diffs, sd, correction) => {
    const r = calibrationOf(diffs.map((diff, b) => ({ b, probe: diff, reference: 0, diff })));
    expect(r.sdDiff).toBe(sd);
    expect(r.correction).toBe(correction);
    expect(r.pairs).toBe(diffs.length);
  });
});

import { describe, expect, it } from 'vitest';
import {
  mayDeleteVerification,
  mayRunVerification,
  startProblem,
} from '../../src/features/verification/verification.policy.js';
import { cell, tableOf } from './rows.js';

const MASTER = '403 A master account can view these stations but not change them.';
const DEMO = '403 The demo does not keep verifications.';
const STRANGER = '403 You do not have access to this base station.';
const NEEDS = '403 Verification needs a valid Insight service.';
const OWNER_ONLY = '403 Only the account owner can delete verifications.';
const ONGOING = '400 An ongoing verification cannot be deleted: end it first.';

/** Decision 0113: who starts, ends and deletes a probe's verifications. */
describe('the verification policy', () => {
  it('starts (entitled, not entitled), ends, deletes (ended, ongoing)', () => {
    const row = (w: Parameters<typeof mayRunVerification>[0]) => [
      cell(mayRunVerification(w, { entitled: true, starting: true })),
      cell(mayRunVerification(w, { entitled: false, starting: true })),
      cell(mayRunVerification(w, { entitled: false, starting: false })),
      cell(mayDeleteVerification(w, { ended: true })),
      cell(mayDeleteVerification(w, { ended: false })),
    ];
    const staff = ['yes', 'yes', 'yes', 'yes', ONGOING];
    expect(tableOf(row)).toEqual({
      owner: ['yes', NEEDS, 'yes', 'yes', ONGOING],
      subUser: ['yes', NEEDS, 'yes', OWNER_ONLY, OWNER_ONLY],
      master: [MASTER, MASTER, MASTER, MASTER, MASTER],
      grandMaster: ['yes', NEEDS, 'yes', 'yes', ONGOING],
      masterItself: ['yes', NEEDS, 'yes', 'yes', ONGOING],
      root: staff,
      admin: staff,
      tech: staff,
      sales: staff,
      visitor: [DEMO, DEMO, DEMO, DEMO, DEMO],
      otherAccount: [STRANGER, STRANGER, STRANGER, STRANGER, STRANGER],
    });
  });

  const NOW = 1_800_000_000;
  const ok = {
    probeStation: 'F1',
    namedStation: 'F1',
    refStation: 'F2',
    namedRefStation: 'F2',
    sameProbe: false,
    sameAccount: true,
    ongoing: false,
    startTs: NOW,
    nowS: NOW,
  };
  it.each<[string, Partial<typeof ok>, string]>([
    ['a good start', {}, 'yes'],
    ['another station', { namedStation: 'F9' }, '400 The probe is not on this base station.'],
    ['itself as reference', { sameProbe: true }, '400 The reference probe must be another probe.'],
    [
      'another account’s reference',
      { sameAccount: false },
      '400 The reference probe must be on one of your base stations.',
    ],
    [
      'the reference’s station misnamed',
      { namedRefStation: 'F1' },
      '400 The reference probe is not on this base station.',
    ],
    ['a second ongoing', { ongoing: true }, '400 This probe already has an ongoing verification.'],
    ['a start a minute ahead', { startTs: NOW + 60 }, 'yes'],
    ['a start in the future', { startTs: NOW + 61 }, '400 The start cannot be in the future.'],
    ['30 days back', { startTs: NOW - 30 * 86_400 }, 'yes'],
    ['over 30 days back', { startTs: NOW - 30 * 86_400 - 1 }, '400 The start can be at most 30 days back.'],
  ])('%s', (_name, over, expected) => {
    expect(cell(startProblem({ ...ok, ...over }))).toBe(expected);
  });
});

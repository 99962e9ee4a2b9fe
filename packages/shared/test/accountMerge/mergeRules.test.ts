import { describe, expect, it } from 'vitest';
import {
  MERGE_REFUSALS,
  MERGE_USER_NOT_FOUND,
  mergeErrorText,
  mergeVerdict,
  renumberMonitors,
  type MergeFacts,
  type MergeParty,
} from '../../src/domain/accountMerge/mergeRules.js';

const source: MergeParty = { uid: 1, username: 'hay', partnerApp: null, staffOrSubUser: false };
const target: MergeParty = { uid: 2, username: 'grain', partnerApp: null, staffOrSubUser: false };
const ok: MergeFacts = { bsId: 'F1000001', source, target };

describe('mergeVerdict (spec doc 2 §6, §8)', () => {
  it.each<[string, MergeFacts, ReturnType<typeof mergeVerdict>]>([
    ['two customer accounts, an F station', ok, { status: 0 }],
    ['no such target', { ...ok, target: null }, { status: 1 }],
    [
      'target without a username',
      { ...ok, target: { ...target, username: '' } },
      { status: 2, refusal: 'noUsername' },
    ],
    [
      'target with a blank username',
      { ...ok, target: { ...target, username: '  ' } },
      { status: 2, refusal: 'noUsername' },
    ],
    ['the same account', { ...ok, target: source }, { status: 2, refusal: 'same' }],
    ['station id not starting with F', { ...ok, bsId: 'G1000001' }, { status: 2, refusal: 'notOffered' }],
    [
      'a Gari source',
      { ...ok, source: { ...source, partnerApp: 'gari' } },
      { status: 2, refusal: 'notOffered' },
    ],
    [
      'a Haytech source',
      { ...ok, source: { ...source, partnerApp: 'haytech' } },
      { status: 2, refusal: 'notOffered' },
    ],
    [
      'a Haytech target',
      { ...ok, target: { ...target, partnerApp: 'haytech' } },
      { status: 2, refusal: 'targetPartner' },
    ],
    [
      'a staff or sub-user target',
      { ...ok, target: { ...target, staffOrSubUser: true } },
      { status: 2, refusal: 'notCustomer' },
    ],
    [
      'a staff or sub-user source',
      { ...ok, source: { ...source, staffOrSubUser: true } },
      { status: 2, refusal: 'notCustomer' },
    ],
    // The source's rule first: a G station is refused whether or not the target exists.
    ['G station and no target', { ...ok, bsId: 'G1', target: null }, { status: 2, refusal: 'notOffered' }],
  ])('%s', (_, facts, verdict) => expect(mergeVerdict(facts)).toEqual(verdict));
});

describe('mergeErrorText (spec doc 2 §8)', () => {
  it.each<[number, string, string]>([
    [1, 'anything', MERGE_USER_NOT_FOUND],
    [2, MERGE_REFUSALS.noUsername, 'The target account is incomplete (no username)'],
    [403, 'Forbidden', 'Error in account merge with status 403: Forbidden'],
    [500, 'Boom', 'Error in account merge with status 500: Boom'],
  ])('status %i', (status, error, text) => expect(mergeErrorText(status, error)).toBe(text));
});

describe('renumberMonitors', () => {
  it.each<[string, number[], number[], [number, number][]]>([
    [
      'no clash keeps the numbers',
      [1, 2],
      [3, 4],
      [
        [3, 3],
        [4, 4],
      ],
    ],
    [
      'a clash takes the next free number above both',
      [1, 2],
      [2, 5],
      [
        [2, 6],
        [5, 5],
      ],
    ],
    [
      'every clash in ascending order',
      [1, 2, 3],
      [3, 1, 2],
      [
        [1, 4],
        [2, 5],
        [3, 6],
      ],
    ],
    [
      'an empty target keeps all',
      [],
      [7, 1],
      [
        [1, 1],
        [7, 7],
      ],
    ],
    ['nothing to move', [1], [], []],
  ])('%s', (_, t, s, expected) => {
    const map = renumberMonitors(t, s);
    expect([...map].sort((a, b) => a[0] - b[0])).toEqual(expected);
    // No moved monitor lands on a target's number or on another moved one.
    const landed = [...map.values()];
    expect(new Set(landed).size).toBe(landed.length);
    for (const n of landed) expect(t).not.toContain(n);
  });
});

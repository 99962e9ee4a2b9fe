import { describe, expect, it } from 'vitest';
import { listsEveryStation } from '../../src/features/base-stations/baseStations.policy.js';
import { tableOf } from './rows.js';

/** Spec doc 3 §6: staff naming no account see every station; everyone else the account's they may see. */
describe('the base stations policy', () => {
  it('lists every station for staff who name no account, and only then', () => {
    const row = (w: Parameters<typeof listsEveryStation>[0]) => [
      listsEveryStation(w, { uid: undefined }),
      listsEveryStation(w, { uid: 42 }),
    ];
    expect(tableOf(row)).toEqual({
      owner: [false, false],
      subUser: [false, false],
      master: [false, false],
      grandMaster: [false, false],
      masterItself: [false, false],
      root: [true, false],
      admin: [true, false],
      tech: [true, false],
      sales: [true, false],
      visitor: [false, false],
      otherAccount: [false, false],
    });
  });
});

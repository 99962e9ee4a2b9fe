import { describe, expect, it } from 'vitest';
import { mayOpenSiteIndex, watchedAccounts } from '../../src/features/site-index/siteIndex.policy.js';
import { cell, tableOf } from './rows.js';

const NO = '403 The site index is for master users and for accounts with several base stations.';

/** Spec doc 1 §2, doc 3 §6: the site index is for masters, or the siteindex flag with several stations. */
describe('the site-index policy', () => {
  it('opens for masters, and for an account with the flag and more than one station', () => {
    const row = (w: Parameters<typeof mayOpenSiteIndex>[0]) => [
      cell(mayOpenSiteIndex(w, { siteindex: false, stations: 0 })),
      cell(mayOpenSiteIndex(w, { siteindex: true, stations: 1 })),
      cell(mayOpenSiteIndex(w, { siteindex: true, stations: 2 })),
      cell(mayOpenSiteIndex(w, { siteindex: false, stations: 5 })),
    ];
    const flagged = [NO, NO, 'yes', NO];
    const master = ['yes', 'yes', 'yes', 'yes'];
    expect(tableOf(row)).toEqual({
      owner: flagged,
      subUser: flagged,
      master,
      grandMaster: master,
      masterItself: master,
      root: flagged,
      admin: flagged,
      tech: flagged,
      sales: flagged,
      visitor: flagged,
      otherAccount: flagged,
    });
  });

  it("lists a master's every visible account, and everyone else's own account", () => {
    const actor = { accountId: 7, accountIds: [7, 11, 12] };
    const own = [7];
    const all = [7, 11, 12];
    expect(tableOf((w) => watchedAccounts(w, actor))).toEqual({
      owner: own,
      subUser: own,
      master: all,
      grandMaster: all,
      masterItself: all,
      root: own,
      admin: own,
      tech: own,
      sales: own,
      visitor: own,
      otherAccount: own,
    });
  });
});

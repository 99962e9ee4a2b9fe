import { maySeeSiteIndex } from '@emberwatch/shared/domain/siteIndex';
import { refuse, type Verdict, type Who } from '../../http/access/index.js';

/**
 * Who opens the site index (spec doc 1 §2 "siteindex: master users, or users with a siteindex flag and
 * more than one base station", doc 3 §6; the shared `maySeeSiteIndex`, which the side menu runs too):
 * a master (its authorised farms), or the owner and sub-users of an account with the flag and several
 * stations (its own). Staff get no site index of their own: they open a master's in its session.
 * `account` is the caller's own account. Pure; its table is apps/server/test/policies/siteIndex.policy.test.ts.
 */
export function mayOpenSiteIndex(who: Who, account: { siteindex: boolean; stations: number }): Verdict {
  return maySeeSiteIndex({ master: who.master, siteindex: account.siteindex, bsCount: account.stations })
    ? true
    : refuse('The site index is for master users and for accounts with several base stations.');
}

/** The accounts whose sites the index lists: a master's every visible account, else the caller's own. */
export function watchedAccounts(
  who: Who,
  actor: { accountId: number; accountIds: readonly number[] },
): number[] {
  return who.master ? [...actor.accountIds] : [actor.accountId];
}

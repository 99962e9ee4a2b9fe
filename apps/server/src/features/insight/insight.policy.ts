import { refuse, type Verdict, type Who } from '../../http/access/index.js';

/**
 * Who may change an account's Insight service and move the account (spec doc 1 §2, §7, §9;
 * decision 0051): its owner or staff; sub-users and masters only look. Pure; its table is
 * apps/server/test/policies/insight.policy.test.ts.
 */
const ownerOrStaff = (who: Who) => who.relation === 'owner' || who.staff !== null;

export function mayChangeInsight(who: Who): Verdict {
  return ownerOrStaff(who) ? true : refuse('Only the account owner can change its Insight service.');
}

export function mayMoveAccount(who: Who): Verdict {
  return ownerOrStaff(who) ? true : refuse('Only the account owner can move the account.');
}

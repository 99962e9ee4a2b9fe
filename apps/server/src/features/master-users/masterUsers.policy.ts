import { refuse, type Verdict, type Who } from '../../http/access/index.js';

/**
 * Who may change a master user's own account (decision 0104): the master itself, on its own account
 * (saveMasterUser, removeMasterUser, stopWatchingAccount). Not staff (a master's account is its own:
 * staff reach it through the operator's tools), not a farm's people. Pure; its table is
 * apps/server/test/policies/masterUsers.policy.test.ts.
 */
export function mayManageMasterAccount(who: Who): Verdict {
  return who.master && who.relation === 'owner' && !who.subUser
    ? true
    : refuse('Only a master user can change its master account.');
}

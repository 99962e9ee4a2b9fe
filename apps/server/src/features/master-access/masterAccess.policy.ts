import { refuse, type Verdict, type Who } from '../../http/access/index.js';

/**
 * Who may grant master accounts access to a farm (spec doc 1 §7 authorizeMasterUsers; decision
 * 0044): its owner, or staff acting for it. A sub-user (a farm hand) may not hand the farm's data to
 * another company, and a master cannot grant itself. Pure; its table is
 * apps/server/test/policies/masterAccess.policy.test.ts.
 */
export function mayGrantMasters(who: Who): Verdict {
  return who.relation === 'owner' || who.staff !== null
    ? true
    : refuse('Only the account owner can grant access to master accounts.');
}

import { refuse, type Verdict, type Who } from '../../http/access/index.js';

/**
 * Who orders extra services for an account (decision 0108): what the account pays for is its owner's
 * (as payments are, decision 0056), and staff may order for a customer. Not a sub-user, not a master
 * or grand master (spec doc 3 §6 grants them sites, storages and monitors, not what the farm buys),
 * not the demo visitor. Pure; its table is apps/server/test/policies/services.policy.test.ts.
 */
export function mayOrderServices(who: Who): Verdict {
  if (who.staff !== null) return true;
  if (who.relation === 'owner' && !who.master && !who.visitor) return true;
  return refuse('Only the account owner orders services.');
}

import { mayActivateKits } from '@emberwatch/shared/domain/activation/activationRules';
import { invalid, refuse, type Verdict, type Who } from '../../http/access/index.js';

/**
 * Who may activate a kit into which account (spec doc 1 §7, doc 2 §6; decision 0074). Pure; its
 * table is apps/server/test/policies/activation.policy.test.ts. The owner activates into its own
 * account; staff into a customer's, which they must name; sub-users and masters never; the public
 * demo login claims nothing (demo mode makes no server changes for non-staff).
 *
 * `named`: whom the call's UID names: `nobody`, the caller `itself`, or `another` user.
 */
export function mayActivateFor(who: Who, named: 'nobody' | 'itself' | 'another'): Verdict {
  if (!mayActivateKits({ admin: who.staff !== null, master: who.master, subUser: who.subUser }))
    return refuse('Only the account owner can activate base stations and probes.');
  if (who.staff === null) {
    if (who.visitor) return refuse('A demo account cannot activate kits.');
    if (named === 'another') return refuse('You do not have access to this account.');
    return true;
  }
  if (named === 'nobody') return invalid('Choose the account the kit is activated for.', 'UID');
  return true;
}

/** The account staff name: a customer's (its owner), never a sub-user, a master or staff. */
export function mayReceiveKits(account: { subUser: boolean; master: boolean; staff: boolean }): Verdict {
  return account.subUser || account.master || account.staff
    ? invalid('Kits are activated into a customer account (its owner).', 'UID')
    : true;
}

/** A probe set goes to a station of the account; another's and none at all get the same answer. */
export function mayPutProbesOn(station: { ownerId: number } | undefined, accountId: number): Verdict {
  return station !== undefined && station.ownerId === accountId ? true : refuse();
}

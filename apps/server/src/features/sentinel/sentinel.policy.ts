import { invalid, refuse, whoIs, type Actor, type Verdict, type Who } from '../../http/access/index.js';
import { OPERATOR_TOOLS, staffMay } from '@emberwatch/shared/domain/operatorTools';

/**
 * Who may do what with an account's Sentinel target (decision 0046; spec doc 3 §6). Pure; its table
 * is apps/server/test/policies/sentinel.policy.test.ts.
 *
 * - The account's owner sees the target (siteID, url), gets the signing secret once, rotates it and
 *   runs the test call.
 * - Staff set and remove targets (the spec has no screen for it: it is the operator's part of
 *   connecting a farm to its alarm centre), see them, rotate a secret for the owner and test —
 *   but never see a secret: it reaches the owner only.
 * - A grand master the account authorised "can do all of the above" (spec doc 3 §6), the test
 *   included; a master who is not a grand master has it hidden, and is refused here too.
 * - The owner may also set, change and remove the target himself on the Alert channels page
 *   (decision 0072): where his farm's alarms go is his to say, the URL passes the same SSRF guard,
 *   and the secret is his anyway. `set` stays the admin's call (/admin/setSentinelAlerts);
 *   `configure` is the page's (/client/setSentinelTarget).
 * - A sub-user (a farm hand) may run the test: he may switch a storage's Sentinel alerts on (he edits
 *   storages, decision 0019), and the spec hides the test only from read-only masters. Where the
 *   farm's alarms go, and the secret, stay the owner's: he neither reads nor rotates them.
 * - The public demo login shares one account among strangers: none of them may point its alarms
 *   somewhere (decision 0072); staff may.
 */
export interface SentinelRights {
  read: boolean;
  rotate: boolean;
  test: boolean;
  /** The admin's call, for any account. */
  set: boolean;
  /** The page's call: the owner for his own account, or staff for it. */
  configure: boolean;
  /** The secret may be shown to this caller (once). */
  seeSecret: boolean;
}

/** `who`: the caller towards the account the target is for. */
export function sentinelRights(who: Who): SentinelRights {
  const owner = who.relation === 'owner';
  const staff = who.staff !== null;
  const grandMaster = who.relation === 'master' && who.grandMaster;
  const subUser = who.relation === 'subUser';
  return {
    read: owner || staff,
    rotate: owner || staff,
    test: owner || staff || grandMaster || subUser,
    set: staffMay(who.staff, 'sentinelTargets'),
    configure: owner || staff,
    seeSecret: owner,
  };
}

const REFUSALS: Record<Exclude<keyof SentinelRights, 'seeSecret'>, string> = {
  set: OPERATOR_TOOLS.sentinelTargets.refusal,
  configure: "Only the account owner can set the account's Sentinel target.",
  read: "Only the account owner can use the account's Sentinel connection.",
  rotate: "Only the account owner can use the account's Sentinel connection.",
  test: "Only the account owner can use the account's Sentinel connection.",
};

/**
 * Whether the caller may do `need` with the target of this account (the user the call names: a
 * sub-user has no target of its own, 400 once the caller may ask at all).
 */
export function maySentinel(
  who: Who,
  need: Exclude<keyof SentinelRights, 'seeSecret'>,
  account: { subUser: boolean; demo: boolean },
): Verdict {
  if (!sentinelRights(who)[need]) return refuse(REFUSALS[need]);
  if (account.subUser) return invalid('A sub-user has no Sentinel target of its own.', 'UID');
  if (need === 'configure' && account.demo && who.staff === null)
    return refuse("A demo account's Sentinel connection cannot be changed.");
  return true;
}

/** The rights of this caller for this account: what the Alert channels page shows. */
export function sentinelRightsOfActor(actor: Actor, accountId: number): SentinelRights {
  return sentinelRights(whoIs(actor, accountId));
}

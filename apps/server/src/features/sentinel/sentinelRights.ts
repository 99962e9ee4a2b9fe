/**
 * Who may do what with an account's Sentinel target (decision 0046; spec doc 3 §6). Pure.
 *
 * - The account's owner sees the target (siteID, url), gets the signing secret once, rotates it and
 *   runs the test call.
 * - An admin sets and removes targets (the spec has no screen for it: it is the operator's part of
 *   connecting a farm to its alarm centre), sees them, rotates a secret for the owner and tests —
 *   but never sees a secret: it reaches the owner only.
 * - A grand master the account authorised "can do all of the above" (spec doc 3 §6), the test
 *   included; a master who is not a grand master has it hidden, and is refused here too.
 * - The owner may also set, change and remove the target himself on the Alert channels page
 *   (decision 0072): where his farm's alarms go is his to say, the URL passes the same SSRF guard,
 *   and the secret is his anyway. `set` stays the admin's call (/admin/setSentinelAlerts);
 *   `configure` is the page's (/client/setSentinelTarget).
 * - A sub-user (a farm hand) may run the test: he may switch a storage's Sentinel alerts on (he edits
 *   storages, decision 0019), and the spec hides the test only from read-only masters. Where the
 *   farm's alarms go, and the secret, stay the owner's: he neither reads nor rotates them.
 */
export interface SentinelCaller {
  userId: number;
  isAdmin: boolean;
  master: boolean;
  grandMaster: boolean;
  /** Set for a sub-user. */
  mainUserId: number | null;
  /** Accounts the caller may see (its own, and those that authorised it as a master). */
  accountIds: readonly number[];
}

export interface SentinelRights {
  read: boolean;
  rotate: boolean;
  test: boolean;
  /** The admin's call, for any account. */
  set: boolean;
  /** The page's call: the owner for his own account, or an admin for it. */
  configure: boolean;
  /** The secret may be shown to this caller (once). */
  seeSecret: boolean;
}

export function sentinelRightsOf(caller: SentinelCaller, accountId: number): SentinelRights {
  const owner = caller.userId === accountId && caller.mainUserId === null;
  const grandMaster =
    caller.master &&
    caller.grandMaster &&
    caller.userId !== accountId &&
    caller.accountIds.includes(accountId);
  const subUser = caller.mainUserId === accountId;
  return {
    read: owner || caller.isAdmin,
    rotate: owner || caller.isAdmin,
    test: owner || caller.isAdmin || grandMaster || subUser,
    set: caller.isAdmin,
    configure: owner || caller.isAdmin,
    seeSecret: owner,
  };
}

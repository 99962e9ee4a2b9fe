import { staffLevelOf, type StaffLevel } from '@emberwatch/shared/domain/operatorTools';
import type { Actor } from './AccessService.js';

/**
 * How a caller stands to the account a call is about: the row key of every feature's policy
 * (`features/<feature>/<feature>.policy.ts`). A policy is a pure function of a `Who` and the facts of
 * the thing asked about, so its table test names each role as a row: the owner, a sub-user, a master
 * or grand master the account authorised, each staff level, the demo visitor and another account.
 * A new role (an operator-console level, an advisor) is a new row here and in the tables, not a new
 * kind of check.
 */
export interface Who {
  /**
   * The caller's place in the account (its main user): its `owner` (a master's own account included),
   * one of its `subUser`s, a `master` it authorised, or a `stranger` (staff acting for a customer too).
   */
  relation: 'owner' | 'subUser' | 'master' | 'stranger';
  /** The caller's staff level (Root, Admin, Tech, Sales); null for everyone who is not staff. */
  staff: StaffLevel | null;
  /**
   * The caller's flags, on whichever account (its own included): a master, and a grand master (the
   * grand master's rights need the master flag and the account's authorisation, relation `master`).
   */
  master: boolean;
  grandMaster: boolean;
  /** The caller is a sub-user, of whichever account. */
  subUser: boolean;
  /** The caller logs in to a demo-mode account: the public visitor login (or one of its users). */
  visitor: boolean;
}

/** The caller as the policies see it, for one account (the id of its main user). */
export function whoIs(actor: Actor, accountId: number): Who {
  const u = actor.user;
  const relation: Who['relation'] =
    u.id === accountId && u.main_user_id === null
      ? 'owner'
      : u.main_user_id === accountId
        ? 'subUser'
        : u.master === 1 && actor.accountIds.includes(accountId)
          ? 'master'
          : 'stranger';
  return {
    relation,
    staff: actor.isAdmin ? staffLevelOf(u.admin_group) : null,
    master: u.master === 1,
    grandMaster: u.grand_master === 1,
    subUser: u.main_user_id !== null,
    visitor: u.demo === 1,
  };
}

/** The caller as the policies see it for its own account (rules about the caller, not an account). */
export function whoAmI(actor: Actor): Who {
  return whoIs(actor, actor.accountId);
}

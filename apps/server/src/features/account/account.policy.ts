import type { Plan, Service } from '@emberwatch/shared/contracts/users';
import { hasInsightService, isPremiumActive } from '@emberwatch/shared/domain/roles';
import { invalid, refuse, type Verdict, type Who } from '../../http/access/index.js';

/**
 * Who may do what in the account area (spec doc 2 §2.8, §6; decisions 0014, 0036). Pure: `who` is
 * the caller's standing towards the account the call is about (AccessService.accountScope), which
 * the caller may see already. apps/server/test/policies/account.policy.test.ts is its table.
 */

/** Its owner (a master's own account included) or staff; sub-users, masters and grand masters only look. */
export function mayEditAccount(who: Who): Verdict {
  return who.relation === 'owner' || who.staff !== null
    ? true
    : refuse('Only the account owner can change the account.');
}

/** Spec doc 2 §6: masters cannot resend SMS (their phone is confirmed in the master registration). */
export function maySendPhoneCode(who: Who): Verdict {
  return who.master && who.staff === null
    ? refuse('Master users confirm their phone in the master registration.')
    : true;
}

/** Spec doc 2 §6: staff have no resend restriction; everyone else waits between codes. */
export function waitsBetweenPhoneCodes(who: Who): boolean {
  return who.staff === null;
}

/** Spec doc 2 §7 "plus username for admin": staff confirm a customer's phone; others their own. */
export function mayConfirmAnothersPhone(who: Who): Verdict {
  return who.staff !== null ? true : refuse('You may only confirm your own phone.');
}

/**
 * A new phone number is confirmed with an SMS code; staff acting for a customer may set it (it then
 * shows unconfirmed), as support does on the phone.
 */
export function maySetPhoneWithoutCode(who: Who): Verdict {
  return who.staff !== null
    ? true
    : invalid('A new phone number is confirmed with an SMS code (changeUserPhone).', 'phone');
}

/** Only staff set another user's password (asked before the user is looked up: no probing for ids). */
export function maySetAnothersPassword(who: Who): Verdict {
  return who.staff !== null ? true : refuse("Only admins can set another user's password.");
}

/** A staff member's own password is changed by that staff member, never by a colleague. */
export function mayHavePasswordSetByStaff(user: { admin: boolean }): Verdict {
  return user.admin ? refuse("An admin's password is changed by that admin.") : true;
}

/** The demo logins are shared: their passwords stay as published. */
export function mayChangePasswordOf(user: { demo: boolean }): Verdict {
  return user.demo ? refuse('The password cannot be changed in demo mode.') : true;
}

/** Spec doc 2 §2.8: a master has a page of its own. */
export function mayOpenMasterPage(who: Who): Verdict {
  return who.master ? true : refuse('Only master users have a master page.');
}

/** Spec doc 2 §6: sub-users only with the Insight service or a non-expired premium plan. */
export function subUsersEntitled(account: { plans: Plan[]; service: Service | null }): boolean {
  return hasInsightService(account) || isPremiumActive(account);
}

export function mayAddSubUsers(account: { plans: Plan[]; service: Service | null }): Verdict {
  return subUsersEntitled(account) ? true : refuse('Users come with the Insight service or a premium plan.');
}

/** A sub-user is changed through its own account only; an unknown id gets the same answer. */
export function maySubUserBeChanged(
  sub: { mainUserId: number | null } | undefined,
  accountId: number,
): Verdict {
  return sub !== undefined && sub.mainUserId === accountId
    ? true
    : refuse('This user is not a sub-user of the account.');
}

/**
 * Who pays for an account (decision 0056; docs/roles.md): its owner for its own account, staff for a
 * customer's. A sub-user (a farm hand) and a master (who sees farms, not their bills) pay for none.
 * The server's payments policy refuses with it; the web app asks it before it asks the server what is
 * on offer, so that a farm hand or an advisor opening a renewal link is told why, not sent a 403.
 */

/** Why the caller may not pay: it names another account, or is a sub-user, or a master. */
export type PayRefusal = 'otherAccount' | 'subUser' | 'master';

export interface Payer {
  /** Staff (any level): acts for a customer. */
  staff: boolean;
  subUser: boolean;
  master: boolean;
  grandMaster: boolean;
}

/** null when the caller may pay; `namesAnother`: the account is not the caller's own. */
export function payRefusal(who: Payer, namesAnother: boolean): PayRefusal | null {
  if (namesAnother) return who.staff ? null : 'otherAccount';
  if (who.subUser) return 'subUser';
  if (who.master || who.grandMaster) return 'master';
  return null;
}

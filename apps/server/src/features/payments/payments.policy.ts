import { payRefusal, type PayRefusal } from '@emberwatch/shared/domain/payments/payRefusal';
import { refuse, type Verdict, type Who } from '../../http/access/index.js';

/**
 * Who pays for an account (decision 0056; docs/roles.md): the rule is shared with the web app
 * (`payRefusal`), the texts are the server's. Pure; its table is
 * apps/server/test/policies/payments.policy.test.ts.
 */
const REFUSALS: Record<PayRefusal, string> = {
  otherAccount: 'You may pay only for your own account.',
  subUser: 'Only the account owner can pay for renewals.',
  master: 'A master account pays no renewals; each farm renews its own.',
};

/**
 * `namesAnother`: the call names a user other than the caller (staff acting for a customer); asked
 * before that user is looked up, so nobody learns which ids exist.
 */
export function mayPayFor(who: Who, namesAnother: boolean): Verdict {
  const refusal = payRefusal({ ...who, staff: who.staff !== null }, namesAnother);
  return refusal === null ? true : refuse(REFUSALS[refusal]);
}

/** Staff confirming a payment or reading an invoice act for the account the order is for. */
export function actsForOrdersAccount(who: Who): boolean {
  return who.staff !== null;
}

/** A payment or an invoice is its account's only; the caller's account is the payer's. */
export function mayUseOrder(
  payerId: number,
  order: { accountId: number; kind: 'payment' | 'invoice' },
): Verdict {
  return payerId === order.accountId ? true : refuse(`This ${order.kind} is not for your account.`);
}

/** A SIM renewal names a station of the paying account; any other gets the station message. */
export function mayRenewSimOf(sim: object | undefined): Verdict {
  return sim === undefined ? refuse() : true;
}

import { invalid, refuse, type Verdict, type Who } from '../../http/access/index.js';

export const NOT_HAY_APP = 'This activation is for Haytech app accounts.';
export const NOT_HAY_APP_ACCOUNT = 'This account is not a Haytech app account.';

/**
 * Who may use the Haytech app's activations (spec doc 1 §7 /activateHaytechAppBS,
 * /activateHaytechAppProbeset; decision 0117). Pure; its table is
 * apps/server/test/policies/partnerApps.policy.test.ts. These calls are the partner app's door, so
 * only a hay-app account passes (its people; the activation feature then lets only the owner claim).
 * Staff name a hay-app customer by UID. Everyone else uses the app's own activation (activateKit).
 *
 * `account`: the account the call is about (the caller's own, or the one staff named), `named`:
 * whether the call named it by UID.
 */
export function mayActivateUnderHaytechApp(
  who: Who,
  account: { partnerApp: string | null },
  named: boolean,
): Verdict {
  if (who.staff !== null) {
    if (!named) return invalid('Choose the account the kit is activated for.', 'UID');
    return account.partnerApp === 'haytech' ? true : invalid(NOT_HAY_APP_ACCOUNT, 'UID');
  }
  return account.partnerApp === 'haytech' ? true : refuse(NOT_HAY_APP);
}

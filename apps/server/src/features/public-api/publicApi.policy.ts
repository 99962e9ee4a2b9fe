import type { ApiKeyScope } from '@emberwatch/shared/contracts/publicApiKeys';
import { scopeAllows } from '@emberwatch/shared/domain/publicApi/apiKeyRights';
import type { PublicApiErrorCode } from '@emberwatch/shared/domain/publicApi/publicApiErrors';
import { refuse, type Verdict, type Who } from '../../http/access/index.js';

/**
 * Who manages an account's API keys, and whether a key may make a call (decisions 0109, 0110). Pure;
 * the table is apps/server/test/policies/publicApi.policy.test.ts.
 *
 * Keys act for the whole account, activations included, so only its owner makes, renames, revokes
 * and rotates them: not its users, not a master, not staff, not the demo visitor.
 */
export function mayManageKeys(who: Who): Verdict {
  if (who.visitor) return refuse('A demo account has no API keys.');
  if (who.relation !== 'owner' || who.staff !== null || who.master)
    return refuse('Only the account owner can manage API keys.');
  return true;
}

/** What the key check needs of a key and its account. */
export interface KeyFacts {
  revoked: boolean;
  scope: ApiKeyScope;
  /** The account's API plan due date (epoch s); null: no plan. */
  planDue: number | null;
}

/** A refused key call: its HTTP status, stable code and words. */
export interface KeyRefusal {
  http: number;
  code: PublicApiErrorCode;
  reason: string;
}

/**
 * Whether a found key (its secret matched) may make a call needing `needed` now: revoked first, then
 * the plan (none, or past due: decision 0110), then the scope.
 */
export function keyMayCall(key: KeyFacts, needed: ApiKeyScope, nowS: number): true | KeyRefusal {
  if (key.revoked) return { http: 401, code: 'key_revoked', reason: 'This API key was revoked.' };
  if (key.planDue === null)
    return { http: 402, code: 'api_plan_missing', reason: 'This account has no API plan.' };
  if (key.planDue <= nowS)
    return {
      http: 402,
      code: 'api_plan_expired',
      reason: 'The account’s API plan has expired. Renew it on the account page.',
    };
  if (!scopeAllows(key.scope, needed))
    return {
      http: 403,
      code: 'scope_required',
      reason: 'This API key is read-only: the v2 calls need a key with the activate scope.',
    };
  return true;
}

/** Whether the plan lets the account's keys work now (the keys screen shows it). */
export function planActive(planDue: number | null, nowS: number): boolean {
  return planDue !== null && planDue > nowS;
}

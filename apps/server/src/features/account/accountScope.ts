import { hasInsightService, isPremiumActive } from '@emberwatch/shared/domain/roles';
import { ApiError } from '../../http/ApiError.js';
import { presentPlans, presentService, type UserRow } from '../users/index.js';
import type { AccessService, Actor } from '../../http/access/index.js';
import type { AccountRepository } from './account.repository.js';

/** The user a call is about, the account (main user) it belongs to, and what the caller may do there. */
export interface AccountScope {
  target: UserRow;
  account: UserRow;
  /** Its owner or an admin; sub-users, masters and grand masters only look (decision 0014). */
  mayEdit: boolean;
}

export class AccountScopes {
  constructor(
    private readonly access: AccessService,
    private readonly repo: AccountRepository,
    private readonly nowS: () => number,
  ) {}

  async scopeOf(actor: Actor, uid: number | undefined): Promise<AccountScope> {
    const target = await this.access.targetAccount(actor, uid);
    const account =
      target.main_user_id === null ? target : ((await this.repo.findUser(target.main_user_id)) ?? target);
    return { target, account, mayEdit: actor.isAdmin || actor.user.id === account.id };
  }

  /** The scope of a change: refused (403, nothing changed) unless the caller owns the account or is an admin. */
  async editable(actor: Actor, uid: number | undefined): Promise<AccountScope> {
    const scope = await this.scopeOf(actor, uid);
    if (!scope.mayEdit) throw ApiError.forbidden('Only the account owner can change the account.');
    return scope;
  }

  /** Spec doc 2 §6: sub-users only with the Insight service or a non-expired premium plan. */
  entitledToSubUsers(account: UserRow): boolean {
    const ctx = { plans: presentPlans(account, this.nowS()), service: presentService(account) };
    return hasInsightService(ctx) || isPremiumActive(ctx);
  }
}

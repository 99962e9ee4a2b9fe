import type { AuthorizeMasterUsersRequest } from '@emberwatch/shared/contracts/masterAccess';
import { ApiError } from '../../http/ApiError.js';
import { enforce, type AccessService, type Actor } from '../../http/access/index.js';
import { mayGrantMasters } from './masterAccess.policy.js';
import type { MasterAccessRepository } from './masterAccess.repository.js';

/**
 * Granting master accounts access to a farm (spec doc 1 §7 authorizeMasterUsers; decision 0044).
 * Only the account's owner may, or an admin acting for the account: a sub-user (a farm hand) may
 * not hand the farm's data to another company, and a master cannot grant itself.
 */
export class MasterAccessService {
  constructor(
    private readonly repo: MasterAccessRepository,
    private readonly access: AccessService,
  ) {}

  async authorize(actor: Actor, req: AuthorizeMasterUsersRequest): Promise<void> {
    const { target: account, who } = await this.access.accountScope(actor, req.UID);
    enforce(mayGrantMasters(who));
    if (account.main_user_id !== null)
      throw ApiError.invalid('A sub-user has no requests of its own.', 'UID');
    const granted = await this.repo.grant(account.id, req.authMasters);
    if (granted < 0) throw ApiError.invalid('There is no such request for this account.', 'authMasters');
  }
}

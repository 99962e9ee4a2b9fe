import type {
  AccountMaster,
  AuthorizeMasterUsersRequest,
  WithdrawMasterUsersRequest,
} from '@emberwatch/shared/contracts/masterAccess';
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
    private readonly nowS: () => number,
  ) {}

  async authorize(actor: Actor, req: AuthorizeMasterUsersRequest): Promise<void> {
    const { target: account, who } = await this.access.accountScope(actor, req.UID);
    enforce(mayGrantMasters(who));
    if (account.main_user_id !== null)
      throw ApiError.invalid('A sub-user has no requests of its own.', 'UID');
    const granted = await this.repo.grant(account.id, req.authMasters);
    if (granted < 0) throw ApiError.invalid('There is no such request for this account.', 'authMasters');
  }

  /** The account's masters (decision 0104): who can watch it or asked to. */
  async masters(actor: Actor, uid: number | undefined): Promise<AccountMaster[]> {
    const account = await this.ownerAccount(actor, uid);
    const rows = await this.repo.mastersOf(account.id);
    return rows.map((r) => ({
      id: r.id,
      username: r.username,
      name: nameOf(r),
      authorized: r.authorized === 1,
      grandMaster: r.grand_master === 1,
      since: r.created_ts,
    }));
  }

  /** Spec doc 2 §7 "get master user by username": for the owner who would invite him. */
  async masterByUsername(
    actor: Actor,
    q: { UID?: number | undefined; username: string },
  ): Promise<{ username: string; name: string; grandMaster: boolean }> {
    await this.ownerAccount(actor, q.UID);
    const m = await this.repo.masterByUsername(q.username);
    if (!m) throw noSuchMaster();
    return { username: m.username, name: nameOf(m), grandMaster: m.grand_master === 1 };
  }

  /** The owner invites a master: a request as a master's own, granted with authorizeMasterUsers. */
  async invite(actor: Actor, req: { UID?: number | undefined; username: string }): Promise<number> {
    const account = await this.ownerAccount(actor, req.UID);
    const m = await this.repo.masterByUsername(req.username);
    if (!m) throw noSuchMaster();
    if (m.id === account.id) throw ApiError.invalid('A master cannot watch its own account.', 'username');
    return this.repo.request(m.id, account.id, this.nowS());
  }

  /** The owner withdraws masters' access (or refuses their requests); they see the farm no more. */
  async withdraw(actor: Actor, req: WithdrawMasterUsersRequest): Promise<void> {
    const account = await this.ownerAccount(actor, req.UID);
    // An id of another account's and one that does not exist are refused alike, nothing removed.
    if ((await this.repo.withdraw(account.id, req.masters)) < 0)
      throw ApiError.forbidden('There is no such master for this account.');
  }

  /** The owner's account, when the caller may grant its masters (masterAccess.policy.ts). */
  private async ownerAccount(actor: Actor, uid: number | undefined) {
    const { target: account, who } = await this.access.accountScope(actor, uid);
    enforce(mayGrantMasters(who));
    if (account.main_user_id !== null) throw ApiError.invalid('A sub-user has no masters of its own.', 'UID');
    return account;
  }
}

const noSuchMaster = () => new ApiError(404, 'No master user with this username.', 404, 'username');

function nameOf(u: { username: string; firstname: string | null; lastname: string | null }): string {
  return [u.firstname, u.lastname].filter((p) => p && p.trim()).join(' ') || u.username;
}

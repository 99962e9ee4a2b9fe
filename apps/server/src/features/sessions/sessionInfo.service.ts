import type { UiPreferences } from '@emberwatch/shared/contracts/preferences';
import type { SessionInfo } from '@emberwatch/shared/contracts/session';
import { presentSessionInfo, type UserRepository } from '../users/index.js';
import type { AccessService, Actor } from '../../http/access/index.js';

/** GET /client/getSessionInfo: who is logged in, the accounts they work with and their preferences. */
export class SessionInfoService {
  constructor(
    private readonly users: Pick<UserRepository, 'findManyByIds'>,
    private readonly access: Pick<AccessService, 'visibleStationIds'>,
    private readonly preferences: { get(userId: number): Promise<UiPreferences> },
  ) {}

  async info(actor: Actor): Promise<SessionInfo> {
    const accounts = await this.users.findManyByIds(actor.accountIds);
    const ordered = [actor.user, ...accounts.filter((a) => a.id !== actor.user.id)];
    const info = presentSessionInfo({
      user: actor.user,
      accounts: ordered,
      bsIds: await this.access.visibleStationIds(actor),
      prefs: await this.preferences.get(actor.user.id),
    });
    // In a customer's session opened by a staff member (loginAdmin, decision 0099) the spec's
    // admin_username names that member: the web app shows the banner by it.
    return actor.actingStaff ? { ...info, admin_username: actor.actingStaff.username } : info;
  }
}

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
    return presentSessionInfo({
      user: actor.user,
      accounts: ordered,
      bsIds: await this.access.visibleStationIds(actor),
      prefs: await this.preferences.get(actor.user.id),
    });
  }
}

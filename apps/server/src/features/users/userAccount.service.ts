import type { UserNews } from '@emberwatch/shared/contracts/notifications';
import type { UiPreferences, UiPrefsRequest } from '@emberwatch/shared/contracts/preferences';
import type { UserInfo } from '@emberwatch/shared/contracts/users';
import { ApiError } from '../../http/ApiError.js';
import { presentBsListEntry } from '../base-stations/index.js';
import type { AccessService, Actor } from '../../http/access/index.js';
import { presentUserInfo } from './user.presenter.js';
import type { UserRepository } from './user.repository.js';

/** The preferences store, as the users feature needs it. */
export interface PreferencesUpdater {
  update(userId: number, change: Partial<UiPreferences>): Promise<UiPreferences>;
}

/** The ids of an account's fan controllers (the fans feature answers it). */
export type FanControllerIdsOf = (ownerId: number) => Promise<string[]>;

/** The caller's news (the notifications feature answers it). */
export type NewsOf = (actor: Actor) => Promise<UserNews>;

const NO_NEWS: UserNews = { news: [], newsUrls: [], popupNews: [], newsEmail: '', newsSeenDate: null };

/** User info and preferences of the caller's account, or of one it may act for. */
export class UserAccountService {
  constructor(
    private readonly users: UserRepository,
    private readonly access: AccessService,
    private readonly preferences: PreferencesUpdater,
    private readonly nowS: () => number,
    private readonly fcIdsOf: FanControllerIdsOf = () => Promise.resolve([]),
    private readonly newsOf: NewsOf = () => Promise.resolve(NO_NEWS),
  ) {}

  /** GET /client/userInfo: the caller's own, or (UID) an account it may act for. */
  async userInfo(actor: Actor, uid: number | undefined): Promise<UserInfo> {
    const target = await this.access.targetAccount(actor, uid);
    const accountId = target.main_user_id ?? target.id;
    const account = accountId === target.id ? target : ((await this.users.findById(accountId)) ?? target);
    const [stations, subUsers, masterAuthorizations, fcIds, news] = await Promise.all([
      this.access.visibleStations(actor, target),
      this.users.listSubUsers(account.id),
      this.users.masterAuthorizationsOf(account.id),
      this.fcIdsOf(account.id),
      this.newsOf(actor),
    ]);
    return presentUserInfo({
      news,
      user: target,
      account,
      bsList: stations.map(presentBsListEntry),
      fcIds,
      subUsers,
      masterAuthorizations,
      nowS: this.nowS(),
    });
  }

  /** POST /client/uiPrefs: the caller's preferences, or a customer's when an admin passes UID. */
  async saveUiPrefs(actor: Actor, body: UiPrefsRequest): Promise<UiPreferences> {
    let target = actor.user;
    if (body.UID !== undefined && body.UID !== actor.user.id) {
      if (!actor.isAdmin) throw ApiError.forbidden('You may only change your own preferences.');
      target = await this.access.targetAccount(actor, body.UID);
    }
    return this.preferences.update(target.id, body.prefs);
  }
}

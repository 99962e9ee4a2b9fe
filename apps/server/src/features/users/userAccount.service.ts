import type { UserNews } from '@emberwatch/shared/contracts/notifications';
import type { UiPreferences, UiPrefsRequest } from '@emberwatch/shared/contracts/preferences';
import type { BsConfResponse } from '@emberwatch/shared/contracts/baseStations';
import type { UserInfo, UserInfoAndConfResponse } from '@emberwatch/shared/contracts/users';
import { presentBsListEntry } from '../base-stations/index.js';
import { enforce, whoAmI, type AccessService, type Actor } from '../../http/access/index.js';
import { maySaveAnothersPreferences } from './users.policy.js';
import { presentUserInfo } from './user.presenter.js';
import type { UserRepository } from './user.repository.js';

/** The preferences store, as the users feature needs it. */
export interface PreferencesUpdater {
  update(userId: number, change: Partial<UiPreferences>): Promise<UiPreferences>;
}

/** The ids of an account's fan controllers (the fans feature answers it). */
export type FanControllerIdsOf = (ownerId: number) => Promise<string[]>;

/** A station's configuration as GET bsConf answers it, after its own access check (the base-stations feature's). */
export type StationConfOf = (actor: Actor, bsId: string) => Promise<BsConfResponse>;

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
    private readonly confOf?: StationConfOf,
  ) {}

  /** GET /client/userInfo: the caller's own, or (UID) an account it may act for. */
  async userInfo(actor: Actor, uid: number | undefined): Promise<UserInfo> {
    const { target, account } = await this.access.accountScope(actor, uid);
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

  /**
   * GET /client/getUserInfoAndConf: the user info and its stations' configurations (decision 0108).
   * The same access as userInfo, then each station's own check (bsConf's): nothing the two calls would
   * not answer apart.
   */
  async userInfoAndConf(actor: Actor, uid: number | undefined): Promise<UserInfoAndConfResponse> {
    if (!this.confOf) throw new Error('getUserInfoAndConf needs the base stations feature');
    const confOf = this.confOf;
    const userinfo = await this.userInfo(actor, uid);
    const confs = await Promise.all(userinfo.bs_list.map((b) => confOf(actor, b.bsId)));
    return {
      status_code: 0,
      userinfo,
      bsConfs: confs.map(({ status_code: _, ...conf }) => conf),
    };
  }

  /** POST /client/uiPrefs: the caller's preferences, or a customer's when an admin passes UID. */
  async saveUiPrefs(actor: Actor, body: UiPrefsRequest): Promise<UiPreferences> {
    let target = actor.user;
    if (body.UID !== undefined && body.UID !== actor.user.id) {
      enforce(maySaveAnothersPreferences(whoAmI(actor)));
      target = await this.access.targetAccount(actor, body.UID);
    }
    return this.preferences.update(target.id, body.prefs);
  }
}

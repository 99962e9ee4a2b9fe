import { mayAddSubUser, type AccountInfo, type MasterUserInfo } from '@emberwatch/shared/contracts/account';
import { auditChanged } from '../../http/audit.js';
import { presentPlans, presentService } from '../users/index.js';
import {
  enforce,
  whoAmI,
  type AccessService,
  type AccountScope,
  type Actor,
} from '../../http/access/index.js';
import type { AccountRepository, AddressChange, ProfileChange } from './account.repository.js';
import {
  mayEditAccount,
  mayOpenMasterPage,
  maySetPhoneWithoutCode,
  subUsersEntitled,
} from './account.policy.js';
import { presentAccountInfo, presentMasterUserInfo } from './account.presenter.js';

/** The profile fields as POST /client/userInfo receives them, parsed. */
export interface ProfileUpdate {
  UID?: number | undefined;
  firstname?: string | undefined;
  lastname?: string | null | undefined;
  email?: string | null | undefined;
  phone?: string | undefined;
  country?: string | undefined;
  address?: string | null | undefined;
  zip?: string | null | undefined;
  city?: string | null | undefined;
}

/** Only the keys the caller sent: an absent field is left as it is, a null one is cleared. */
function sent<T extends object>(o: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}

/** The account area's view of an account and its profile fields; a master's own page. */
export class ProfileService {
  constructor(
    private readonly repo: AccountRepository,
    private readonly access: AccessService,
    private readonly nowS: () => number,
  ) {}

  async accountInfo(actor: Actor, uid: number | undefined): Promise<AccountInfo> {
    return this.info(await this.access.accountScope(actor, uid));
  }

  async info(scope: AccountScope): Promise<AccountInfo> {
    const { account } = scope;
    const mayEdit = mayEditAccount(scope.who) === true;
    const [address, confirmedPhone, code, subUsers] = await Promise.all([
      this.repo.addressOf(account.id),
      this.repo.confirmedPhoneOf(account.id),
      this.repo.findCode(account.id, 'phone'),
      this.repo.listSubUsers(account.id),
    ]);
    return presentAccountInfo({
      ...scope,
      mayEdit,
      address,
      confirmedPhone,
      pendingPhone: code && code.expires_ts > this.nowS() ? code.phone_number : null,
      subUsers,
      mayAddSubUser:
        mayEdit &&
        mayAddSubUser({
          subUsers: subUsers.length,
          subUserCount: account.sub_user_count,
          entitled: subUsersEntitled({
            plans: presentPlans(account, this.nowS()),
            service: presentService(account),
          }),
        }),
    });
  }

  /**
   * POST /client/userInfo. The phone is not one of the fields a user simply types: a new number is
   * confirmed with an SMS code first (changeUserPhone, confirmMobile). An admin acting for a customer may
   * set it (it then shows unconfirmed), as support does on the phone.
   */
  async updateProfile(actor: Actor, body: ProfileUpdate): Promise<AccountInfo> {
    const scope = await this.access.accountScope(actor, body.UID);
    enforce(mayEditAccount(scope.who));
    const { UID: _uid, address, zip, city, ...fields } = body;
    const profile: ProfileChange = sent(fields);
    if (profile.phone !== undefined && profile.phone !== scope.account.phone)
      enforce(maySetPhoneWithoutCode(scope.who));
    const addressChange: AddressChange = sent({ address, zip, city });
    const addressBefore =
      Object.keys(addressChange).length > 0 ? await this.repo.addressOf(scope.account.id) : null;
    await this.repo.updateProfile(scope.account.id, profile, addressChange, this.nowS());
    const account = (await this.repo.findUser(scope.account.id)) ?? scope.account;
    // The fields sent, as they were and as they are (the audit trail's record of a staff edit).
    const fieldsOf = (
      row: typeof account,
      addr: Partial<Record<keyof AddressChange, string | null>> | null,
    ) => ({
      ...Object.fromEntries(Object.keys(profile).map((k) => [k, row[k as keyof typeof row]])),
      ...Object.fromEntries(
        Object.keys(addressChange).map((k) => [k, addr?.[k as keyof AddressChange] ?? null]),
      ),
    });
    auditChanged('profile', fieldsOf(scope.account, addressBefore ?? null), fieldsOf(account, addressChange));
    const target = scope.target.id === account.id ? account : scope.target;
    return this.info({ ...scope, account, target });
  }

  /** GET /client/getMasterUserInfo: the master's own details (spec doc 2 §2.8: a separate page). */
  async masterInfo(actor: Actor): Promise<MasterUserInfo> {
    enforce(mayOpenMasterPage(whoAmI(actor)));
    return presentMasterUserInfo(actor.user, await this.repo.masterAccounts(actor.user.id));
  }
}

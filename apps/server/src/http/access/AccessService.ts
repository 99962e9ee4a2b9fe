import {
  mayChange,
  type AccountChange,
  type ChangeRightsContext,
} from '@emberwatch/shared/domain/changeRights';
import type { StaffLevel } from '@emberwatch/shared/domain/operatorTools';
import { ApiError } from '../ApiError.js';
import { auditActedFor } from '../audit.js';
import type { AccessRepository, AccountUser, ProbeOnStation, VisibleStation } from './access.repository.js';
import { whoIs, type Who } from './who.js';

type UserRow = AccountUser;

/**
 * Who is calling and whose data they may touch. Every route resolves the caller to an Actor and asks
 * it before reading or changing a base station: the owner, a sub-user of the owner, a master the owner
 * has authorised, or an admin. Anyone else gets a refusal and no data. What each of them may change
 * is decided here too (assertMayChange), by the rule the web app shows.
 */
export interface Actor {
  user: UserRow;
  /** The account whose stations this user works with: the main user for a sub-user, else itself. */
  accountId: number;
  /** Accounts whose stations the caller may see (empty for admins, who may see every station). */
  accountIds: number[];
  isAdmin: boolean;
  /**
   * In a customer's session opened by a staff member (loginAdmin, decision 0099): that member. The
   * caller has the customer's rights only (isAdmin is the customer's); the audit trail records every
   * call as this member's, for the customer.
   */
  actingStaff?: { id: number; username: string; level: StaffLevel };
}

/** The account a call is about: see `AccessService.accountScope`. */
export interface AccountScope {
  /** The user the call names (the caller by default; may be a sub-user). */
  target: UserRow;
  /** The account that user belongs to: its main user. */
  account: UserRow;
  /** How the caller stands to that account. */
  who: Who;
}

/** Why a change is refused, per role (docs/decisions/0014-sub-user-rights.md). */
const SUB_USER_REFUSALS: Record<AccountChange, string> = {
  renameProbe: 'Only the account owner can rename probes.',
  correctProbe: 'Only the account owner can set probe corrections.',
  toggleProbes: 'Only the account owner can enable or disable probes.',
  transferProbes: 'Only the account owner can transfer probes.',
  editStation: 'Only the account owner can change base-station settings.',
  editStorage: 'Only the account owner can change storages.',
  removeStorage: 'Only the account owner can delete storages.',
  editStorageAlerts: "Only the account owner can change a storage's alerts and monitor.",
  editSite: 'Only the account owner can change the site plan.',
  editMonitor: 'Only the account owner can change monitors.',
  editDataBreaks: 'Only the account owner can change the data-break delay.',
  acknowledgeAlert: 'Only the account owner and its users can acknowledge alerts.',
  resetAlert: 'Only the account owner and its users can reset alerts.',
};

export function changeRightsOf(actor: Actor): ChangeRightsContext {
  return {
    admin: actor.isAdmin,
    master: actor.user.master === 1,
    grandMaster: actor.user.grand_master === 1,
    subUser: actor.user.main_user_id !== null,
  };
}

/**
 * A staff member's call about another account goes into the audit trail's record of the call (who
 * looked at or changed whose data, decision 0089): this is where the account a call is about becomes
 * known, for every feature at once.
 */
function noteStaffAt(actor: Actor, accountId: number, bsId?: string): void {
  if (actor.isAdmin && accountId !== actor.accountId) auditActedFor(accountId, bsId);
}

export class AccessService {
  constructor(private readonly repo: AccessRepository) {}

  async actorFor(userId: number): Promise<Actor> {
    const user = await this.repo.findUser(userId);
    if (!user || user.blocked) throw ApiError.unauthenticated('Your session has ended. Please log in again.');
    const accountId = user.main_user_id ?? user.id;
    const accountIds = [accountId];
    if (user.master) accountIds.push(...(await this.repo.authorizedOwnerIds(user.id)));
    return { user, accountId, accountIds: [...new Set(accountIds)], isAdmin: user.admin === 1 };
  }

  /**
   * The account a call works on: its own by default; another only for an admin acting for a customer
   * or a master the account has authorised.
   */
  async targetAccount(actor: Actor, uid: number | undefined): Promise<UserRow> {
    if (uid === undefined || uid === actor.user.id) return actor.user;
    if (uid === actor.accountId && actor.user.main_user_id === uid) {
      const main = await this.repo.findUser(uid);
      if (main) return main;
    }
    if (!actor.isAdmin && !actor.accountIds.includes(uid))
      throw ApiError.forbidden('You do not have access to this account.');
    const target = await this.repo.findUser(uid);
    if (!target) throw ApiError.notFound('No such user.');
    noteStaffAt(actor, target.main_user_id ?? target.id);
    return target;
  }

  /**
   * The account a call is about, as every account call begins: the user it names (`target`, the
   * caller itself by default), the account that user belongs to (`account`, its main user) and how the
   * caller stands to it (`who`, for the feature's policy). Refused like `targetAccount`.
   */
  async accountScope(actor: Actor, uid: number | undefined): Promise<AccountScope> {
    const target = await this.targetAccount(actor, uid);
    const account =
      target.main_user_id === null ? target : ((await this.repo.findUser(target.main_user_id)) ?? target);
    return { target, account, who: whoIs(actor, account.id) };
  }

  /** The id of the account (its main user) a call is about; refused like `targetAccount`. */
  async accountIdFor(actor: Actor, uid: number | undefined): Promise<number> {
    const target = await this.targetAccount(actor, uid);
    return target.main_user_id ?? target.id;
  }

  /** Stations the actor may see, or those of one target account it may act for. */
  visibleStations(actor: Actor, target?: UserRow): Promise<VisibleStation[]> {
    if (target && target.id !== actor.user.id)
      return this.repo.stationsOfOwners([target.main_user_id ?? target.id]);
    return this.repo.stationsOfOwners(actor.accountIds);
  }

  async visibleStationIds(actor: Actor, target?: UserRow): Promise<string[]> {
    return (await this.visibleStations(actor, target)).map((r) => r.id);
  }

  async canSeeStation(actor: Actor, bsId: string): Promise<boolean> {
    if (actor.isAdmin) {
      const owner = (await this.repo.ownerIdsOf([bsId])).get(bsId);
      if (owner !== undefined) noteStaffAt(actor, owner, bsId);
      return owner !== undefined;
    }
    const owner = (await this.repo.ownerIdsOf([bsId])).get(bsId);
    return owner !== undefined && actor.accountIds.includes(owner);
  }

  /**
   * The account a station belongs to, when the actor may see it: a call that names a station (BS_ID)
   * without UID works on that station's account, as it would with the account's UID (an admin or a
   * master has no stations of its own). Unknown and foreign stations are refused alike (403).
   */
  async accountOfStation(actor: Actor, bsId: string): Promise<number> {
    const owner = (await this.repo.ownerIdsOf([bsId])).get(bsId);
    if (owner === undefined || !this.canSeeAccount(actor, owner)) throw ApiError.forbidden();
    noteStaffAt(actor, owner, bsId);
    return owner;
  }

  /** Whether the actor may see stations owned by this account. */
  canSeeAccount(actor: Actor, ownerId: number): boolean {
    return actor.isAdmin || actor.accountIds.includes(ownerId);
  }

  /**
   * The probes, each on a station the actor may see; refuses (403, the station message) when any of
   * them is unknown or on another account's station, so a caller cannot tell the two apart.
   */
  async probesFor(actor: Actor, sensorIds: readonly string[]): Promise<ProbeOnStation[]> {
    const ids = [...new Set(sensorIds)];
    const rows = await this.repo.probesWithStation(ids);
    if (rows.length !== ids.length || rows.some((r) => !this.canSeeAccount(actor, r.owner_user_id)))
      throw ApiError.forbidden();
    for (const r of rows) noteStaffAt(actor, r.owner_user_id, r.bs_id);
    const byId = new Map(rows.map((r) => [r.sensor_id, r]));
    return ids.map((id) => byId.get(id) as ProbeOnStation);
  }

  async probeFor(actor: Actor, sensorId: string): Promise<ProbeOnStation> {
    return (await this.probesFor(actor, [sensorId]))[0] as ProbeOnStation;
  }

  /**
   * Refuses (403, changing nothing) a change this caller may not make to stations or probes it can
   * see: the one place the server applies the shared rule (mayChange).
   */
  assertMayChange(actor: Actor, change: AccountChange): void {
    const who = changeRightsOf(actor);
    if (mayChange(who, change)) return;
    if (who.master && change === 'renameProbe')
      throw ApiError.forbidden('Master users cannot rename probes.');
    if (who.master) throw ApiError.forbidden('A master account can view these stations but not change them.');
    throw ApiError.forbidden(SUB_USER_REFUSALS[change]);
  }

  /** Refuses alike for a station that does not exist and one of another account: no probing for ids. */
  async assertCanSeeStation(actor: Actor, bsId: string): Promise<void> {
    if (!(await this.canSeeStation(actor, bsId))) throw ApiError.forbidden();
  }
}

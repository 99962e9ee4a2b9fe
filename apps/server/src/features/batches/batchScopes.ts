import {
  mayChangeBatches,
  mayUseBatches,
  type BatchChange,
} from '@emberwatch/shared/domain/batches/batchRights';
import { ApiError } from '../../http/ApiError.js';
import { presentPlans, type UserRepository, type UserRow } from '../users/index.js';
import { changeRightsOf, type AccessService, type Actor } from '../../http/access/index.js';
import type { BatchRow } from './batch.repository.js';

/** The stations whose batches a call may touch, each with its owner (the account the batch belongs to). */
export interface BatchScope {
  stations: Map<string, { ownerId: number; name: string | null }>;
}

const NOT_FOR_YOU = 'Batches are for compost supervisors.';
const NO_BATCH = 'You do not have access to this batch.';

/** Why a change is refused, per role (docs/decisions/0049-compost-batches.md). */
const REFUSALS: Record<BatchChange, string> = {
  editBatch: 'Only the account owner and its users can change batches.',
  recordTurning: 'Only the account owner and its users can record turnings.',
  archiveBatch: 'Only the account owner can archive batches.',
  editBatchDefaults: 'Only the account owner can change the batch defaults.',
};

/**
 * Which batches a caller may see (spec doc 3 §6 "Batches: for compost supervisors or admins, not for
 * Gari or hay-app users"): those on the stations it may see whose account is a compost supervisor's,
 * or any station's for an admin. A partner-app user sees none.
 */
export class BatchScopes {
  constructor(
    private readonly access: AccessService,
    private readonly users: UserRepository,
    private readonly nowS: () => number,
  ) {}

  /**
   * `bsId`: a call naming a station without UID works on that station's account, as with its UID
   * (an admin has no stations of its own).
   */
  async scopeOf(actor: Actor, uid: number | undefined, bsId?: string): Promise<BatchScope> {
    if (!actor.isAdmin && actor.user.partner_app !== null) throw ApiError.forbidden(NOT_FOR_YOU);
    const uidOrStation =
      uid === undefined && bsId !== undefined ? await this.access.accountOfStation(actor, bsId) : uid;
    const target =
      uidOrStation === undefined ? undefined : await this.access.targetAccount(actor, uidOrStation);
    const rows = await this.access.visibleStations(actor, target);
    const owners = new Map<number, UserRow | undefined>();
    for (const id of new Set(rows.map((r) => r.owner_user_id))) owners.set(id, await this.users.findById(id));
    const allowed = (ownerId: number) => {
      const owner = owners.get(ownerId);
      return (
        owner !== undefined &&
        mayUseBatches({
          admin: actor.isAdmin,
          partnerApp: actor.isAdmin ? null : (owner.partner_app as 'gari' | 'haytech' | null),
          plans: presentPlans(owner, this.nowS()),
        })
      );
    };
    const stations = new Map<string, { ownerId: number; name: string | null }>();
    for (const r of rows)
      if (allowed(r.owner_user_id)) stations.set(r.id, { ownerId: r.owner_user_id, name: r.display_name });
    // An account of someone else's that is no compost supervisor's: refused, not an empty list.
    if (stations.size === 0 && (target !== undefined || rows.length > 0) && !actor.isAdmin)
      throw ApiError.forbidden(NOT_FOR_YOU);
    if (stations.size === 0 && target === undefined && !actor.isAdmin) {
      const own = await this.users.findById(actor.accountId);
      if (!own || !mayUseBatches({ admin: false, partnerApp: null, plans: presentPlans(own, this.nowS()) }))
        throw ApiError.forbidden(NOT_FOR_YOU);
    }
    return { stations };
  }

  /** The batch, if it is on a station of the scope; refused alike when it does not exist. */
  inScope(scope: BatchScope, row: BatchRow | undefined): BatchRow {
    if (!row || !scope.stations.has(row.bs_id)) throw ApiError.forbidden(NO_BATCH);
    return row;
  }

  /** A station of the scope, or refused (403, the station message) like any other call. */
  station(scope: BatchScope, bsId: string): { ownerId: number; name: string | null } {
    const s = scope.stations.get(bsId);
    if (!s) throw ApiError.forbidden();
    return s;
  }

  assertMayChange(actor: Actor, change: BatchChange): void {
    const who = changeRightsOf(actor);
    if (mayChangeBatches(who, change)) return;
    if (who.master) throw ApiError.forbidden('A master account can view these batches but not change them.');
    throw ApiError.forbidden(REFUSALS[change]);
  }
}

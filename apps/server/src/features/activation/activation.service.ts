import type {
  ActivateKitAdminRequest,
  ActivateKitRequest,
  ActivateKitResponse,
  ActivateUsersSetRequest,
  ActivatedKit,
  Kit,
  KitKind,
  RegisterMultipleBSsRequest,
  RegisterMultipleBSsResponse,
  RegisterMultipleSetsRequest,
  RegisterMultipleSetsResponse,
  RemoveSetRequest,
  UndoBSActivationRequest,
} from '@emberwatch/shared/contracts/activation';
import {
  ACTIVATION_REFUSALS,
  type ActivationStatus,
} from '@emberwatch/shared/domain/activation/activationStatus';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { ApiError } from '../../http/ApiError.js';
import { auditChanged } from '../../http/audit.js';
import type { EventBus } from '../../realtime/EventBus.js';
import { BaseStationRepository } from '../base-stations/index.js';
import { AttemptLimiter } from '../account/index.js';
import { type UserRow } from '../users/index.js';
import { assertOperator, enforce, whoAmI, type AccessService, type Actor } from '../../http/access/index.js';
import { mayActivateFor, mayPutProbesOn, mayReceiveKits } from './activation.policy.js';
import { kitProbes, type ActivationRepository, type KitRow } from './activation.repository.js';
import { issueStationSecret } from '../ingest/index.js';
import { kitCodeHash, newKitCode } from './kitCodes.js';
import { activationUrl, qrSvg } from './kitQr.js';

/** A kit as the audit trail shows it: what it is and who claimed it, never its code or secret. */
function kitFacts(k: KitRow) {
  return {
    id: k.id,
    kind: k.kind,
    bs_id: k.bs_id,
    set_id: k.set_id,
    claimed_user_id: k.claimed_user_id,
    claimed_bs_id: k.claimed_bs_id,
    claimed_ts: k.claimed_ts === null ? null : Number(k.claimed_ts),
  };
}

/** Wrong codes allowed per account, and per address, in a window (then 429 with Retry-After). */
export const WRONG_CODES_PER_ACCOUNT = 10;
export const WRONG_CODES_PER_ADDRESS = 30;
export const WRONG_CODE_WINDOW_S = 15 * 60;
/** The admin's list: more than a print run, few enough to answer at once. */
export const KIT_LIST_LIMIT = 1000;

/** A refusal to try again so soon: 429, the wait in Retry-After (the route sets it). */
export class ActivationThrottled extends ApiError {
  constructor(readonly retryAfterS: number) {
    super(429, 'Too many wrong activation codes. Please wait before trying again.', 429);
  }
}

/** A claim's result: the spec's activation status (0, or a refusal of ACTIVATION_REFUSALS). */
type Outcome = { status_code: ActivationStatus; kit?: ActivatedKit };

/**
 * Activation (decision 0052): a code claims its kit for the caller's account once. A base station
 * joins the account with the credential made for it; a probe set's probes are configured on one of
 * the account's stations. The kit's rows are this feature's; the station and probe rows are written
 * through the base-stations feature's repository, on this feature's transaction.
 */
export class ActivationService {
  private readonly perAccount: AttemptLimiter;
  private readonly perAddress: AttemptLimiter;

  constructor(
    private readonly repo: ActivationRepository,
    private readonly access: AccessService,
    private readonly bus: Pick<EventBus, 'emit'>,
    private readonly publicUrl: string,
    private readonly nowS: () => number,
  ) {
    this.perAccount = new AttemptLimiter(nowS, WRONG_CODES_PER_ACCOUNT, WRONG_CODE_WINDOW_S);
    this.perAddress = new AttemptLimiter(nowS, WRONG_CODES_PER_ADDRESS, WRONG_CODE_WINDOW_S);
  }

  async activate(actor: Actor, req: ActivateKitRequest, address: string): Promise<ActivateKitResponse> {
    // Staff adding a base station to a customer's account (Add BS): the levels that manage stations.
    if (actor.isAdmin && req.kind === 'system') assertOperator(actor, 'stationAddition');
    const target = await this.targetOf(actor, req.UID);
    const accountKey = `u:${actor.user.id}`;
    const addressKey = `a:${address}`;
    const wait = Math.max(this.perAccount.wait(accountKey), this.perAddress.wait(addressKey));
    if (wait > 0) throw new ActivationThrottled(wait);

    const moved: string[] = [];
    const outcome = await this.repo.transaction(async (trx): Promise<Outcome> => {
      const kit = await this.repo.findByCodeHash(trx, kitCodeHash(req.id));
      // A code of the other kind is not a code for this dialog: nothing tells the two apart.
      if (!kit || kit.kind !== req.kind) return { status_code: 2 };
      return this.claim(trx, kit, target, req.BS_ID, moved);
    });

    if (outcome.status_code !== 0) {
      this.perAccount.fail(accountKey);
      this.perAddress.fail(addressKey);
      // A refusal is a non-2xx answer with the spec's status in the envelope (docs/API.md).
      const refusal = ACTIVATION_REFUSALS[outcome.status_code];
      throw new ApiError(refusal.httpStatus, refusal.message, outcome.status_code);
    }
    // The ingest path caches what it knows of each probe; these are new to it (on every instance).
    if (moved.length > 0) this.bus.emit('probesMoved', { sensorIds: moved });
    return { status_code: 0, kit: outcome.kit as ActivatedKit };
  }

  /**
   * Claims a kit found by code or by an admin for an account, on the caller's transaction: a base
   * station joins with the credential made for it, a probe set's probes are configured on a station.
   * 3 when it is activated already, 22 when a Gari kit would go elsewhere; `moved` gets new probe ids.
   */
  private async claim(
    trx: Transaction<Database>,
    kit: KitRow,
    target: UserRow,
    bsIdForProbes: string | undefined,
    moved: string[],
  ): Promise<Outcome> {
    if (kit.claimed_ts !== null) return { status_code: 3 };
    if (kit.partner_app === 'gari' && target.partner_app !== 'gari') return { status_code: 22 };
    const stations = new BaseStationRepository(trx);
    const now = this.nowS();

    if (kit.kind === 'system') {
      const bsId = kit.bs_id as string;
      if (await stations.findById(bsId)) return { status_code: 3 };
      if (!(await this.repo.claim(trx, kit.id, { userId: target.id, bsId, ts: now })))
        return { status_code: 3 };
      await stations.insertStation({
        id: bsId,
        owner_user_id: target.id,
        bs_group: null,
        display_name: null,
        timezone: null,
        bs_type: null,
        version: null,
        firmware: null,
        sim: null,
        sim_exp_ts: null,
        activation_ts: now,
        last_boot_ts: null,
        last_conf_ts: null,
        last_data_ts: null,
        credential_hash: kit.credential_hash as string,
        created_ts: now,
      });
      return { status_code: 0, kit: { kind: 'system', bs_id: bsId, set_id: null, probes: [] } };
    }

    const bsId = await this.stationForProbes(stations, target, bsIdForProbes);
    const probes = kitProbes(kit);
    const ids = probes.map((p) => p.sensor_id);
    const existing = await stations.probesWithStation(ids);
    // A probe another account's station already heard stays there (with its history, which is that
    // account's): the set counts as active, and an admin sorts it out by transfer.
    if (existing.some((p) => p.owner_user_id !== target.id)) return { status_code: 3 };
    if (!(await this.repo.claim(trx, kit.id, { userId: target.id, bsId, ts: now })))
      return { status_code: 3 };
    const known = new Set(existing.map((p) => p.sensor_id));
    await stations.insertProbes(
      probes
        .filter((p) => !known.has(p.sensor_id))
        .map((p) => ({
          sensor_id: p.sensor_id,
          bs_id: bsId,
          sensor_name: null,
          kind: probeKindOf(p.sensor_id),
          depths: p.depths,
          disabled: 0,
          storage_location: null,
          col: null,
          real_bs: null,
          created_ts: now,
        })),
    );
    moved.push(...ids);
    return { status_code: 0, kit: { kind: 'probes', bs_id: bsId, set_id: kit.set_id, probes: ids } };
  }

  /**
   * A station released from the account (POST /api/v2/deactivateBS, decision 0112) joins it again by
   * its id: its open kit is claimed as a code would claim it, with the same refusals (3 when the kit
   * was claimed meanwhile). The caller has checked that this account released it.
   */
  async reclaimStation(actor: Actor, bsId: string): Promise<ActivateKitResponse> {
    const target = await this.targetOf(actor, undefined);
    const outcome = await this.repo.transaction(async (trx): Promise<Outcome> => {
      const kit = await this.repo.findStationKit(trx, bsId, 'open');
      if (!kit) return { status_code: 3 };
      return this.claim(trx, kit, target, undefined, []);
    });
    if (outcome.status_code !== 0) {
      const refusal = ACTIVATION_REFUSALS[outcome.status_code];
      throw new ApiError(refusal.httpStatus, refusal.message, outcome.status_code);
    }
    return { status_code: 0, kit: outcome.kit as ActivatedKit };
  }

  /**
   * POST /admin/activateUsersSet (spec doc 1 §7): a probe set by its id into the account's station,
   * no code needed. Unknown set, account or station: 400; activated already: 409; nothing changes.
   */
  async activateUsersSet(actor: Actor, req: ActivateUsersSetRequest): Promise<ActivatedKit> {
    return this.activateAsAdmin(actor, req.UID, req.BS_ID, (trx) => this.repo.findSet(trx, req.set_id), {
      message: `No probe set has the id ${req.set_id}.`,
      path: 'set_id',
    });
  }

  /** POST /admin/activateKitAdmin (spec doc 1 §7): any kit by its id in the kit list, no code needed. */
  async activateKitAdmin(actor: Actor, req: ActivateKitAdminRequest): Promise<ActivatedKit> {
    return this.activateAsAdmin(actor, req.UID, req.BS_ID, (trx) => this.repo.findById(trx, req.kit_id), {
      message: `No kit has the id ${req.kit_id}.`,
      path: 'kit_id',
    });
  }

  private async activateAsAdmin(
    actor: Actor,
    uid: number,
    bsId: string | undefined,
    find: (trx: Transaction<Database>) => Promise<KitRow | undefined>,
    missing: { message: string; path: string },
  ): Promise<ActivatedKit> {
    assertOperator(actor, 'kitActivation');
    const target = await this.adminTarget(actor, uid);
    const moved: string[] = [];
    const { kit, before } = await this.repo.transaction(async (trx) => {
      const found = await find(trx);
      if (!found) throw ApiError.invalid(missing.message, missing.path);
      if (bsId !== undefined && found.kind === 'probes') {
        const row = await new BaseStationRepository(trx).findById(bsId);
        if (!row || row.owner_user_id !== target.id)
          throw ApiError.invalid(`Base station ${bsId} is not a station of this account.`, 'BS_ID');
      }
      // A refusal throws, so the transaction leaves everything as it was.
      const outcome = await this.claim(trx, found, target, bsId, moved);
      if (outcome.status_code === 3) throw new ApiError(409, 'This kit is activated already.', 409);
      if (outcome.status_code === 22)
        throw ApiError.invalid('A kit of the Gari service is activated under Gari service.', 'UID');
      if (!outcome.kit) throw new Error('A claimed kit without its answer');
      return { kit: outcome.kit, before: found };
    });
    if (moved.length > 0) this.bus.emit('probesMoved', { sensorIds: moved });
    auditChanged('kit', kitFacts(before), {
      ...kitFacts(before),
      claimed_user_id: target.id,
      claimed_bs_id: kit.bs_id,
      probes: kit.probes,
    });
    return kit;
  }

  /**
   * POST /admin/removeSet (spec doc 1 §7): deletes a probe set kit that is not activated, e.g. a
   * misprinted one; its code stops working. An activated set's probes are the account's now: 409.
   */
  async removeSet(actor: Actor, req: RemoveSetRequest): Promise<void> {
    assertOperator(actor, 'probeSetRemoval');
    await this.repo.transaction(async (trx) => {
      const kit = await this.repo.findSet(trx, req.set_id);
      if (!kit) throw ApiError.invalid(`No probe set has the id ${req.set_id}.`, 'set_id');
      if (kit.claimed_ts !== null || !(await this.repo.deleteOpen(trx, kit.id)))
        throw new ApiError(
          409,
          `Probe set ${req.set_id} is activated: its probes belong to an account.`,
          409,
        );
      auditChanged('probe set', kitFacts(kit), null);
    });
  }

  /**
   * POST /admin/undoBSActivation (spec doc 1 §7): a station activated into the wrong account leaves
   * it, and its kit is open again with the label's code valid once more. Only while nothing hangs on
   * the station (no report, probes, storages, site, fans or batches): otherwise 409 and the reason.
   */
  async undoBSActivation(actor: Actor, req: UndoBSActivationRequest): Promise<void> {
    assertOperator(actor, 'activationUndo');
    await this.repo.transaction(async (trx) => {
      const station = await new BaseStationRepository(trx).findById(req.BS_ID);
      if (!station) throw ApiError.invalid(`No base station has the id ${req.BS_ID}.`, 'BS_ID');
      const kit = await this.repo.findStationKit(trx, req.BS_ID, 'claimed');
      if (!kit) throw ApiError.invalid(`Base station ${req.BS_ID} was not activated from a kit.`, 'BS_ID');
      const use = await this.repo.stationUse(trx, req.BS_ID);
      if (use !== null)
        throw new ApiError(
          409,
          `Base station ${req.BS_ID} is in use (${STATION_USE_TEXT[use] ?? use}).`,
          409,
        );
      await this.repo.deleteStation(trx, req.BS_ID);
      if (!(await this.repo.unclaim(trx, kit.id))) throw new ApiError(409, 'The kit changed meanwhile.', 409);
      auditChanged(
        'base station',
        { bs_id: station.id, owner_user_id: station.owner_user_id, kit: kitFacts(kit) },
        {
          bs_id: station.id,
          owner_user_id: null,
          kit: { ...kitFacts(kit), claimed_user_id: null, claimed_bs_id: null, claimed_ts: null },
        },
      );
    });
  }

  /** The customer account an admin names: its owner, never a sub-user, master or admin. */
  private async adminTarget(actor: Actor, uid: number): Promise<UserRow> {
    let target: UserRow;
    try {
      target = await this.access.targetAccount(actor, uid);
    } catch (err) {
      if (err instanceof ApiError && err.httpStatus === 404)
        throw ApiError.invalid('No account has this id.', 'UID');
      throw err;
    }
    enforce(mayReceiveKits(customerFacts(target)));
    return target;
  }

  /** Admins: the kits, open ones with their code and QR code. */
  async list(actor: Actor, state: 'open' | 'claimed' | 'all'): Promise<Kit[]> {
    assertOperator(actor, 'kitList');
    const rows = await this.repo.list(state, KIT_LIST_LIMIT);
    return rows.map((r) => this.present(r));
  }

  /**
   * Admins: new base station kits (spec doc 1 §7 registerMultipleBSs). Each gets a code for its label
   * and a secret for its firmware, answered here once; the store keeps the secret's hash only. An id
   * that is a station already or has a kit is refused (409), and then none is made.
   */
  async registerStations(
    actor: Actor,
    req: RegisterMultipleBSsRequest,
  ): Promise<RegisterMultipleBSsResponse['results']> {
    assertOperator(actor, 'kitRegistration');
    const taken = await this.repo.takenIds();
    const stations = new BaseStationRepository(this.repo.store);
    const existing = await stations.ownerIdsOf(req.bs_ids);
    const clash = req.bs_ids.find((id) => taken.bsIds.has(id) || existing.has(id));
    if (clash) throw new ApiError(409, `Base station ${clash} is registered already.`, 409, 'bs_ids');
    const now = this.nowS();
    const made = req.bs_ids.map((bsId) => ({ bsId, code: newKitCode(), ...issueStationSecret() }));
    await this.repo.insertAll(
      made.map((m) => ({
        kind: 'system',
        code_hash: kitCodeHash(m.code),
        code: m.code,
        bs_id: m.bsId,
        set_id: null,
        probes: '[]',
        credential_hash: m.hash,
        partner_app: req.partner_app ?? null,
        created_ts: now,
      })),
    );
    // The codes and secrets are answered once and never recorded.
    auditChanged(
      'base station kits',
      null,
      made.map((m) => ({ bs_id: m.bsId, partner_app: req.partner_app ?? null })),
    );
    return made.map((m) => ({ bs_id: m.bsId, code: m.code, secret: m.secret }));
  }

  /**
   * Admins: new probe set kits (spec doc 1 §7 registerMultipleSets). A set id used by a kit, or a
   * probe in another kit or already in an account, is refused (409), and then none is made.
   */
  async registerSets(
    actor: Actor,
    req: RegisterMultipleSetsRequest,
  ): Promise<RegisterMultipleSetsResponse['results']> {
    assertOperator(actor, 'kitRegistration');
    const taken = await this.repo.takenIds();
    const setClash = req.sets.find((set) => taken.setIds.has(set.set_id));
    if (setClash) throw new ApiError(409, `Probe set ${setClash.set_id} is registered already.`, 409, 'sets');
    const ids = req.sets.flatMap((set) => set.probes.map((p) => p.sensor_id));
    const inAccounts = await new BaseStationRepository(this.repo.store).probesWithStation(ids);
    const probeClash = ids.find((id) => taken.probeIds.has(id)) ?? inAccounts[0]?.sensor_id;
    if (probeClash) throw new ApiError(409, `Probe ${probeClash} is registered already.`, 409, 'sets');
    const now = this.nowS();
    const made = req.sets.map((set) => ({ set, code: newKitCode() }));
    await this.repo.insertAll(
      made.map(({ set, code }) => ({
        kind: 'probes',
        code_hash: kitCodeHash(code),
        code,
        bs_id: null,
        set_id: set.set_id,
        probes: JSON.stringify(set.probes),
        credential_hash: null,
        partner_app: null,
        created_ts: now,
      })),
    );
    auditChanged(
      'probe set kits',
      null,
      req.sets.map((set) => ({ set_id: set.set_id, probes: set.probes.map((p) => p.sensor_id) })),
    );
    return made.map(({ set, code }) => ({ set_id: set.set_id, code }));
  }

  private present(r: KitRow & { username: string | null }): Kit {
    const kind = r.kind as KitKind;
    const url = r.code ? activationUrl(this.publicUrl, kind, r.code) : null;
    return {
      id: r.id,
      kind,
      bs_id: r.bs_id,
      set_id: r.set_id,
      probes: kitProbes(r).map((p) => p.sensor_id),
      partner_app: r.partner_app,
      created_ts: Number(r.created_ts),
      code: r.code,
      activationUrl: url,
      qrSvg: url ? qrSvg(url) : null,
      claimed:
        r.claimed_ts === null
          ? null
          : {
              UID: r.claimed_user_id,
              username: r.username,
              bs_id: r.claimed_bs_id,
              ts: Number(r.claimed_ts),
            },
    };
  }

  /**
   * The account a kit joins: the caller's own; an admin's customer named by UID. Sub-users and masters
   * may not (mayActivateKits); nor may anyone name another account.
   */
  private async targetOf(actor: Actor, uid: number | undefined): Promise<UserRow> {
    const who = whoAmI(actor);
    enforce(mayActivateFor(who, uid === undefined ? 'nobody' : uid === actor.user.id ? 'itself' : 'another'));
    if (who.staff === null) return actor.user;
    const target = await this.access.targetAccount(actor, uid);
    enforce(mayReceiveKits(customerFacts(target)));
    return target;
  }

  /** The station a probe set goes to: the one named (the account's own), else the account's first. */
  private async stationForProbes(
    stations: BaseStationRepository,
    target: UserRow,
    bsId: string | undefined,
  ): Promise<string> {
    if (bsId !== undefined) {
      const row = await stations.findById(bsId);
      enforce(mayPutProbesOn(row && { ownerId: row.owner_user_id }, target.id));
      return bsId;
    }
    const first = (await stations.listByOwners([target.id]))[0];
    if (!first) throw ApiError.invalid('Activate a base station before its probes.', 'BS_ID');
    return first.id;
  }
}

/** Why a station cannot leave its account (the repository's stationUse). */
const STATION_USE_TEXT: Record<string, string> = {
  reported: 'it has reported to the server',
  grouped: 'it is grouped with other stations',
  probes: 'probes are configured on it',
  packets: 'it has sent packets',
  storages: 'storages use it',
  site: 'a site plan uses it',
  fans: 'a fan channel uses it',
  batches: 'a batch uses it',
};

/** The material a probe is made for, from its serial's first letter (as the ingest path reads it). */
function probeKindOf(sensorId: string): string {
  return { H: 'hay', G: 'grain', C: 'compost' }[sensorId[0] ?? ''] ?? 'other';
}

/** What the policy asks of an account kits are activated into. */
function customerFacts(u: UserRow) {
  return { subUser: u.main_user_id !== null, master: u.master === 1, staff: u.admin === 1 };
}

import type { RcEvent } from '@emberwatch/shared/contracts/batches';
import {
  RC_LOG_LIMIT,
  type FcItem,
  type RcLogsQuery,
  type RcSchedulerResponse,
  type SaveRcSchedulerRequest,
  type SetFcAssignmentRequest,
  type SetFcManualCommandRequest,
  type SetFcUseRequest,
} from '@emberwatch/shared/contracts/fans';
import type { FanChange } from '@emberwatch/shared/domain/fans/fanRights';
import { CONTROLLER_TYPE_INFO, type ControllerType } from '@emberwatch/shared/domain/kinds/controllerTypes';
import { ApiError } from '../../http/ApiError.js';
import { assertOperator, enforce, whoAmI, type AccessService, type Actor } from '../../http/access/index.js';
import { issueControllerSecret, type ControllerCredentials } from './controllerCredentials.js';
import type { ChannelPatch, ChannelWithController, ControllerRow, FanRepository } from './fan.repository.js';
import type { FanDecider } from './fanDecider.js';
import { newControllerRows } from './newControllerRows.js';
import { presentChannel, presentRcEvent, presentRcScheduler } from './fanPresenter.js';
import { mayChangeFan } from './fans.policy.js';

function noSuchController(): ApiError {
  // Alike for an unknown controller and one of another account: no probing for ids.
  return ApiError.forbidden('You do not have access to this fan controller.');
}

/** Why a channel may not name a batch, in words (spec doc 2 §5 RC batch choices). */
const BATCH_REF_REFUSALS = {
  noSuchBatch: 'No such batch in this account.',
  notOffered: 'Only an ongoing batch of the account (or the one the channel has) can be chosen.',
  usedByAnotherRc: 'Another RC unit already serves this batch.',
} as const;

/**
 * The fan calls of the web (spec doc 1 §7 "Field controllers", doc 3 §7, doc 2 §7). Whoever may see
 * the controller's account reads it; switching and assigning follow fans.policy.ts. Every
 * check is made before anything is written, so a refused call changes nothing; a change is decided at
 * once, so the answer (and the controller's next poll) carries the new command.
 */
export class FanService {
  constructor(
    private readonly repo: FanRepository,
    private readonly access: AccessService,
    private readonly decider: FanDecider,
    private readonly credentials: ControllerCredentials,
    private readonly nowS: () => number,
  ) {}

  /** GET /fc/getFcItem: by ids, or every controller of the account (its own, or one it may act for). */
  async items(actor: Actor, ids: readonly string[], uid: number | undefined): Promise<FcItem[]> {
    if (ids.length === 0) {
      const owned = await this.repo.controllersOf(await this.access.accountIdFor(actor, uid));
      return this.present(owned.map((c) => c.id));
    }
    const found = await this.repo.controllersByIds(ids);
    if (
      found.length !== new Set(ids).size ||
      found.some((c) => !this.access.canSeeAccount(actor, c.owner_user_id))
    )
      throw noSuchController();
    return this.present(ids);
  }

  /** GET /fc/runScheduler (spec doc 3 §4 "Monitor save" step 4): decide the controller's channels now. */
  async runScheduler(actor: Actor, fcId: string, storageId: number | undefined): Promise<FcItem[]> {
    const c = await this.controllerFor(actor, fcId, 'driveFan');
    if (storageId !== undefined) {
      const storage = await this.repo.storageOwner(storageId);
      if (!storage || storage.owner_user_id !== c.owner_user_id)
        throw ApiError.invalid('The storage is not one of this controller’s account.', 'itemID');
    }
    await this.decider.decideControllers([fcId]);
    return this.present([fcId]);
  }

  /** POST /fc/setFcUse (spec doc 3 §7): a channel to use for a storage, or released without `use`. */
  async setUse(actor: Actor, req: SetFcUseRequest): Promise<FcItem[]> {
    const channel = req.channel ?? 1;
    const c = await this.controllerFor(actor, req.id, 'assignFan');
    await this.channelOf(c, channel, 'channel');
    const now = this.nowS();
    let patch: ChannelPatch;
    if (req.use == null) {
      patch = { in_use: null, use_ts: null, outdoor_id: null, bs_id: null, updated_ts: now };
    } else {
      const storage = await this.repo.storageOwner(req.use);
      if (!storage || storage.owner_user_id !== c.owner_user_id)
        throw ApiError.invalid('The storage is not one of this controller’s account.', 'use');
      if (req.outdoorID != null && (await this.repo.probeOwner(req.outdoorID)) !== c.owner_user_id)
        throw ApiError.invalid('The outdoor probe is not one of this account’s.', 'outdoorID');
      if (req.BS_ID != null && (await this.repo.stationOwner(req.BS_ID)) !== c.owner_user_id)
        throw ApiError.invalid('The base station is not one of this account’s.', 'BS_ID');
      patch = {
        in_use: req.use,
        use_ts: now,
        outdoor_id: req.outdoorID ?? null,
        bs_id: req.BS_ID ?? storage.bs_id,
        updated_ts: now,
      };
    }
    await this.repo.updateChannel(this.repoDb(), req.id, channel, patch);
    await this.decider.decideControllers([req.id]);
    return this.present([req.id]);
  }

  /** POST /fc/setFcAssignment (spec doc 2 §7 "save RC assignment"; §5 the RC batch choices). */
  async setAssignment(actor: Actor, req: SetFcAssignmentRequest): Promise<FcItem[]> {
    const c = await this.controllerFor(actor, req.fc_id, 'assignFan', req.UID);
    await this.channelOf(c, req.channel, 'channel');
    if (
      req.monitorRef != null &&
      !req.clearRefs &&
      !(await this.repo.monitorExists(c.owner_user_id, req.monitorRef))
    )
      throw ApiError.invalid('No such monitor in this account.', 'monitorRef');
    if (req.batchRef != null && !req.clearRefs) {
      const problem = await this.repo.batchRefProblem(c.owner_user_id, req.batchRef, req.fc_id, req.channel);
      if (problem) throw ApiError.invalid(BATCH_REF_REFUSALS[problem], 'batchRef');
    }
    const clear = req.clearRefs === true;
    await this.repo.updateChannel(this.repoDb(), req.fc_id, req.channel, {
      name: req.name.trim() === '' ? null : req.name.trim(),
      verbose: req.verbose ? 1 : 0,
      is_manual: req.isManual ? 1 : 0,
      manual_command: req.manualCommand,
      batch_ref: clear ? null : req.batchRef,
      monitor_ref: clear ? null : req.monitorRef,
      updated_ts: this.nowS(),
    });
    await this.decider.decideControllers([req.fc_id]);
    return this.present([req.fc_id]);
  }

  /** POST /fc/clearFcAssignment: no storage, batch or monitor any more; a manual command stays. */
  async clearAssignment(actor: Actor, fcId: string, channel: number, uid?: number): Promise<FcItem[]> {
    const c = await this.controllerFor(actor, fcId, 'assignFan', uid);
    await this.channelOf(c, channel, 'channel');
    await this.repo.updateChannel(this.repoDb(), fcId, channel, {
      in_use: null,
      use_ts: null,
      outdoor_id: null,
      bs_id: null,
      batch_ref: null,
      monitor_ref: null,
      updated_ts: this.nowS(),
    });
    await this.decider.decideControllers([fcId]);
    return this.present([fcId]);
  }

  /**
   * POST /fc/setFcManualCommand (spec doc 1 §4 "auto (drive), manual off (0), manual on (1); auto is
   * not offered for manual-control rules"). The same command twice changes nothing (the revision
   * moves only when the command does).
   */
  async setManualCommand(actor: Actor, req: SetFcManualCommandRequest): Promise<FcItem[]> {
    const channel = req.channel ?? 1;
    const c = await this.controllerFor(actor, req.fc_id, 'driveFan');
    const ch = await this.channelOf(c, channel, 'channel');
    if (!req.isManual && ch.rule_type === 'MANUAL_CONTROL')
      throw ApiError.invalid('A manual-control rule has no automatic mode; choose on or off.', 'isManual');
    if (ch.is_manual !== (req.isManual ? 1 : 0) || ch.manual_command !== req.command)
      await this.repo.updateChannel(this.repoDb(), req.fc_id, channel, {
        is_manual: req.isManual ? 1 : 0,
        manual_command: req.command,
        updated_ts: this.nowS(),
      });
    await this.decider.decideControllers([req.fc_id]);
    return this.present([req.fc_id]);
  }

  /**
   * POST /admin/registerRC12: an administrator registers a controller to an account; the secret is
   * answered once and stored only as its hash. An id already registered is refused (re-keying is a
   * separate, deliberate act).
   */
  async register(
    actor: Actor,
    req: { UID: number; fc_id: string; type: ControllerType; channels: number; name?: string | undefined },
  ): Promise<{ fc_id: string; secret: string }> {
    assertOperator(actor, 'controllerRegistration');
    const owner = await this.access.targetAccount(actor, req.UID);
    if (owner.main_user_id !== null)
      throw ApiError.invalid('Register controllers to the main account.', 'UID');
    if (req.channels > CONTROLLER_TYPE_INFO[req.type].maxChannels)
      throw ApiError.invalid('More channels than this controller type has.', 'channels');
    if (await this.repo.findController(req.fc_id))
      throw ApiError.invalid('A controller with this id is already registered.', 'fc_id');
    const now = this.nowS();
    const { secret, hash } = issueControllerSecret();
    const rows = newControllerRows({
      id: req.fc_id,
      ownerId: owner.id,
      type: req.type,
      name: req.name?.trim() || null,
      secretHash: hash,
      channels: Array.from({ length: req.channels }, () => ({})),
      nowS: now,
    });
    await this.repo.insertController(rows.controller, rows.channels);
    this.credentials.forget(req.fc_id);
    return { fc_id: req.fc_id, secret };
  }

  /**
   * GET /client/rcLogs (spec doc 3 §7 "RC log", §9 at most 100): whoever may see the controller's
   * account reads its log; an unknown channel is a 400.
   */
  async rcLogs(actor: Actor, q: RcLogsQuery): Promise<RcEvent[]> {
    const c = await this.visibleController(actor, q.FC_ID, q.UID);
    if (q.channel !== undefined) await this.channelOf(c, q.channel, 'channel');
    const rows = await this.repo.eventLog({
      fcId: c.id,
      ...(q.channel !== undefined ? { channel: q.channel } : {}),
      ...(q.batch_id !== undefined ? { batchId: q.batch_id } : {}),
      ...(q.fromTS !== undefined ? { fromTs: q.fromTS } : {}),
      ...(q.toTS !== undefined ? { toTs: q.toTS } : {}),
      limit: Math.min(q.limit, RC_LOG_LIMIT),
    });
    return rows.map(presentRcEvent);
  }

  /** GET /client/getRcScheduler: an RC unit's scheduler, to whoever may see it. */
  async rcScheduler(actor: Actor, fcId: string, uid?: number): Promise<RcSchedulerResponse> {
    const c = await this.visibleController(actor, fcId, uid);
    if (c.type !== 'RC') throw ApiError.invalid('Only RC units have a scheduler of their own.', 'fc_id');
    return presentRcScheduler(c.id, (await this.repo.schedulers([c.id]))[0]);
  }

  /**
   * POST /client/saveRcScheduler: by those who may assign the unit's channels (owners, grand masters,
   * admins); its channels are decided again at once, so the hours hold from the next poll.
   */
  async saveRcScheduler(actor: Actor, req: SaveRcSchedulerRequest): Promise<RcSchedulerResponse> {
    const c = await this.controllerFor(actor, req.fc_id, 'assignFan', req.UID);
    if (c.type !== 'RC') throw ApiError.invalid('Only RC units have a scheduler of their own.', 'fc_id');
    const s = req.scheduler;
    await this.repo.saveScheduler({
      fc_id: c.id,
      scheduler_enabled: s.schedulerEnabled ? 1 : 0,
      disabled_hours: JSON.stringify(s.disabledHours),
      reverse_disabled: s.reverseDisabled ? 1 : 0,
      updated_by: actor.user.id,
      updated_ts: this.nowS(),
    });
    await this.decider.decideControllers([c.id]);
    return presentRcScheduler(c.id, (await this.repo.schedulers([c.id]))[0]);
  }

  /** The controller, if the actor may see its account (reads need no change right). */
  private async visibleController(actor: Actor, fcId: string, uid?: number): Promise<ControllerRow> {
    const c = await this.repo.findController(fcId);
    if (!c || !this.access.canSeeAccount(actor, c.owner_user_id)) throw noSuchController();
    if (
      uid !== undefined &&
      uid !== c.owner_user_id &&
      !(uid === actor.user.id && actor.accountId === c.owner_user_id)
    )
      throw noSuchController();
    return c;
  }

  private repoDb() {
    return this.repo.database;
  }

  /** The controller, if the actor may see its account and make this change; refused alike otherwise. */
  private async controllerFor(
    actor: Actor,
    fcId: string,
    change: FanChange,
    uid?: number,
  ): Promise<ControllerRow> {
    const c = await this.repo.findController(fcId);
    if (!c || !this.access.canSeeAccount(actor, c.owner_user_id)) throw noSuchController();
    if (
      uid !== undefined &&
      uid !== c.owner_user_id &&
      !(uid === actor.user.id && actor.accountId === c.owner_user_id)
    )
      throw noSuchController();
    enforce(mayChangeFan(whoAmI(actor), change));
    return c;
  }

  private async channelOf(c: ControllerRow, channel: number, path: string): Promise<ChannelWithController> {
    const ch = (await this.repo.channelsOf(c.id)).find((x) => x.channel === channel);
    if (!ch) throw ApiError.invalid(`This controller has no channel ${channel}.`, path);
    return ch;
  }

  private async present(ids: readonly string[]): Promise<FcItem[]> {
    const now = this.nowS();
    return (await this.repo.channelsOfMany(ids)).map((ch) => presentChannel(ch, now));
  }
}

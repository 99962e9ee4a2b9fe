import type {
  CheckAccountMergeRequest,
  CheckAccountMergeResponse,
  DoAccountMergeRequest,
  DoAccountMergeResponse,
} from '@emberwatch/shared/contracts/accountMerge';
import {
  MERGE_HTTP,
  MERGE_REFUSALS,
  MERGE_USER_NOT_FOUND,
  mergeVerdict,
  renumberMonitors,
  type MergeCounts,
  type MergeParty,
  type MergeVerdict,
} from '@emberwatch/shared/domain/accountMerge/mergeRules';
import type { Selectable } from 'kysely';
import type { UsersTable } from '../../db/schema.js';
import { ApiError } from '../../http/ApiError.js';
import { assertOperator, type AccessService, type Actor } from '../../http/access/index.js';
import { auditChanged } from '../../http/audit.js';
import type { EventBus } from '../../realtime/EventBus.js';
import type { AccountMergeRepository, Trx } from './accountMerge.repository.js';

type UserRow = Selectable<UsersTable>;

function party(u: UserRow): MergeParty {
  return {
    uid: u.id,
    username: u.username,
    partnerApp: u.partner_app,
    staffOrSubUser: u.admin === 1 || u.main_user_id !== null,
  };
}

function refuse(v: Exclude<MergeVerdict, { status: 0 }>): never {
  if (v.status === 1) throw new ApiError(MERGE_HTTP[1], MERGE_USER_NOT_FOUND, 1);
  throw new ApiError(MERGE_HTTP[2], MERGE_REFUSALS[v.refusal], 2);
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().every((x, i) => x === [...b].sort()[i]);

/**
 * Account merges (decision 0101): Root and Admin staff move everything of one customer account into
 * another, one-way. The check finds the target and counts; the merge checks the same rules again in its
 * transaction, refuses when either account's stations differ from what the operator confirmed, moves
 * every owned row (renumbering the source's monitors where the target uses their numbers), blocks the
 * emptied account and records the merge — all or nothing.
 */
export class AccountMergeService {
  constructor(
    private readonly repo: AccountMergeRepository,
    private readonly access: AccessService,
    private readonly bus: Pick<EventBus, 'emit'>,
    private readonly nowS: () => number,
  ) {}

  async check(
    actor: Actor,
    req: CheckAccountMergeRequest,
  ): Promise<Omit<CheckAccountMergeResponse, 'status_code'>> {
    assertOperator(actor, 'accountMerge');
    const bsId = req.BS_ID.toUpperCase();
    // Before the transaction-free reads: names the customer in the audit trail (admins see every station).
    const sourceId = await this.access.accountOfStation(actor, bsId).catch(() => null);
    const source = sourceId === null ? undefined : await this.repo.user(this.repoDb(), sourceId);
    if (!source) refuse({ status: 1 });
    const targetId = await this.repo.findTarget(this.repoDb(), req.target);
    const target = targetId === null ? undefined : await this.repo.user(this.repoDb(), targetId);
    const verdict = mergeVerdict({ bsId, source: party(source), target: target ? party(target) : null });
    if (verdict.status !== 0) refuse(verdict);
    const t = target as UserRow;
    return {
      source: {
        UID: source.id,
        username: source.username,
        BSs: await this.repo.stationsOf(this.repoDb(), source.id),
      },
      target: { UID: t.id, username: t.username, BSs: await this.repo.stationsOf(this.repoDb(), t.id) },
      moves: await this.repo.counts(this.repoDb(), source.id),
    };
  }

  async merge(
    actor: Actor,
    req: DoAccountMergeRequest,
  ): Promise<Omit<DoAccountMergeResponse, 'status_code'>> {
    assertOperator(actor, 'accountMerge');
    const now = this.nowS();
    // Before the transaction (on SQLite it holds the store's one connection): the customer named in
    // the audit trail; an account that does not exist is status 1.
    const known = await this.access.accountIdFor(actor, req.UID).catch(() => null);
    if (known === null) refuse({ status: 1 });
    const outcome = await this.repo.transaction(async (trx) => {
      const source = await this.repo.user(trx, req.UID);
      const target = await this.repo.user(trx, req.targetUID);
      if (!source) return { verdict: { status: 1 } as const };
      const sourceBSs = await this.repo.stationsOf(trx, source.id);
      const targetBSs = target ? await this.repo.stationsOf(trx, target.id) : [];
      // The rule of the button holds for the station the operator opened it from: any of the source's.
      const bsId = sourceBSs.find((id) => id.startsWith('F')) ?? sourceBSs[0] ?? '';
      const verdict = mergeVerdict({ bsId, source: party(source), target: target ? party(target) : null });
      if (verdict.status !== 0) return { verdict };
      if (!sameList(sourceBSs, req.BSs) || !sameList(targetBSs, req.targetBSs))
        return { verdict: { status: 2, refusal: 'changed' } as const };
      const t = target as UserRow;
      const before = {
        source: await this.repo.counts(trx, source.id),
        target: await this.repo.counts(trx, t.id),
      };
      const probes = await this.repo.probesOf(trx, sourceBSs);
      await this.moveEverything(trx, source.id, t.id);
      await this.repo.closeSource(trx, source.id, now);
      const moved: MergeCounts = before.source;
      await this.repo.recordMerge(trx, {
        source_user_id: source.id,
        source_username: source.username,
        target_user_id: t.id,
        target_username: t.username,
        merged_ts: now,
        admin: actor.user.username,
        counts: JSON.stringify(moved),
      });
      auditChanged(
        `account ${source.username} merged into ${t.username}`,
        {
          source: { UID: source.id, BSs: sourceBSs, ...before.source },
          target: { UID: t.id, BSs: targetBSs, ...before.target },
        },
        {
          source: { UID: source.id, blocked: true, BSs: [] },
          target: { UID: t.id, BSs: [...targetBSs, ...sourceBSs].sort() },
        },
      );
      return {
        verdict: { status: 0 } as const,
        moved,
        probes,
        source,
        target: t,
        BSs: [...targetBSs, ...sourceBSs].sort(),
        sourceBSs,
      };
    });
    if (outcome.verdict.status !== 0) refuse(outcome.verdict);
    const { moved, probes, source, target, BSs, sourceBSs } = outcome as Required<typeof outcome>;
    // The ingest's caches of each probe's station and account, the live views and the alert lists.
    if (probes.length > 0) this.bus.emit('probesMoved', { sensorIds: probes });
    if (sourceBSs.length > 0) this.bus.emit('newData', { bsIds: sourceBSs });
    this.bus.emit('alertsChanged', { ownerIds: [source.id, target.id], bsIds: sourceBSs });
    return { UID: target.id, BSs, moved };
  }

  /** Every table of decision 0101's "move" and "merge" rows, in one transaction. */
  private async moveEverything(trx: Trx, from: number, to: number): Promise<void> {
    const targetMonitors = await this.repo.monitorIds(trx, to);
    const sourceMonitors = await this.repo.monitorIds(trx, from);
    const numbers = renumberMonitors(
      targetMonitors.map((m) => m.item_id),
      sourceMonitors.map((m) => m.item_id),
    );
    // The target's default monitor stays its default; the source's keeps the flag only when the
    // target has none.
    const targetHasDefault = targetMonitors.some((m) => m.default_monitor === 1);
    for (const m of sourceMonitors)
      await this.repo.moveMonitor(trx, from, to, {
        oldId: m.item_id,
        newId: numbers.get(m.item_id) as number,
        keepDefault: !targetHasDefault,
      });
    await this.repo.moveOwned(trx, from, to);
    await this.repo.moveIfTargetHasNone(trx, from, to);
    await this.repo.moveUnlessClash(trx, from, to);
    await this.repo.moveSubUsers(trx, from, to);
  }

  /** Reads outside the merge's transaction. */
  private repoDb() {
    return this.repo.reader;
  }
}

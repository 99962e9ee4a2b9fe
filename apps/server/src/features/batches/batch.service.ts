import {
  batchDefaultsSchema,
  defaultBatchDefaults,
  type AddBatchTurningRequest,
  type Batch,
  type BatchCounts,
  type BatchDefaults,
  type BatchPhaseInput,
  type GetBatchCountsResponse,
  type ProbeReplacement,
  type ProcessPhasesResponse,
  type RcEvent,
  type batchEndpoints,
} from '@emberwatch/shared/contracts/batches';
import type { ParsedBodyOf, ParsedQueryOf } from '@emberwatch/shared/contracts/endpoint';
import { ApiError } from '../../http/ApiError.js';
import { presentPlans, type UserRepository, type UserRow } from '../users/index.js';
import { enforce, whoAmI, type AccessService, type Actor } from '../../http/access/index.js';
import { presentBatch } from './batch.presenter.js';
import type {
  BatchRepository,
  BatchRow,
  BatchTrx,
  LatestRow,
  PhaseRow,
  PhaseValues,
} from './batch.repository.js';
import { parseJson, updateProgress, type ReadingSource } from './batchProgress.js';
import {
  batchesOfAccountVisible,
  mayChangeBatch,
  mayOpenBatches,
  mayTouchBatch,
  mayUseBatchScope,
  mayUseStation,
  type BatchScope,
} from './batches.policy.js';
import { checkBatchPhases } from './checkBatchPhases.js';

type E = typeof batchEndpoints;

/** The RC event log of a batch's fan channels, read through the fans feature. */
export type RcEventsOfBatch = (q: {
  ownerId: number;
  batchId: number;
  fromTs: number;
  toTs: number;
  limit: number;
}) => Promise<RcEvent[]>;

/** Turnings may be dated back this far before the batch was entered (a pile started before its batch was). */
const TURNING_BACKDATE_S = 366 * 86_400;
const CLOCK_SLACK_S = 60;

/**
 * Compost batches (issue 13 item 4; decision 0049): reads with each started phase's progress brought
 * up to date from the readings, and the changes — every one checked against the caller's scope and
 * rights before anything is written, and written in one transaction.
 */
export class BatchService {
  constructor(
    private readonly repo: BatchRepository,
    private readonly access: AccessService,
    private readonly users: Pick<UserRepository, 'findById'>,
    private readonly readings: ReadingSource,
    private readonly rcEvents: RcEventsOfBatch,
    private readonly nowS: () => number,
  ) {}

  // --- reads ---------------------------------------------------------------------------------

  async list(actor: Actor, q: ParsedQueryOf<E['getBatches']>): Promise<Batch[]> {
    const scope = await this.scopeOf(actor, q.UID, q.BS_ID);
    const bsIds = q.BS_ID === undefined ? [...scope.stations.keys()] : [q.BS_ID];
    if (q.BS_ID !== undefined) enforce(mayUseStation(scope, q.BS_ID));
    const rows = await this.repo.list(bsIds, {
      archived: q.archived ?? false,
      status: q.status,
      id: q.batch_id,
    });
    return this.present(rows);
  }

  async changed(actor: Actor, q: ParsedQueryOf<E['getChangedBatches']>): Promise<Batch[]> {
    const scope = await this.scopeOf(actor, q.UID, q.BS_ID);
    if (q.BS_ID !== undefined) enforce(mayUseStation(scope, q.BS_ID));
    const bsIds = q.BS_ID === undefined ? [...scope.stations.keys()] : [q.BS_ID];
    return this.present(await this.repo.changedSince(bsIds, q.since));
  }

  async one(actor: Actor, uid: number | undefined, batchId: number): Promise<Batch> {
    const scope = await this.scopeOf(actor, uid);
    const row = this.inScope(scope, await this.repo.find(batchId));
    return (await this.present([row]))[0] as Batch;
  }

  async counts(actor: Actor, uid: number | undefined): Promise<Omit<GetBatchCountsResponse, 'status_code'>> {
    const scope = await this.scopeOf(actor, uid);
    const rows = await this.repo.counts([...scope.stations.keys()]);
    const per = new Map<string, BatchCounts>();
    const total: BatchCounts = { ongoing: 0, completed: 0, archived: 0 };
    for (const id of scope.stations.keys()) per.set(id, { ongoing: 0, completed: 0, archived: 0 });
    for (const r of rows) {
      const c = per.get(r.bs_id);
      if (!c) continue;
      const n = Number(r.n);
      const key = Number(r.archived) === 1 ? 'archived' : r.status === 1 ? 'ongoing' : 'completed';
      c[key] += n;
      total[key] += n;
    }
    return { results: [...per].map(([BS_ID, c]) => ({ BS_ID, ...c })), total };
  }

  async processPhases(
    actor: Actor,
    q: ParsedQueryOf<E['getProcessPhases']>,
  ): Promise<Omit<ProcessPhasesResponse, 'status_code'>> {
    const scope = await this.scopeOf(actor, q.UID);
    const ownerId = this.ownerOfScope(actor, scope, q.UID);
    const defaults = await this.defaultsOf(ownerId);
    if (q.batch_id === undefined) return { results: defaults.phases, defaults };
    const row = this.inScope(scope, await this.repo.find(q.batch_id));
    const phases = await this.repo.phases([row.id]);
    return {
      results: phases.map((p) => ({
        phase_name: p.name,
        targetTemp: p.target_temp,
        targetHours: p.target_hours,
      })),
      defaults: await this.defaultsOf(row.owner_user_id),
    };
  }

  async rcLog(actor: Actor, q: ParsedQueryOf<E['getPhaseRClog']>): Promise<RcEvent[]> {
    const scope = await this.scopeOf(actor, q.UID);
    const row = this.inScope(scope, await this.repo.find(q.batch_id));
    const phase = (await this.repo.phases([row.id])).find((p) => p.idx === q.index);
    if (!phase) throw ApiError.invalid('The batch has no such phase.', 'index');
    if (phase.start_ts === null) return [];
    return this.rcEvents({
      ownerId: row.owner_user_id,
      batchId: row.id,
      fromTs: phase.start_ts,
      toTs: phase.completed_ts ?? this.nowS(),
      limit: q.limit,
    });
  }

  // --- changes -------------------------------------------------------------------------------

  async save(actor: Actor, body: ParsedBodyOf<E['saveBatch']>): Promise<Batch> {
    enforce(mayChangeBatch(whoAmI(actor), 'editBatch'));
    const scope = await this.scopeOf(actor, body.UID);
    const b = body.batch;
    enforce(mayUseStation(scope, b.BS_ID));
    const station = scope.stations.get(b.BS_ID)!;
    const now = this.nowS();
    const existing =
      b.batch_id === undefined ? undefined : this.inScope(scope, await this.repo.find(b.batch_id));
    if (existing && existing.bs_id !== b.BS_ID)
      throw ApiError.invalid('A batch stays on its base station.', 'batch.BS_ID');
    if (existing && existing.archived_ts !== null)
      throw ApiError.invalid('Restore the batch from the archive before changing it.', 'batch.batch_id');

    const ownerId = existing?.owner_user_id ?? station.ownerId;
    const defaults = await this.defaultsOf(ownerId);
    const oldProbes = existing ? parseJson<string[]>(existing.probes, []) : [];
    const oldPhases = existing ? await this.repo.phases([existing.id]) : [];

    // Probes: on this station, and in no other ongoing batch.
    const onStation = await this.repo.probesOnStation(b.BS_ID, b.probes);
    const stranger = b.probes.find((p) => !onStation.has(p));
    if (stranger !== undefined)
      throw ApiError.invalid(`Probe ${stranger} is not on base station ${b.BS_ID}.`, 'batch.probes');
    if (b.status === 1) {
      const others = (await this.repo.ongoing([b.BS_ID])).filter((o) => o.id !== existing?.id);
      for (const o of others) {
        const taken = parseJson<string[]>(o.probes, []).find((p) => b.probes.includes(p));
        if (taken !== undefined)
          throw ApiError.invalid(
            `Probe ${taken} is already in the ongoing batch “${o.name}”.`,
            'batch.probes',
          );
      }
    }

    // Replacements: `from` was in the pile and leaves it, `to` is new in it.
    const replace = b.replace ?? [];
    for (const r of replace) {
      if (!oldProbes.includes(r.from) || b.probes.includes(r.from))
        throw ApiError.invalid(
          `Probe ${r.from} is not one of the batch's probes that leaves it.`,
          'batch.replace',
        );
      if (oldProbes.includes(r.to) || !b.probes.includes(r.to))
        throw ApiError.invalid(`Probe ${r.to} is not a new probe of the batch.`, 'batch.replace');
    }

    // Phases: as sent, or kept, or (a new batch) the defaults with the first started now.
    let phases: BatchPhaseInput[] =
      b.phases ??
      (existing
        ? oldPhases.map((p) => ({
            phase_name: p.name,
            targetTemp: p.target_temp,
            targetHours: p.target_hours,
            phase_start_date: p.start_ts,
            phase_completed_date: p.completed_ts,
          }))
        : defaults.phases.map((p, i) => ({
            ...p,
            phase_start_date: i === 0 ? now : null,
            phase_completed_date: null,
          })));
    checkBatchPhases(phases, now);
    const completing = b.status === 2 && existing?.status !== 2;
    if (completing)
      phases = phases.map((p) =>
        p.phase_start_date !== null && p.phase_completed_date === null
          ? { ...p, phase_completed_date: now }
          : p,
      );

    const replacementsByIdx = new Map(
      oldPhases.map((p) => [p.idx, parseJson<ProbeReplacement[]>(p.replacements, [])]),
    );
    if (replace.length > 0) {
      const running = (b.phases ?? phases).findIndex(
        (p) => p.phase_start_date !== null && p.phase_completed_date === null,
      );
      if (running < 0)
        throw ApiError.invalid('Probes can be replaced only while a phase is running.', 'batch.replace');
      replacementsByIdx.set(running, [
        ...(replacementsByIdx.get(running) ?? []),
        ...replace.map((r) => ({ from: r.from, to: r.to, ts: now })),
      ]);
    }
    const phaseValues: PhaseValues[] = phases.map((p, idx) => ({
      name: p.phase_name,
      target_temp: p.targetTemp,
      target_hours: p.targetHours,
      start_ts: p.phase_start_date,
      completed_ts: p.phase_completed_date,
      replacements: JSON.stringify(replacementsByIdx.get(idx) ?? []),
    }));
    // A phase whose target or dates changed is folded again from its start.
    const stale = oldPhases
      .filter((o) => {
        const n = phaseValues[o.idx];
        return (
          !n ||
          n.target_temp !== o.target_temp ||
          n.start_ts !== o.start_ts ||
          n.completed_ts !== o.completed_ts
        );
      })
      .map((o) => o.idx);

    const values = {
      name: b.batch_name,
      status: b.status,
      method: b.method ?? existing?.method ?? defaults.method,
      standard: b.standard ?? existing?.standard ?? defaults.standard,
      alert_temp:
        b.alertTemp !== undefined ? b.alertTemp : existing ? existing.alert_temp : defaults.alertTemp,
      probes: JSON.stringify(b.probes),
      notes: b.notes ?? existing?.notes ?? '',
      updated_ts: now,
      completed_ts: b.status === 2 ? (existing?.completed_ts ?? now) : null,
    };
    const id = await this.repo.transaction(async (trx) => {
      let batchId: number;
      if (existing) {
        batchId = existing.id;
        await this.repo.updateBatch(trx, batchId, values);
        await this.repo.forgetProgress(trx, batchId, stale);
      } else {
        batchId = await this.repo.insertBatch(trx, {
          ...values,
          owner_user_id: ownerId,
          bs_id: b.BS_ID,
          created_by: actor.user.id,
          is_admin: actor.isAdmin ? 1 : 0,
          created_ts: now,
          archived_ts: null,
        });
      }
      await this.repo.replacePhases(trx, batchId, phaseValues);
      return batchId;
    });
    return (await this.present([(await this.repo.find(id)) as BatchRow]))[0] as Batch;
  }

  async archive(actor: Actor, body: ParsedBodyOf<E['archiveBatches']>): Promise<Batch[]> {
    enforce(mayChangeBatch(whoAmI(actor), 'archiveBatch'));
    const scope = await this.scopeOf(actor, body.UID);
    const rows = await this.repo.findMany(body.batch_ids);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const batches = body.batch_ids.map((id) => this.inScope(scope, byId.get(id)));
    if (body.archive) {
      const ongoing = batches.find((r) => r.status !== 2);
      if (ongoing)
        throw ApiError.invalid(`Complete the batch “${ongoing.name}” before archiving it.`, 'batch_ids');
    }
    const now = this.nowS();
    await this.repo.transaction(async (trx) => {
      for (const r of batches)
        if ((r.archived_ts !== null) !== body.archive)
          await this.repo.updateBatch(trx, r.id, { archived_ts: body.archive ? now : null, updated_ts: now });
    });
    return this.present(await this.repo.findMany(body.batch_ids));
  }

  async saveProcessPhases(
    actor: Actor,
    body: ParsedBodyOf<E['saveProcessPhases']>,
  ): Promise<Omit<ProcessPhasesResponse, 'status_code'>> {
    const scope = await this.scopeOf(actor, body.UID);
    if (body.batch_id === undefined) {
      enforce(mayChangeBatch(whoAmI(actor), 'editBatchDefaults'));
      const ownerId = this.ownerOfScope(actor, scope, body.UID);
      const next: BatchDefaults = {
        ...(await this.defaultsOf(ownerId)),
        ...body.defaults,
        phases: body.phases,
      };
      await this.repo.saveDefaults(ownerId, JSON.stringify(next), this.nowS());
      return { results: next.phases, defaults: next };
    }
    enforce(mayChangeBatch(whoAmI(actor), 'editBatch'));
    if (body.defaults) throw ApiError.invalid('Default settings are saved without a batch.', 'defaults');
    const row = this.inScope(scope, await this.repo.find(body.batch_id));
    if (row.archived_ts !== null)
      throw ApiError.invalid('Restore the batch from the archive before changing it.');
    const old = await this.repo.phases([row.id]);
    const started = old.filter((p) => p.start_ts !== null);
    const lastStarted = started.length === 0 ? -1 : Math.max(...started.map((p) => p.idx));
    if (body.phases.length <= lastStarted)
      throw ApiError.invalid('A phase that has started cannot be removed.', 'phases');
    const values: PhaseValues[] = body.phases.map((p, idx) => {
      const o: PhaseRow | undefined = old.find((x) => x.idx === idx);
      return {
        name: p.phase_name,
        target_temp: p.targetTemp,
        target_hours: p.targetHours,
        start_ts: o?.start_ts ?? null,
        completed_ts: o?.completed_ts ?? null,
        replacements: o?.replacements ?? '[]',
      };
    });
    const stale = old.filter((o) => values[o.idx]?.target_temp !== o.target_temp).map((o) => o.idx);
    await this.repo.transaction(async (trx) => {
      await this.repo.replacePhases(trx, row.id, values);
      await this.repo.forgetProgress(trx, row.id, stale);
      await this.repo.updateBatch(trx, row.id, { updated_ts: this.nowS() });
    });
    return { results: body.phases, defaults: await this.defaultsOf(row.owner_user_id) };
  }

  async addTurning(
    actor: Actor,
    body: ParsedBodyOf<E['addBatchTurning']> & AddBatchTurningRequest,
  ): Promise<Batch> {
    enforce(mayChangeBatch(whoAmI(actor), 'recordTurning'));
    const row = await this.changeable(actor, body.UID, body.batch_id);
    const now = this.nowS();
    const ts = body.ts ?? now;
    if (ts > now + CLOCK_SLACK_S) throw ApiError.invalid('A turning cannot be recorded in the future.', 'ts');
    const firstStart = (await this.repo.phases([row.id])).find((p) => p.start_ts !== null)?.start_ts;
    const earliest = Math.min(firstStart ?? row.created_ts, row.created_ts - TURNING_BACKDATE_S);
    if (ts < earliest) throw ApiError.invalid('The turning is dated before the batch.', 'ts');
    await this.repo.transaction(async (trx) => {
      await this.repo.insertTurning(trx, {
        batch_id: row.id,
        ts,
        note: body.note === undefined || body.note === '' ? null : body.note,
        user_id: actor.user.id,
        created_ts: now,
      });
      await this.repo.updateBatch(trx, row.id, { updated_ts: now });
    });
    return this.presentOne(row.id);
  }

  async removeTurning(actor: Actor, body: ParsedBodyOf<E['removeBatchTurning']>): Promise<Batch> {
    enforce(mayChangeBatch(whoAmI(actor), 'recordTurning'));
    const row = await this.changeable(actor, body.UID, body.batch_id);
    await this.repo.transaction(async (trx: BatchTrx) => {
      if (!(await this.repo.deleteTurning(trx, row.id, body.id)))
        throw ApiError.invalid('The batch has no such turning.', 'id');
      await this.repo.updateBatch(trx, row.id, { updated_ts: this.nowS() });
    });
    return this.presentOne(row.id);
  }

  // --- helpers -------------------------------------------------------------------------------

  /** The batch of the caller's scope that may still change (not archived). */
  async changeable(actor: Actor, uid: number | undefined, batchId: number): Promise<BatchRow> {
    const scope = await this.scopeOf(actor, uid);
    const row = this.inScope(scope, await this.repo.find(batchId));
    if (row.archived_ts !== null)
      throw ApiError.invalid('Restore the batch from the archive before changing it.');
    return row;
  }

  /** A batch the caller may see, for the report. */
  async visible(actor: Actor, uid: number | undefined, batchId: number): Promise<BatchRow> {
    const scope = await this.scopeOf(actor, uid);
    return this.inScope(scope, await this.repo.find(batchId));
  }

  /**
   * The stations whose batches the call may touch, found and then asked of the policy
   * (batches.policy.ts). `bsId`: a call naming a station without UID works on that station's account,
   * as with its UID (staff have no stations of their own).
   */
  private async scopeOf(actor: Actor, uid: number | undefined, bsId?: string): Promise<BatchScope> {
    const me = whoAmI(actor);
    enforce(mayOpenBatches(me, { partnerApp: actor.user.partner_app }));
    const uidOrStation =
      uid === undefined && bsId !== undefined ? await this.access.accountOfStation(actor, bsId) : uid;
    const target =
      uidOrStation === undefined ? undefined : await this.access.targetAccount(actor, uidOrStation);
    const rows = await this.access.visibleStations(actor, target);
    const visible = new Map<number, boolean>();
    for (const id of new Set(rows.map((r) => r.owner_user_id))) {
      const owner = await this.users.findById(id);
      visible.set(id, owner !== undefined && batchesOfAccountVisible(me, this.batchAccount(owner)));
    }
    const stations: BatchScope['stations'] = new Map();
    for (const r of rows)
      if (visible.get(r.owner_user_id))
        stations.set(r.id, { ownerId: r.owner_user_id, name: r.display_name });
    const facts = { stations: stations.size, named: target !== undefined, seen: rows.length };
    const own =
      facts.stations === 0 && !facts.named && facts.seen === 0 && me.staff === null
        ? await this.users.findById(actor.accountId)
        : undefined;
    enforce(mayUseBatchScope(me, { ...facts, ownAccount: own && this.batchAccount(own) }));
    return { stations };
  }

  private batchAccount(u: UserRow) {
    return { partnerApp: u.partner_app as 'gari' | 'haytech' | null, plans: presentPlans(u, this.nowS()) };
  }

  /** The batch, if it is on a station of the scope (the policy refuses it alike when it does not exist). */
  private inScope(scope: BatchScope, row: BatchRow | undefined): BatchRow {
    enforce(mayTouchBatch(scope, row));
    return row as BatchRow;
  }

  /** The account whose defaults a call without a batch means: the one named, else the caller's own. */
  private ownerOfScope(actor: Actor, scope: BatchScope, uid: number | undefined): number {
    if (uid === undefined) return actor.accountId;
    const owners = new Set([...scope.stations.values()].map((s) => s.ownerId));
    if (owners.size === 1) return [...owners][0] as number;
    return uid;
  }

  async defaultsOf(ownerId: number): Promise<BatchDefaults> {
    const stored = await this.repo.defaults(ownerId);
    const parsed = batchDefaultsSchema.safeParse(parseJson<unknown>(stored ?? null, null));
    return parsed.success ? parsed.data : defaultBatchDefaults();
  }

  private async presentOne(id: number): Promise<Batch> {
    return (await this.present([(await this.repo.find(id)) as BatchRow]))[0] as Batch;
  }

  async present(rows: readonly BatchRow[]): Promise<Batch[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const now = this.nowS();
    const [phases, progress, turnings] = await Promise.all([
      this.repo.phases(ids),
      this.repo.progress(ids),
      this.repo.turnings(ids),
    ]);
    const latestRows = await this.repo.latest(rows.flatMap((r) => parseJson<string[]>(r.probes, [])));
    const latest = new Map<string, LatestRow>(latestRows.map((l) => [l.sensor_id, l]));
    const out: Batch[] = [];
    for (const row of rows) {
      const myPhases = phases.filter((p) => p.batch_id === row.id);
      const myProgress = await updateProgress(
        this.repo,
        this.readings,
        row,
        myPhases,
        progress.filter((p) => p.batch_id === row.id),
        now,
      );
      out.push(
        presentBatch(
          row,
          {
            phases: myPhases,
            progress: myProgress,
            turnings: turnings.filter((t) => t.batch_id === row.id),
            latest,
          },
          now,
        ),
      );
    }
    return out;
  }
}

import type {
  GetMeasurementsQuery,
  GetSummaryResponse,
  OverviewProbe,
} from '@emberwatch/shared/contracts/publicApi';
import type { ActivateKitRequest, ActivateKitResponse } from '@emberwatch/shared/contracts/activation';
import type { UiPreferences } from '@emberwatch/shared/contracts/preferences';
import { unitOf, type DegreesUnit } from '@emberwatch/shared/domain/temperature';
import { ApiError } from '../../http/ApiError.js';
import type { AccessService, Actor } from '../../http/access/index.js';
import type { DecodedReading, HistoryReading } from '../readings/index.js';
import { decodeCursor, encodeCursor, measurementOf } from './measurementPage.js';
import type { MeasurementsPage } from './measurementText.js';
import type { PublicApiRepository } from './publicApi.repository.js';

/** The key a call came with (keyAuth.ts). */
export interface KeyCaller {
  actor: Actor;
  keyId: string;
  scope: 'read' | 'activate';
  /** The key's last recorded use (keyUsed writes the new one). */
  lastUsed: { ts: number; ip: string | null } | null;
}

export interface PublicApiDeps {
  access: AccessService;
  history: {
    range(ids: readonly string[], from: number, to: number): Promise<HistoryReading[]>;
    firstReadings(sensorId: string, from: number, to: number, count: number): Promise<DecodedReading[]>;
  };
  preferences: { get(userId: number): Promise<UiPreferences> };
  activateKit: (actor: Actor, req: ActivateKitRequest, address: string) => Promise<ActivateKitResponse>;
  reclaimStation: (actor: Actor, bsId: string) => Promise<ActivateKitResponse>;
  releaseStation: (ownerId: number, bsId: string) => Promise<void>;
}

const DAY_S = 86_400;
/** The overview's readings: newer than this. */
export const OVERVIEW_DAYS = 7;

/**
 * The public API's calls (decisions 0110–0112): every answer is the key's account's, found through
 * the access layer like the app's own calls; the v2 changes are the activation and station
 * features' own, with their rules and words.
 */
export class PublicApiService {
  constructor(
    private readonly repo: PublicApiRepository,
    private readonly deps: PublicApiDeps,
    private readonly nowS: () => number,
  ) {}

  private async unitOf(caller: KeyCaller, units: 'account' | 'si'): Promise<DegreesUnit> {
    if (units === 'si') return 'C';
    return unitOf((await this.deps.preferences.get(caller.actor.accountId)).degrees);
  }

  async summary(caller: KeyCaller): Promise<GetSummaryResponse> {
    const accountId = caller.actor.accountId;
    const [account, stations, unit] = await Promise.all([
      this.repo.account(accountId),
      this.repo.stationsOf(accountId),
      this.unitOf(caller, 'account'),
    ]);
    if (!account) throw ApiError.notFound('No such account.');
    const probes = await this.repo.probesOn(stations.map((s) => s.id));
    const count = new Map<string, number>();
    for (const p of probes) count.set(p.bs_id, (count.get(p.bs_id) ?? 0) + 1);
    return {
      status_code: 0,
      account: {
        UID: account.id,
        username: account.username,
        unit,
        api_plan: { due: account.api_plan_due_ts === null ? null : Number(account.api_plan_due_ts) },
      },
      key: { id: caller.keyId, scope: caller.scope },
      stations: stations.map((s) => ({
        bs_id: s.id,
        name: s.display_name,
        probes: count.get(s.id) ?? 0,
        last_data_ts: s.last_data_ts === null ? null : Number(s.last_data_ts),
      })),
    };
  }

  async overview(
    caller: KeyCaller,
    q: { bs_id?: string; units: 'account' | 'si' },
  ): Promise<{ unit: DegreesUnit; probes: OverviewProbe[] }> {
    let bsIds: string[];
    if (q.bs_id !== undefined) {
      await this.deps.access.assertCanSeeStation(caller.actor, q.bs_id);
      bsIds = [q.bs_id];
    } else bsIds = (await this.repo.stationsOf(caller.actor.accountId)).map((s) => s.id);
    const [unit, probes] = await Promise.all([this.unitOf(caller, q.units), this.repo.probesOn(bsIds)]);
    const now = this.nowS();
    const readings = await this.deps.history.range(
      probes.map((p) => p.sensor_id),
      now - OVERVIEW_DAYS * DAY_S,
      now,
    );
    const latest = new Map<string, HistoryReading>();
    // By probe, then time: the last one of each probe is its newest.
    for (const r of readings) latest.set(r.sensor_id, r);
    return {
      unit,
      probes: probes.map((p) => {
        const r = latest.get(p.sensor_id);
        const m = r ? measurementOf(r, unit) : null;
        return {
          bs_id: p.bs_id,
          sensor_id: p.sensor_id,
          name: p.sensor_name,
          kind: p.kind,
          ts: m?.ts ?? null,
          temperature: m?.temperature ?? null,
          temps: m?.temps ?? [],
        };
      }),
    };
  }

  /**
   * One page of a probe's readings: after the cursor (or from `from`) up to `to`, at most `limit`.
   * The probe must be on the named station of the key's account; anything else is the same 403.
   */
  async measurements(caller: KeyCaller, q: GetMeasurementsQuery): Promise<MeasurementsPage> {
    const probe = await this.deps.access.probeFor(caller.actor, q.sensor_id);
    if (probe.bs_id !== q.bs_id || !this.deps.access.canSeeAccount(caller.actor, probe.owner_user_id))
      throw ApiError.forbidden();
    const to = q.to ?? this.nowS();
    const from = q.from ?? to - 7 * DAY_S;
    if (from > to) throw ApiError.invalid('from must not be after to.', 'from');
    let start = from;
    if (q.cursor !== undefined) {
      const after = decodeCursor(q.cursor);
      if (after === null) throw ApiError.invalid('Not a cursor of this call.', 'cursor');
      start = Math.max(from, after + 1);
    }
    const [unit, rows] = await Promise.all([
      this.unitOf(caller, q.units),
      // One reading more than the page, to know there is a next.
      this.deps.history.firstReadings(q.sensor_id, start, to, q.limit + 1),
    ]);
    const readings = rows.length > q.limit ? rows.slice(0, q.limit) : rows;
    const last = readings.at(-1);
    return {
      bs_id: q.bs_id,
      sensor_id: q.sensor_id,
      unit,
      from,
      to,
      readings,
      next_cursor: rows.length > q.limit && last ? encodeCursor(last.meas_ts) : null,
    };
  }

  async activate(
    caller: KeyCaller,
    kind: 'system' | 'probes',
    code: string,
    bsId: string | undefined,
    address: string,
  ) {
    const res = await this.deps.activateKit(
      caller.actor,
      { id: code, kind, ...(bsId !== undefined ? { BS_ID: bsId } : {}) },
      address,
    );
    return { status_code: 0 as const, bs_id: res.kit.bs_id, set_id: res.kit.set_id, probes: res.kit.probes };
  }

  /** The station leaves the account as the operator's Remove BS would take it; remembered for reactivateBS. */
  async deactivate(caller: KeyCaller, bsId: string) {
    const owner = await this.deps.access.accountOfStation(caller.actor, bsId);
    await this.deps.releaseStation(owner, bsId);
    await this.repo.recordRelease({
      bs_id: bsId,
      account_id: owner,
      key_id: caller.keyId,
      released_ts: this.nowS(),
    });
    return { status_code: 0 as const, bs_id: bsId, active: false };
  }

  /** Back into the account that released it, only: for anyone else the id is unknown (403). */
  async reactivate(caller: KeyCaller, bsId: string) {
    const release = await this.repo.releaseOf(bsId);
    if (!release || release.account_id !== caller.actor.accountId) throw ApiError.forbidden();
    await this.deps.reclaimStation(caller.actor, bsId);
    await this.repo.forgetRelease(bsId);
    return { status_code: 0 as const, bs_id: bsId, active: true };
  }
}

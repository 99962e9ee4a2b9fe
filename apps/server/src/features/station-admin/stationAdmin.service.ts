import type { MinMaxResponse, MinmaxQuery } from '@emberwatch/shared/contracts/probeData';
import type {
  AuxMinmaxResponse,
  ProbeStopSettings,
  ProbeStopSettingsResponse,
  ReplaceBasestationRequest,
  Replacement,
  SocEntry,
  StationSettings,
} from '@emberwatch/shared/contracts/stationAdmin';
import { batteryLevel, isBatteryLow } from '@emberwatch/shared/domain/batteryLevel';
import {
  SPEC_PROBE_STOP_RULES,
  type ProbeStopRules,
} from '@emberwatch/shared/domain/stationAdmin/probeStopSettings';
import { mayRemoveStation } from '@emberwatch/shared/domain/stationAdmin/stationButtons';
import {
  REPLACEMENT_HTTP,
  replacementStatus,
  replacementText,
} from '@emberwatch/shared/domain/stationAdmin/stationReplacement';
import { ApiError } from '../../http/ApiError.js';
import { assertOperator, type AccessService, type Actor } from '../../http/access/index.js';
import { auditChanged } from '../../http/audit.js';
import type { EventBus } from '../../realtime/EventBus.js';
import type { StationAdminRepository } from './stationAdmin.repository.js';

const HOLD_TEXTS = {
  probes: 'Cannot remove BS. Probes are configured on it; transfer them first.',
  storages: 'Cannot remove BS. Storages are on it; move or remove them first.',
  batches: 'Cannot remove BS. Batches are on it; archive them on another station first.',
} as const;

/**
 * The console's station tools (decision 0094). Replacing, removing and grouping stations are operator
 * tools (Root, Admin, Tech), each done in one transaction; the probe stop settings are the fleet's
 * (Root and Admin change them). The station's settings, state of charge and aux extremes are customer
 * calls: whoever may see the station reads them, whoever may change its settings saves them.
 */
export class StationAdminService {
  constructor(
    private readonly repo: StationAdminRepository,
    private readonly access: AccessService,
    private readonly bus: Pick<EventBus, 'emit'>,
    private readonly nowS: () => number,
    private readonly minmaxOf: (actor: Actor, q: MinmaxQuery) => Promise<MinMaxResponse>,
  ) {}

  async replace(actor: Actor, req: ReplaceBasestationRequest): Promise<{ bs_id: string }> {
    assertOperator(actor, 'stationReplacement');
    const now = this.nowS();
    // Before the transaction: on SQLite it holds the store's one connection. An account that does not
    // exist has no station to replace (status 1).
    const owner = await this.access.accountIdFor(actor, req.UID).catch(() => null);
    const outcome = await this.repo.transaction(async (trx) => {
      const old = await this.repo.station(trx, req.old_bs);
      const kit = await this.repo.stationKit(trx, req.new_bs);
      const status = replacementStatus({
        oldIsTheAccounts: old !== undefined && owner !== null && old.owner_user_id === owner,
        groupSize: old?.bs_group ? await this.repo.groupSize(trx, old.bs_group) : 1,
        newIsStation: (await this.repo.station(trx, req.new_bs)) !== undefined,
        newKit: !kit ? 'none' : kit.claimed_ts === null ? 'open' : 'claimed',
        sameId: req.old_bs === req.new_bs,
      });
      if (status !== 0 || !old || !kit) return { status, moved: [] as string[] };
      if (!(await this.repo.claimKit(trx, kit.id, old.owner_user_id, req.new_bs, now)))
        return { status: 3 as const, moved: [] };
      // The new station takes the old one's place in the account; what the device reports about
      // itself (type, firmware, last calls) it will report anew, with the secret made for its kit.
      await this.repo.insertStation(trx, {
        ...old,
        id: req.new_bs,
        bs_type: null,
        version: null,
        firmware: null,
        last_boot_ts: null,
        last_conf_ts: null,
        last_data_ts: null,
        credential_hash: kit.credential_hash as string,
        activation_ts: now,
        created_ts: now,
      });
      const moved = await this.repo.moveStation(trx, req.old_bs, req.new_bs);
      await this.repo.deleteStation(trx, req.old_bs);
      await this.repo.recordReplacement(trx, {
        replaced: req.old_bs,
        bs_id: req.new_bs,
        owner_user_id: old.owner_user_id,
        replaced_ts: now,
        admin: actor.user.username,
      });
      return { status: 0 as const, moved };
    });
    if (outcome.status !== 0)
      throw new ApiError(REPLACEMENT_HTTP[outcome.status], replacementText(outcome.status), outcome.status);
    auditChanged(
      `base station ${req.old_bs}`,
      { bs_id: req.old_bs },
      { bs_id: req.new_bs, probes: outcome.moved.length },
    );
    // The ingest path caches each probe's station; the probe list caches each station's latest values.
    if (outcome.moved.length > 0) this.bus.emit('probesMoved', { sensorIds: outcome.moved });
    this.bus.emit('newData', { bsIds: [req.old_bs, req.new_bs] });
    return { bs_id: req.new_bs };
  }

  async history(actor: Actor, bsId: string): Promise<Replacement[]> {
    assertOperator(actor, 'replacementHistory');
    const rows = await this.repo.history(bsId);
    return rows.map((r) => ({
      replaced: r.replaced,
      BS_ID: r.bs_id,
      replaced_date: Number(r.replaced_ts),
      admin: r.admin,
    }));
  }

  async deactivate(actor: Actor, bsId: string): Promise<void> {
    assertOperator(actor, 'stationRemoval');
    const owner = await this.access.accountOfStation(actor, bsId);
    await this.release(owner, bsId);
  }

  /**
   * Takes a station out of its account and reopens its kit, with the removal's rules and words (a 409
   * while something holds it, or when it is the account's only station). The operator's Remove BS
   * and a partner's POST /api/v2/deactivateBS (decision 0112), each after its own access check.
   */
  async release(owner: number, bsId: string): Promise<void> {
    const refusal = await this.repo.transaction(async (trx) => {
      const holds = await this.repo.stationHolds(trx, bsId);
      if (holds) return HOLD_TEXTS[holds];
      const accountStations = await this.repo.stationCount(trx, owner);
      if (!mayRemoveStation({ accountStations, probes: 0 }))
        return 'Cannot remove BS. It is the account’s only base station.';
      const before = await this.repo.station(trx, bsId);
      await this.repo.detachStation(trx, bsId);
      await this.repo.reopenKit(trx, bsId);
      const group = before?.bs_group;
      if (group) await this.repo.dissolveSingletons(trx, [group]);
      auditChanged(
        `base station ${bsId}`,
        { bs_id: bsId, owner_user_id: owner, bs_group: group ?? null },
        null,
      );
      return null;
    });
    if (refusal) throw new ApiError(409, refusal, 409);
    this.bus.emit('newData', { bsIds: [bsId] });
  }

  async group(actor: Actor, bsIds: readonly string[]): Promise<string | null> {
    assertOperator(actor, 'stationGrouping');
    for (const id of bsIds) await this.access.accountOfStation(actor, id);
    return this.repo.transaction(async (trx) => {
      const rows = await this.repo.stationsOf(trx, bsIds);
      if (new Set(rows.map((r) => r.owner_user_id)).size > 1)
        throw ApiError.invalid('Only stations of one account can be grouped.', 'bs_ids');
      const before = rows.map((r) => ({ bs_id: r.id, bs_group: r.bs_group }));
      const oldGroups = [...new Set(rows.flatMap((r) => (r.bs_group ? [r.bs_group] : [])))];
      // The group is named after its first station: stable, readable, and unique (one station, one group).
      const group = bsIds.length > 1 ? `G-${[...bsIds].sort()[0]}` : null;
      await this.repo.setGroup(trx, bsIds, group);
      await this.repo.dissolveSingletons(trx, group ? [...oldGroups, group] : oldGroups);
      auditChanged(
        'base station groups',
        before,
        bsIds.map((id) => ({ bs_id: id, bs_group: group })),
      );
      return group;
    });
  }

  /** The fleet's rules as the data-break feature applies them. */
  async probeStopRules(): Promise<ProbeStopRules> {
    const row = await this.repo.probeStop();
    return row
      ? { defaultS: row.default_s, reportingIntervals: row.reporting_intervals }
      : SPEC_PROBE_STOP_RULES;
  }

  async probeStop(actor: Actor): Promise<Omit<ProbeStopSettingsResponse, 'status_code'>> {
    assertOperator(actor, 'probeStopRead');
    return this.probeStopView();
  }

  async saveProbeStop(
    actor: Actor,
    s: ProbeStopSettings,
  ): Promise<Omit<ProbeStopSettingsResponse, 'status_code'>> {
    assertOperator(actor, 'probeStopSettings');
    const before = await this.probeStopRules();
    await this.repo.saveProbeStop({
      default_s: s.defaultS,
      reporting_intervals: s.reportingIntervals,
      updated_ts: this.nowS(),
      updated_by: actor.user.username,
    });
    auditChanged('probe stop settings', before, s);
    return this.probeStopView();
  }

  private async probeStopView(): Promise<Omit<ProbeStopSettingsResponse, 'status_code'>> {
    const row = await this.repo.probeStop();
    return {
      settings: row
        ? { defaultS: row.default_s, reportingIntervals: row.reporting_intervals }
        : SPEC_PROBE_STOP_RULES,
      specDefaults: SPEC_PROBE_STOP_RULES,
      updated_ts: row ? Number(row.updated_ts) : null,
      updated_by: row?.updated_by ?? null,
    };
  }

  /** A station's settings; a station without saved ones has the firmware's (spec doc 2 §3). */
  async stationSettingsOf(bsId: string): Promise<StationSettings> {
    const row = await this.repo.stationSettings(bsId);
    return {
      tempIntervalDegrees: row?.temp_interval_degrees ?? null,
      userBSIntervals: row?.user_bs_intervals === 1,
      alarm_treshold_1: row?.alarm_threshold_1 ?? null,
      alarm_treshold_2: row?.alarm_threshold_2 ?? null,
    };
  }

  async saveSettings(actor: Actor, bsId: string, s: StationSettings): Promise<StationSettings> {
    await this.access.accountOfStation(actor, bsId);
    this.access.assertMayChange(actor, 'editStation');
    const before = await this.repo.stationSettings(bsId);
    const row = {
      bs_id: bsId,
      temp_interval_degrees: s.tempIntervalDegrees,
      user_bs_intervals: s.userBSIntervals ? 1 : 0,
      alarm_threshold_1: s.alarm_treshold_1,
      alarm_threshold_2: s.alarm_treshold_2,
      updated_ts: this.nowS(),
    };
    await this.repo.saveStationSettings(row);
    auditChanged(`base station ${bsId} settings`, before ?? null, row);
    return s;
  }

  async soc(actor: Actor, bsId: string): Promise<SocEntry[]> {
    await this.access.assertCanSeeStation(actor, bsId);
    const now = this.nowS();
    const rows = await this.repo.latestBatteries(bsId);
    return rows.flatMap((r) => {
      // A probe that never reported has no charge to tell.
      if (r.meas_ts === null) return [];
      const ts = Number(r.meas_ts);
      return [
        {
          sensor_id: r.sensor_id,
          batt_voltage: r.batt,
          level: batteryLevel(r.batt),
          low: isBatteryLow(r.batt, now - ts),
          meas_ts: ts,
        },
      ];
    });
  }

  async auxMinmax(actor: Actor, q: MinmaxQuery): Promise<Omit<AuxMinmaxResponse, 'status_code'>> {
    // minmaxData refuses a station the caller may not see.
    const all = await this.minmaxOf(actor, q);
    const aux = await this.repo.auxProbes(q.basestationID);
    const extremes = new Map(all.results.map((r) => [r.sensor_id, r]));
    return {
      fromTS: all.fromTS,
      toTS: all.toTS,
      results: aux.flatMap((p) => {
        const e = extremes.get(p.sensor_id);
        return e ? [{ a: p.sensor_id, aa: p.sensor_name, min: e.min, max: e.max }] : [];
      }),
    };
  }
}

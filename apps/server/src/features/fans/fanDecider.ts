import {
  decideFan,
  type FanCommand,
  type FanReading,
  type FanRuleCore,
  type FanState,
  type OutdoorAir,
  type StoredMaterial,
} from '@emberwatch/shared/domain/fans/decideFan';
import { offlineRuleOf } from '@emberwatch/shared/domain/fans/offlineRule';
import { RULE_TYPE_INFO } from '@emberwatch/shared/domain/kinds/ruleTypes';
import type { ChannelWithController, FanEventRow, FanRepository, LatestReading } from './fan.repository.js';
import { isControllerOffline } from './fanPresenter.js';

/** The climate a controller reported of its own air sensor (fan_controllers.climate). */
export interface StoredClimate {
  temperature: number;
  rh: number;
  ts: number;
}

/** Which controllers' status changed (their owners' views refetch them: the web's fcStat). */
export type FanStatusListener = (change: { ownerIds: number[]; fcIds: string[] }) => void;

/** The state of a channel no decision has touched yet: no rule, fan off. */
export function initialFanState(nowS: number): FanState {
  return decideFan({
    rule: null,
    manual: { isManual: false, manualCommand: 0 },
    readings: [],
    outdoor: null,
    material: 'other',
    timeZone: null,
    previous: null,
    nowS,
  }).state;
}

const MATERIALS: readonly StoredMaterial[] = ['hay', 'grain', 'compost'];

/** The material most of the storage's probes are made for (probe kinds: H hay, G grain, C compost). */
function materialOf(kinds: readonly (string | null)[]): StoredMaterial {
  let best: StoredMaterial = 'other';
  let most = 0;
  for (const m of MATERIALS) {
    const n = kinds.filter((k) => k === m).length;
    if (n > most) [best, most] = [m, n];
  }
  return best;
}

function parseRules(json: string): FanRuleCore[] {
  try {
    const rules = JSON.parse(json) as { type: keyof typeof RULE_TYPE_INFO; settings: unknown }[];
    return rules.filter((r) => RULE_TYPE_INFO[r.type]?.fanControl) as FanRuleCore[];
  } catch {
    return [];
  }
}

function readingOf(r: LatestReading): FanReading {
  let temps: number[];
  try {
    temps = JSON.parse(r.temps) as number[];
  } catch {
    temps = [r.temperature];
  }
  return {
    sensorId: r.sensor_id,
    measTs: r.meas_ts,
    temperatures: temps.length > 0 ? temps : [r.temperature],
  };
}

/**
 * Runs the fan decision (domain/fans/decideFan.ts) for controller channels and stores what changed:
 * the command with a new revision when the command or the offline rule changed, the state otherwise,
 * and a line in the event log when what the fan does or why changed. The inputs of many channels are
 * read together (a handful of queries for all of them). Runs one after another, never overlapping.
 */
export class FanDecider {
  private chain: Promise<unknown> = Promise.resolve();
  private pendingStations = new Set<string>();
  private stationRunQueued = false;
  private readonly listeners: FanStatusListener[] = [];

  constructor(
    private readonly repo: FanRepository,
    private readonly nowS: () => number,
    private readonly onError: (err: unknown) => void = () => undefined,
  ) {}

  onStatusChanged(listener: FanStatusListener): void {
    this.listeners.push(listener);
  }

  /** The timer's pass: every channel. */
  decideAll(): Promise<void> {
    return this.enqueue(async () => this.decide(await this.repo.allChannels()));
  }

  /** A controller's channels, now (after a call changed them); resolves once written. */
  decideControllers(fcIds: readonly string[]): Promise<void> {
    return this.enqueue(async () => this.decide(await this.repo.channelsOfMany(fcIds)));
  }

  /** After new readings of these stations: the channels whose storage or outdoor probe is on them. */
  schedule(bsIds: readonly string[]): void {
    for (const id of bsIds) this.pendingStations.add(id);
    if (this.stationRunQueued) return;
    this.stationRunQueued = true;
    void this.enqueue(async () => {
      this.stationRunQueued = false;
      const stations = [...this.pendingStations];
      this.pendingStations.clear();
      const fcIds = await this.repo.channelsTouchedBy(stations);
      if (fcIds.length > 0) await this.decide(await this.repo.channelsOfMany(fcIds));
    }).catch(this.onError);
  }

  /** Resolves when the queued work is done (tests, shutdown). */
  async idle(): Promise<void> {
    let seen: Promise<unknown> | undefined;
    while (seen !== this.chain) {
      seen = this.chain;
      await seen.catch(() => undefined);
    }
  }

  private enqueue(work: () => Promise<void>): Promise<void> {
    const run = this.chain.then(work, work);
    this.chain = run.catch(() => undefined);
    return run;
  }

  private async decide(channels: ChannelWithController[]): Promise<void> {
    if (channels.length === 0) return;
    const now = this.nowS();
    const storages = new Map(
      (await this.repo.storages(channels.flatMap((c) => (c.in_use === null ? [] : [c.in_use])))).map((s) => [
        s.id,
        s,
      ]),
    );
    const owners = [
      ...new Set([
        ...channels.map((c) => c.owner_user_id),
        ...[...storages.values()].map((s) => s.owner_user_id),
      ]),
    ];
    const rulesOf = new Map(
      (await this.repo.monitorRules(owners)).map((m) => [
        `${m.owner_user_id}:${m.item_id}`,
        parseRules(m.rules),
      ]),
    );
    const probes = await this.repo.storageProbes([...storages.keys()]);

    // An RC unit's own scheduler holds the channels that name their monitor (decision 0037 addendum).
    const rcSchedulers = new Map(
      (
        await this.repo.schedulers([
          ...new Set(channels.filter((c) => c.in_use === null && c.monitor_ref !== null).map((c) => c.fc_id)),
        ])
      ).map((s) => [s.fc_id, s]),
    );
    const ruleByChannel = new Map<ChannelWithController, FanRuleCore | null>();
    for (const ch of channels) {
      const storage = ch.in_use === null ? undefined : storages.get(ch.in_use);
      let rule: FanRuleCore | null = null;
      if (storage && storage.monitor_id !== null)
        // The storage's monitor drives the controllers its fan rule names (one per monitor, spec §5).
        rule =
          rulesOf
            .get(`${storage.owner_user_id}:${storage.monitor_id}`)
            ?.find((r) => r.settings.FC_ID === ch.fc_id) ?? null;
      else if (!storage && ch.monitor_ref !== null)
        // An RC unit's channel names its monitor itself (doc 2 §7 monitorRef).
        rule = withRcScheduler(
          rulesOf.get(`${ch.owner_user_id}:${ch.monitor_ref}`)?.[0] ?? null,
          rcSchedulers.get(ch.fc_id),
        );
      ruleByChannel.set(ch, rule);
    }
    const outdoorIds = [...ruleByChannel.values()].flatMap((r) =>
      r?.type === 'COOLDOWN_CONTROL' ? [r.settings.outdoorID] : [],
    );
    const latest = new Map(
      (await this.repo.latest([...probes.map((p) => p.sensor_id), ...outdoorIds])).map((r) => [
        r.sensor_id,
        r,
      ]),
    );
    const zones = await this.repo.timeZones([
      ...[...storages.values()].map((s) => s.bs_id),
      ...channels.flatMap((c) => (c.bs_id ? [c.bs_id] : [])),
    ]);

    const changed: ChannelWithController[] = [];
    for (const ch of channels) {
      const rule = ruleByChannel.get(ch) ?? null;
      const storage = ch.in_use === null ? undefined : storages.get(ch.in_use);
      const mine = storage ? probes.filter((p) => p.storage_id === storage.id) : [];
      const readings = mine.flatMap((p) => {
        const r = latest.get(p.sensor_id);
        return r ? [readingOf(r)] : [];
      });
      const outdoorRow = rule?.type === 'COOLDOWN_CONTROL' ? latest.get(rule.settings.outdoorID) : undefined;
      const climate = ch.climate ? (JSON.parse(ch.climate) as StoredClimate) : null;
      const outdoor: OutdoorAir | null = outdoorRow
        ? {
            temperature: outdoorRow.temperature,
            measTs: outdoorRow.meas_ts,
            humidity: climate ? { rhPercent: climate.rh, measTs: climate.ts } : null,
          }
        : null;
      const manualCommand: FanCommand = ch.manual_command === 1 ? 1 : 0;
      const manual = { isManual: ch.is_manual === 1, manualCommand };
      const previous = JSON.parse(ch.state) as FanState;
      const decision = decideFan({
        rule,
        manual,
        readings,
        outdoor,
        material: materialOf(mine.map((p) => p.kind)),
        timeZone: zones.get(storage?.bs_id ?? ch.bs_id ?? '') ?? null,
        previous,
        nowS: now,
      });
      const offlineRule = JSON.stringify(offlineRuleOf(rule, manual));
      const state = JSON.stringify(decision.state);
      const ruleType = rule?.type ?? null;
      const commandChanged = decision.command !== ch.command || offlineRule !== ch.offline_rule;
      if (!commandChanged && state === ch.state && ruleType === ch.rule_type) continue;

      const written = await this.repo.transaction(async (trx) => {
        const ok = await this.repo.writeDecision(trx, ch.fc_id, ch.channel, ch.rev, {
          command: decision.command,
          rev: commandChanged ? ch.rev + 1 : ch.rev,
          state,
          offline_rule: offlineRule,
          rule_type: ruleType,
          decided_ts: now,
          updated_ts: now,
        });
        if (ok && worthLogging(previous, decision.state, ch.command, decision.command))
          await this.repo.insertEvents(trx, [eventOf(ch, decision.command, decision.state, now)]);
        return ok;
      });
      if (written) changed.push(ch);
    }
    this.tell(changed.map((c) => ({ fcId: c.fc_id, ownerId: c.owner_user_id })));
  }

  /**
   * Tells the listeners which controllers changed, one change per account, so that a push names
   * only controllers of an account its receiver may see.
   */
  tell(changed: readonly { fcId: string; ownerId: number }[]): void {
    const byOwner = new Map<number, Set<string>>();
    for (const c of changed) byOwner.set(c.ownerId, (byOwner.get(c.ownerId) ?? new Set()).add(c.fcId));
    for (const [ownerId, fcIds] of byOwner)
      for (const l of this.listeners) l({ ownerIds: [ownerId], fcIds: [...fcIds].sort() });
  }
}

/**
 * A channel that names its monitor follows its RC unit's scheduler when the unit has one on: the
 * unit's hours replace the rule's (one place to say "no blowers at night" for a windrow row).
 */
export function withRcScheduler(
  rule: FanRuleCore | null,
  scheduler: { scheduler_enabled: number; disabled_hours: string; reverse_disabled: number } | undefined,
): FanRuleCore | null {
  if (!rule || rule.type === 'MANUAL_CONTROL' || !scheduler || scheduler.scheduler_enabled !== 1) return rule;
  return {
    ...rule,
    settings: {
      ...rule.settings,
      schedulerEnabled: true,
      disabledHours: JSON.parse(scheduler.disabled_hours) as [number, number][],
      reverseDisabled: scheduler.reverse_disabled === 1,
    },
  } as FanRuleCore;
}

/** A line in the RC event log when what the fan does, or why, changed. */
function worthLogging(prev: FanState, next: FanState, prevCommand: number, command: number): boolean {
  return (
    prevCommand !== command ||
    prev.source !== next.source ||
    prev.ventMode !== next.ventMode ||
    prev.offReason !== next.offReason ||
    prev.exception !== next.exception
  );
}

export function eventOf(
  ch: ChannelWithController,
  command: number,
  state: FanState,
  nowS: number,
  comm?: 'online' | 'offline',
): FanEventRow {
  const connection = ch.connection ? (JSON.parse(ch.connection) as { net?: string }) : null;
  return {
    fc_id: ch.fc_id,
    channel: ch.channel,
    ts: nowS,
    batch_ref: ch.batch_ref,
    command,
    net: connection?.net ?? null,
    fc_mode: ch.fc_mode,
    vent_mode: state.ventMode,
    comm: comm ?? (isControllerOffline(ch, nowS) ? 'offline' : 'online'),
    manual: ch.is_manual,
    data_ts: state.dataTs,
    temps:
      state.refTemp === null && state.outdoorTemp === null
        ? null
        : JSON.stringify([state.refTemp, state.outdoorTemp]),
    cycle: state.currentCycleStarted,
    secs: ch.cycle_secs,
  };
}

import {
  STORAGE_LOGBOOK_PAGE,
  type AcknowledgeAlertsRequest,
  type ResetAlertsRequest,
  type Alert,
  type AlertKey,
  type AlertLogEntry,
  type AlertLogKind,
  type Monitor,
  type MonitorInput,
  type Rule,
} from '@emberwatch/shared/contracts/monitors';
import { isRelativeRule } from '@emberwatch/shared/domain/kinds/ruleTypes';
import {
  acknowledgeAlerts,
  applyRuleEffects,
  clearAlertsOnRuleChange,
} from '@emberwatch/shared/domain/rules/applyRuleEffects';
import { resetAlerts, type AlertRuleConfig } from '@emberwatch/shared/domain/rules/evaluateRule';
import { createRuleState, type RuleState } from '@emberwatch/shared/domain/rules/ruleState';
import { ApiError } from '../../http/ApiError.js';
import { enforce, whoAmI, type AccessService, type Actor } from '../../http/access/index.js';
import { maySaveDemoMonitor } from './monitors.policy.js';
import { AlertLogRepository } from './alertLog.repository.js';
import { alertLogRowsOf } from './alertLogRows.js';
import type { MonitorRepository, MonitorRow, RuleStateRow, Trx } from './monitor.repository.js';
import { ruleReferences } from './ruleReferences.js';

/** What the monitors table keeps of a rule: everything but the alerts, which live in the state rows. */
type StoredRule = Pick<Rule, 'id' | 'type' | 'settings' | 'ruleChanged'>;

function noSuchMonitor(): ApiError {
  // Alike for a monitor that does not exist and one of another account: no probing for ids.
  return ApiError.forbidden('You do not have access to this monitor.');
}

const sameSettings = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The RC units (fan controllers) of an account, by id (the fans feature's). */
export type ControllerIdsOf = (ownerId: number) => Promise<string[]>;

/**
 * Monitors of an account (spec doc 3 §3, §4 "Monitor save", §5, §6, §7). Whoever may see the account
 * sees its monitors and their alerts; changes follow the shared `mayChange` ('editMonitor': masters
 * read-only, grand masters and admins everything, sub-users not). A save checks everything before it
 * writes, in one transaction, so a refused call changes nothing.
 */
export class MonitorService {
  constructor(
    private readonly repo: MonitorRepository,
    private readonly access: AccessService,
    private readonly nowS: () => number,
    /** After a save or removal: the evaluator forgets which stations it knew to have no monitor. */
    private readonly onChange: () => void = () => undefined,
    /** After alerts were changed by a call (acknowledged): who may see these stations is told. */
    private readonly onAlertsChanged: (ownerId: number, bsIds: string[]) => void = () => undefined,
    private readonly log: AlertLogRepository = new AlertLogRepository(repo.database),
    /** Without the fans feature no account has an RC unit: every fan rule is refused. */
    private readonly controllerIdsOf: ControllerIdsOf = () => Promise.resolve([]),
  ) {}

  /**
   * Refuses (403, before anything is written) probes that are not on the account's own stations —
   * another account's or unknown, alike (decision 0073).
   */
  private async assertProbesOfAccount(
    actor: Actor,
    accountId: number,
    sensorIds: readonly string[],
    message: string,
  ): Promise<void> {
    if (sensorIds.length === 0) return;
    // probesFor refuses unknown and foreign probes alike; its refusal gets this call's wording (a
    // failing store stays a failure).
    const probes = await this.access.probesFor(actor, sensorIds).catch((err: unknown) => {
      throw err instanceof ApiError ? ApiError.forbidden(message) : err;
    });
    if (probes.some((p) => p.owner_user_id !== accountId)) throw ApiError.forbidden(message);
  }

  /** Refuses (403) a monitor whose rules name an RC unit or a probe that is not the account's own. */
  private async assertRuleReferences(actor: Actor, accountId: number, item: MonitorInput): Promise<void> {
    const refs = ruleReferences(item.rules);
    if (refs.controllers.length > 0) {
      const own = new Set(await this.controllerIdsOf(accountId));
      const foreign = refs.controllers.find((id) => !own.has(id));
      if (foreign !== undefined)
        throw ApiError.forbidden(`You do not have access to the fan controller ${foreign}.`);
    }
    await this.assertProbesOfAccount(
      actor,
      accountId,
      refs.probes,
      'The outdoor probe is not one of this account’s probes.',
    );
  }

  /**
   * POST /client/resetAlerts (spec doc 3 §4 "Alert reset"): the named alerts of a relative rule end
   * with resetTS = now and the probe's data at that depth starts afresh (the engine's resetAlerts), so
   * the turn point is learnt again before the rule can alert there. An absolute rule's alerts end by
   * themselves: resetting one is refused. State, alerts and a logbook line per reset alert are written
   * in one transaction under the state row's lock (the evaluators read the row again by its version).
   */
  async reset(actor: Actor, req: ResetAlertsRequest): Promise<Monitor> {
    const accountId = await this.access.accountIdFor(actor, req.UID);
    // Who may reset is answered before anything about the monitor (docs/roles.md).
    this.access.assertMayChange(actor, 'resetAlert');
    const monitor = await this.repo.find(accountId, req.itemID);
    if (!monitor) throw noSuchMonitor();
    const rule = parseRules(monitor).find((r) => r.id === req.ruleId);
    if (!rule) throw ApiError.invalid('The monitor has no such rule.', 'ruleId');
    if (!isRelativeRule(rule.type))
      throw ApiError.invalid('Only the alerts of relative rules can be reset.', 'ruleId');
    await this.assertProbesOfAccount(
      actor,
      accountId,
      req.alerts.map((a) => a.sensor_id),
      'You do not have access to this probe.',
    );
    const now = this.nowS();
    await this.repo.transaction(async (trx) => {
      const row = await this.repo.lockState(trx, accountId, req.itemID, req.ruleId);
      if (!row) return;
      const done = resetAlerts(rule as AlertRuleConfig, JSON.parse(row.state) as RuleState, req.alerts, now);
      if (done.effects.length === 0) return;
      const alerts = applyRuleEffects(
        {
          currentAlerts: JSON.parse(row.current_alerts) as Alert[],
          alertHistory: JSON.parse(row.alert_history) as Alert[],
        },
        done.effects,
      );
      await this.repo.upsertState(trx, {
        ...row,
        state: JSON.stringify(done.state),
        current_alerts: JSON.stringify(alerts.currentAlerts),
        alert_history: JSON.stringify(alerts.alertHistory),
        updated_ts: now,
      });
      const lines = alertLogRowsOf({ ownerId: accountId, monitorId: req.itemID, rule }, done.effects, now);
      await this.log.insert(
        trx,
        lines.map((l) => ({ ...l, by_user_id: actor.user.id })),
      );
    });
    this.onAlertsChanged(accountId, await this.repo.stationsUsing(accountId, req.itemID));
    return (await this.list(actor, accountId)).find((m) => m.itemID === req.itemID) as Monitor;
  }

  /**
   * GET /client/getStorageLogbook (ours, issue 11 item 3): the lines of the storage's monitor about
   * the storage's probes, and the monitor's rule changes, newest first, a page at a time. Whoever
   * may see the account reads it; a storage of another account is refused like an unknown one.
   */
  async logbook(
    actor: Actor,
    uid: number | undefined,
    storageId: number,
    before?: number,
  ): Promise<AlertLogEntry[]> {
    const accountId = await this.access.accountIdFor(actor, uid);
    const storage = await this.log.storage(accountId, storageId);
    if (!storage) throw ApiError.forbidden('You do not have access to this storage.');
    if (storage.monitorId === null) return [];
    const rows = await this.log.page(
      accountId,
      storage.monitorId,
      storage.sensorIds,
      before,
      STORAGE_LOGBOOK_PAGE,
    );
    return rows.map((r) => {
      const detail = (r.detail ? JSON.parse(r.detail) : {}) as {
        ruleType?: string;
        note?: string;
        oldSettings?: unknown;
        newSettings?: unknown;
      };
      return {
        id: Number(r.id),
        kind: r.kind as AlertLogKind,
        monitorId: r.monitor_id,
        ruleId: r.rule_id,
        ruleType: detail.ruleType ?? null,
        sensor_id: r.sensor_id,
        depth: r.depth,
        temperature: r.temperature,
        note: detail.note ?? null,
        ...(r.kind === 'ruleChanged'
          ? { oldSettings: detail.oldSettings, newSettings: detail.newSettings }
          : {}),
        byUserId: r.by_user_id,
        ts: Number(r.ts),
      };
    });
  }

  /**
   * POST /client/acknowledgeAlerts (ours, issue 11): marks current alerts of one rule as seen, by the
   * caller, now, with a note. Nothing ends: the alert stays current until its condition does, and
   * keeps the first acknowledgement. Alerts no longer current are passed over (another user or the
   * evaluator got there first). Written under the state row's lock, in one transaction.
   */
  async acknowledge(actor: Actor, req: AcknowledgeAlertsRequest): Promise<Monitor> {
    const accountId = await this.access.accountIdFor(actor, req.UID);
    const monitor = await this.repo.find(accountId, req.itemID);
    if (!monitor) throw noSuchMonitor();
    if (!parseRules(monitor).some((r) => r.id === req.ruleId))
      throw ApiError.invalid('The monitor has no such rule.', 'ruleId');
    this.access.assertMayChange(actor, 'acknowledgeAlert');
    await this.assertProbesOfAccount(
      actor,
      accountId,
      req.alerts.map((a) => a.sensor_id),
      'You do not have access to this probe.',
    );
    await this.recordAcknowledgement(
      accountId,
      req.itemID,
      req.ruleId,
      req.alerts,
      actor.user.id,
      req.note ?? '',
    );
    return (await this.list(actor, accountId)).find((m) => m.itemID === req.itemID) as Monitor;
  }

  /**
   * Marks current alerts of a rule as acknowledged by a user, now, with a note, under the state row's
   * lock, with a logbook line per alert it newly acknowledged; tells the stations' viewers. Returns how
   * many it acknowledged. The call above uses it, and so does the delivery feature for a recipient who
   * answered a message (an SMS "OK", a key in a call, a mail's link): the channel proved who answered,
   * and a recipient may acknowledge what they were asked to, whatever their role.
   */
  async recordAcknowledgement(
    accountId: number,
    monitorId: number,
    ruleId: number,
    targets: readonly AlertKey[],
    byUserId: number,
    note: string,
  ): Promise<number> {
    const monitor = await this.repo.find(accountId, monitorId);
    const ruleType = monitor && parseRules(monitor).find((r) => r.id === ruleId)?.type;
    if (!ruleType) return 0;
    const now = this.nowS();
    const count = await this.repo.transaction(async (trx) => {
      const state = await this.repo.lockState(trx, accountId, monitorId, ruleId);
      if (!state) return 0;
      const current = JSON.parse(state.current_alerts) as Alert[];
      const alerts = acknowledgeAlerts(
        { currentAlerts: current, alertHistory: JSON.parse(state.alert_history) as Alert[] },
        targets,
        { by: byUserId, at: now, note },
      );
      // A line per alert this call acknowledged (one already acknowledged keeps its first).
      const fresh = alerts.currentAlerts.filter((a, i) => a.ack && !current[i]?.ack);
      if (fresh.length === 0) return 0;
      await this.log.insert(
        trx,
        fresh.map((a) => ({
          owner_user_id: accountId,
          monitor_id: monitorId,
          rule_id: ruleId,
          kind: 'acknowledged',
          sensor_id: a.sensor_id,
          depth: a.depth,
          temperature: a.peak,
          detail: JSON.stringify({ ruleType, note }),
          by_user_id: byUserId,
          ts: now,
          created_ts: now,
        })),
      );
      await this.repo.writeAlerts(trx, accountId, monitorId, ruleId, JSON.stringify(alerts.currentAlerts));
      return fresh.length;
    });
    if (count > 0) this.onAlertsChanged(accountId, await this.repo.stationsUsing(accountId, monitorId));
    return count;
  }

  /** GET /client/getMonitors: the account's monitors, by itemID, each rule with its alerts. */
  async list(actor: Actor, uid: number | undefined): Promise<Monitor[]> {
    const accountId = await this.access.accountIdFor(actor, uid);
    const [rows, states, using] = await Promise.all([
      this.repo.listByOwner(accountId),
      this.repo.statesOf(accountId),
      this.repo.storagesUsing(accountId),
    ]);
    return rows.map((r) => present(r, states, using.get(r.item_id) ?? []));
  }

  /**
   * POST /client/saveMonitor (spec doc 3 §4 "Monitor save"): creates (no itemID, new id max + 1) or
   * replaces a monitor. A rule whose settings changed records its old and new settings; its current
   * alerts move to the history, with a reset time when the monitor is in use, and its per-sensor state
   * starts afresh. A removed rule loses its state.
   */
  async save(actor: Actor, uid: number | undefined, item: MonitorInput): Promise<Monitor> {
    const accountId = await this.access.accountIdFor(actor, uid);
    const existing = item.itemID === undefined ? undefined : await this.repo.find(accountId, item.itemID);
    if (item.itemID !== undefined && !existing) throw noSuchMonitor();
    this.access.assertMayChange(actor, 'editMonitor');
    // demoType marks an admin's demo monitors (spec doc 3 §6); nobody else sets it.
    if (item.demoType != null) enforce(maySaveDemoMonitor(whoAmI(actor)));
    await this.assertRuleReferences(actor, accountId, item);

    const now = this.nowS();
    const itemId = await this.repo.transaction(async (trx) => {
      const id = existing?.item_id ?? (await this.repo.nextItemId(trx, accountId));
      const inUse = ((await this.repo.storagesUsing(accountId, trx)).get(id) ?? []).length > 0;
      const before = new Map((existing ? parseRules(existing) : []).map((r) => [r.id, r]));
      const states = new Map(
        (existing ? await this.repo.statesOf(accountId, trx) : [])
          .filter((s) => s.monitor_id === id)
          .map((s) => [s.rule_id, s]),
      );
      const rules: StoredRule[] = [];
      for (const rule of item.rules) {
        const old = before.get(rule.id);
        // A rule id the monitor did not have is a new rule: whatever the client sent, no history yet.
        if (!old || old.type !== rule.type) {
          rules.push({
            id: rule.id,
            type: rule.type,
            settings: rule.settings,
            ruleChanged: null,
          });
          const state = states.get(rule.id);
          if (state) await this.retire(trx, state, now, inUse);
          continue;
        }
        if (sameSettings(old.settings, rule.settings)) {
          rules.push(old);
          continue;
        }
        rules.push({
          ...old,
          settings: rule.settings,
          ruleChanged: { changedAt: now, oldSettings: old.settings, newSettings: rule.settings, inUse },
        });
        // The logbook keeps every change, with who made it (the rule keeps only the last).
        await this.log.insert(trx, [
          {
            owner_user_id: accountId,
            monitor_id: id,
            rule_id: rule.id,
            kind: 'ruleChanged',
            sensor_id: null,
            depth: null,
            temperature: null,
            detail: JSON.stringify({
              ruleType: rule.type,
              oldSettings: old.settings,
              newSettings: rule.settings,
            }),
            by_user_id: actor.user.id,
            ts: now,
            created_ts: now,
          },
        ]);
        const state = states.get(rule.id);
        if (state) await this.retire(trx, state, now, inUse);
      }
      const kept = new Set(item.rules.map((r) => r.id));
      await this.repo.removeStates(
        trx,
        accountId,
        id,
        [...before.keys()].filter((r) => !kept.has(r)),
      );

      const row: MonitorRow = {
        owner_user_id: accountId,
        item_id: id,
        name: item.name,
        default_monitor: item.defaultMonitor ? 1 : 0,
        compost: item.compost ? 1 : 0,
        demo_type: item.demoType ?? null,
        rules: JSON.stringify(rules),
        created_ts: existing?.created_ts ?? now,
        updated_ts: now,
        updated_by: actor.user.id,
      };
      if (existing) await this.repo.update(trx, row);
      else await this.repo.insert(trx, row);
      if (item.defaultMonitor) await this.repo.clearDefaultExcept(trx, accountId, id);
      return id;
    });
    this.onChange();
    return (await this.list(actor, accountId)).find((m) => m.itemID === itemId) as Monitor;
  }

  /** POST /client/removeMonitor: refused while storages use it (spec doc 3 §5, the button is disabled). */
  async remove(actor: Actor, uid: number | undefined, itemId: number): Promise<void> {
    const accountId = await this.access.accountIdFor(actor, uid);
    if (!(await this.repo.find(accountId, itemId))) throw noSuchMonitor();
    this.access.assertMayChange(actor, 'editMonitor');
    await this.repo.transaction(async (trx) => {
      const using = (await this.repo.storagesUsing(accountId, trx)).get(itemId) ?? [];
      if (using.length > 0)
        throw ApiError.invalid(
          `Storages use this monitor (${using.join(', ')}); choose another for them first.`,
          'itemID',
        );
      await this.repo.remove(trx, accountId, itemId);
    });
    this.onChange();
  }

  /**
   * Spec doc 3 §4 step 3: the rule's current alerts go to its history — with a reset time when the
   * rule was edited in use — and its per-sensor state starts afresh (the old settings' state means
   * nothing under the new ones). The watermark stays: readings already evaluated are not replayed.
   */
  private async retire(trx: Trx, state: RuleStateRow, now: number, inUse: boolean): Promise<void> {
    const alerts = clearAlertsOnRuleChange(
      {
        currentAlerts: JSON.parse(state.current_alerts) as Alert[],
        alertHistory: JSON.parse(state.alert_history) as Alert[],
      },
      now,
      inUse,
    );
    await this.repo.upsertState(trx, {
      ...state,
      state: JSON.stringify(createRuleState()),
      current_alerts: JSON.stringify(alerts.currentAlerts),
      alert_history: JSON.stringify(alerts.alertHistory),
      updated_ts: now,
    });
  }
}

function parseRules(row: MonitorRow): StoredRule[] {
  return JSON.parse(row.rules) as StoredRule[];
}

function present(row: MonitorRow, states: readonly RuleStateRow[], storages: number[]): Monitor {
  const mine = new Map(states.filter((s) => s.monitor_id === row.item_id).map((s) => [s.rule_id, s]));
  return {
    itemID: row.item_id,
    UID: row.owner_user_id,
    name: row.name,
    rules: parseRules(row).map((r) => {
      const s = mine.get(r.id);
      return {
        ...r,
        ruleChanged: r.ruleChanged ?? null,
        currentAlerts: s ? (JSON.parse(s.current_alerts) as Alert[]) : [],
        alertHistory: s ? (JSON.parse(s.alert_history) as Alert[]) : [],
      } as Rule;
    }),
    defaultMonitor: row.default_monitor === 1,
    compost: row.compost === 1,
    demoType: row.demo_type,
    storages,
    updated_ts: row.updated_ts,
  };
}

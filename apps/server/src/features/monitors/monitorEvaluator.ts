import {
  applyRuleEffects,
  createRuleState,
  evaluateRuleInPlace,
  isAlertRule,
  retainSensors,
  tickRule,
  TURN_POINT_RANGE,
  type Alert,
  type AlertRuleConfig,
  type Rule,
  type RuleEffect,
  type RuleReading,
  type RuleState,
} from '@emberwatch/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Engine } from '../../db/engine.js';

/**
 * Readings older than this (by reading time) are not read again: the engine uses at most the
 * turn-point window (48 h) of history, and a reading that old is late for every probe anyway.
 */
export const EVALUATION_LOOKBACK_S = (TURN_POINT_RANGE.max + 1) * 3600;

/**
 * A rule seen for the first time starts with the packets received this long before: the bus reaches
 * it after the commit, and the packet that triggered the first evaluation must not fall before it.
 */
export const NEW_RULE_GRACE_S = 300;

type StoredRule = Pick<Rule, 'id' | 'type' | 'settings'>;

interface Target {
  ownerId: number;
  monitorId: number;
  rules: StoredRule[];
  sensorIds: string[];
}

/**
 * Runs a monitor's alert rules over the readings its storages' probes committed since the last
 * evaluation (docs/decisions/0033-monitors-store.md). Outside the ingest transaction: ingest emits
 * `newData` after its commit and this reads the rows back. Each rule's state row is the unit of work:
 * locked (PostgreSQL: SELECT … FOR UPDATE), evaluated, written with its alerts and its arrival-time
 * watermark in one transaction. Readings at the watermark's second are read again; the engine treats
 * them as duplicates, so a second instance or a re-run after a crash raises nothing twice.
 */
export class MonitorEvaluator {
  /** In-process runs one after the other: the bus fires faster than a store round trip. */
  private chain: Promise<unknown> = Promise.resolve();
  /** Alerts this instance raised and wrote (each alert is raised by one instance only). */
  raised = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: Engine,
    private readonly nowS: () => number,
    private readonly onError: (err: unknown) => void,
  ) {}

  /** The bus handler: queue an evaluation of the monitors of storages at these stations. */
  schedule(bsIds: readonly string[]): void {
    this.chain = this.chain
      .then(() => this.evaluateStations(bsIds))
      .catch((err: unknown) => {
        this.onError(err);
      });
  }

  /** Resolves when every queued evaluation has run (tests, shutdown). */
  idle(): Promise<void> {
    return this.chain.then(() => undefined);
  }

  /** Evaluates the alert rules of every monitor used at these stations; returns the effects written. */
  async evaluateStations(bsIds: readonly string[]): Promise<RuleEffect[]> {
    const effects: RuleEffect[] = [];
    for (const target of await this.targets(bsIds))
      for (const rule of target.rules)
        if (isAlertRule(rule as Rule)) effects.push(...(await this.evaluateRule(target, rule, 'readings')));
    return effects;
  }

  /** The data-break job: `tickRule` on every alert rule of every monitor in use. */
  async tickAll(): Promise<RuleEffect[]> {
    const effects: RuleEffect[] = [];
    for (const target of await this.targets(null))
      for (const rule of target.rules)
        if (isAlertRule(rule as Rule)) effects.push(...(await this.evaluateRule(target, rule, 'tick')));
    return effects;
  }

  /** Monitors in use at these stations (all stations: null), with their probes and rules. */
  private async targets(bsIds: readonly string[] | null): Promise<Target[]> {
    if (bsIds !== null && bsIds.length === 0) return [];
    let q = this.db
      .selectFrom('storages')
      .innerJoin('monitors', (j) =>
        j
          .onRef('monitors.owner_user_id', '=', 'storages.owner_user_id')
          .onRef('monitors.item_id', '=', 'storages.monitor_id'),
      )
      .select(['storages.id as storage_id', 'monitors.owner_user_id', 'monitors.item_id', 'monitors.rules']);
    if (bsIds !== null) q = q.where('storages.bs_id', 'in', [...bsIds]);
    const rows = await q.execute();
    if (rows.length === 0) return [];
    // A monitor watches every probe of every storage that uses it (at any station).
    const monitorKeys = new Map<string, Target>();
    for (const r of rows)
      monitorKeys.set(`${r.owner_user_id}/${r.item_id}`, {
        ownerId: r.owner_user_id,
        monitorId: r.item_id,
        rules: JSON.parse(r.rules) as StoredRule[],
        sensorIds: [],
      });
    const probes = await this.db
      .selectFrom('storage_probes')
      .innerJoin('storages', 'storages.id', 'storage_probes.storage_id')
      .select(['storages.owner_user_id', 'storages.monitor_id', 'storage_probes.sensor_id'])
      .where('storages.monitor_id', 'is not', null)
      .where('storages.owner_user_id', 'in', [...new Set(rows.map((r) => r.owner_user_id))])
      .execute();
    for (const p of probes)
      monitorKeys.get(`${p.owner_user_id}/${p.monitor_id}`)?.sensorIds.push(p.sensor_id);
    return [...monitorKeys.values()].map((t) => ({ ...t, sensorIds: [...new Set(t.sensorIds)].sort() }));
  }

  private async evaluateRule(
    target: Target,
    rule: StoredRule,
    mode: 'readings' | 'tick',
  ): Promise<RuleEffect[]> {
    const now = this.nowS();
    const key = { owner_user_id: target.ownerId, monitor_id: target.monitorId, rule_id: rule.id };
    // The row exists before anyone locks it; a new rule starts with the packets of the last minutes,
    // not the whole past (old conditions would raise alerts nobody can act on).
    await this.db
      .insertInto('monitor_rule_state')
      .values({
        ...key,
        state: JSON.stringify(createRuleState()),
        current_alerts: '[]',
        alert_history: '[]',
        watermark: now - NEW_RULE_GRACE_S,
        updated_ts: now,
      })
      .onConflict((oc) => oc.columns(['owner_user_id', 'monitor_id', 'rule_id']).doNothing())
      .execute();

    const written = await this.db.transaction().execute(async (trx) => {
      let q = trx
        .selectFrom('monitor_rule_state')
        .selectAll()
        .where('owner_user_id', '=', key.owner_user_id)
        .where('monitor_id', '=', key.monitor_id)
        .where('rule_id', '=', key.rule_id);
      // Two instances evaluating the same rule wait for each other here; the second then sees the
      // first one's state and watermark, and the readings again only as duplicates.
      if (this.engine === 'postgres') q = q.forUpdate();
      const row = await q.executeTakeFirst();
      if (!row) return [];
      const config = rule as AlertRuleConfig;
      let state = JSON.parse(row.state) as RuleState;
      const effects: RuleEffect[] = [];
      // Probes that left the monitor's storages leave the rule, and their alerts end.
      const retained = retainSensors(state, target.sensorIds, now);
      state = retained.state;
      effects.push(...retained.effects);
      let watermark = row.watermark;
      if (mode === 'tick') {
        const ticked = tickRule(state, now);
        state = ticked.state;
        effects.push(...ticked.effects);
      } else if (target.sensorIds.length > 0) {
        const rows = await trx
          .selectFrom('readings')
          .select(['sensor_id', 'meas_ts', 'temps', 'received_ts'])
          .where('sensor_id', 'in', target.sensorIds)
          .where('meas_ts', '>', now - EVALUATION_LOOKBACK_S)
          .where('received_ts', '>=', row.watermark)
          .orderBy('meas_ts')
          .execute();
        const readings: RuleReading[] = rows.map((r) => ({
          sensor_id: r.sensor_id,
          meas_ts: Number(r.meas_ts),
          temperatures: JSON.parse(r.temps) as (number | null)[],
        }));
        for (const r of rows) watermark = Math.max(watermark, Number(r.received_ts));
        evaluateRuleInPlace(config, state, readings, now, effects);
      }
      const alerts = applyRuleEffects(
        {
          currentAlerts: JSON.parse(row.current_alerts) as Alert[],
          alertHistory: JSON.parse(row.alert_history) as Alert[],
        },
        effects,
      );
      await this.write(
        trx,
        row,
        state,
        JSON.stringify(alerts.currentAlerts),
        JSON.stringify(alerts.alertHistory),
        watermark,
        now,
      );
      return effects;
    });
    this.raised += written.filter((e) => e.type === 'raise').length;
    return written;
  }

  private async write(
    trx: Kysely<Database>,
    row: { owner_user_id: number; monitor_id: number; rule_id: number },
    state: RuleState,
    currentAlerts: string,
    alertHistory: string,
    watermark: number,
    now: number,
  ): Promise<void> {
    await trx
      .updateTable('monitor_rule_state')
      .set({
        state: JSON.stringify(state),
        current_alerts: currentAlerts,
        alert_history: alertHistory,
        watermark,
        updated_ts: now,
      })
      .where('owner_user_id', '=', row.owner_user_id)
      .where('monitor_id', '=', row.monitor_id)
      .where('rule_id', '=', row.rule_id)
      .execute();
  }
}

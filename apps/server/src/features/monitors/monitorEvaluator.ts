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

/** Which rule an evaluation's effects belong to. */
export interface AlertEffectsSource {
  ownerId: number;
  monitorId: number;
  rule: StoredRule;
}

/**
 * Called inside the transaction that records a rule's effects, so whatever it writes (a logbook
 * line, an outbox message) commits or rolls back with the alert itself. Only non-empty effect lists
 * reach it. It must use `trx`, never the outer connection (SQLite would wait on itself).
 */
export type AlertEffectsRecorder = (
  trx: Kysely<Database>,
  source: AlertEffectsSource,
  effects: readonly RuleEffect[],
  nowS: number,
) => Promise<void>;

interface Target {
  ownerId: number;
  monitorId: number;
  rules: StoredRule[];
  sensorIds: string[];
}

/**
 * How long a station known to have no monitored storage is skipped without asking the store again.
 * Storages signal no change this feature can hear (saveStorage emits nothing on the bus, and the
 * PostgreSQL relay carries only newData and probesMoved), so a station that just got a monitor is
 * seen at most this late — and nothing is lost meanwhile: its readings stay above the monitor's
 * watermark (or inside NEW_RULE_GRACE_S for a new rule) until the next evaluation reads them.
 */
export const NO_MONITOR_TTL_MS = 5_000;

/**
 * A pass waits this long for more stations first. A rule's state (up to 48 hourly values per probe
 * and depth) is parsed and written once per pass whatever the number of readings, so the cost per
 * reading falls as passes gather more packets; an alert a second later changes nothing for a stack.
 */
export const EVALUATION_GATHER_MS = 1_000;

/** Rule-state rows per insert: SQLite's bound-variable limit stays far away. */
const STATE_INSERT_CHUNK = 100;

/**
 * Runs a monitor's alert rules over the readings its storages' probes committed since the last
 * evaluation (docs/decisions/0033-monitors-store.md, addendum on cost). Outside the ingest
 * transaction: ingest emits `newData` after its commit and this reads the rows back. A monitor is the
 * unit of work: its rules' state rows are locked together (PostgreSQL: SELECT … FOR UPDATE, in rule
 * order so two instances never deadlock), its probes' readings since the oldest of their arrival-time
 * watermarks are read once, every rule is evaluated and written with its alerts and watermark, all in
 * one transaction. Readings at a watermark's second are read again; the engine treats them as
 * duplicates, so a second instance or a re-run after a crash raises nothing twice.
 */
export class MonitorEvaluator {
  /** In-process runs one after the other: the bus fires faster than a store round trip. */
  private chain: Promise<unknown> = Promise.resolve();
  /** Stations whose newData arrived since the running pass began: the next pass takes them all. */
  private readonly pending = new Set<string>();
  private draining = false;
  /** Station → until when (performance.now() ms) it is known to have no monitored storage. */
  private readonly noMonitor = new Map<string, number>();
  /** Alerts this instance raised and wrote (each alert is raised by one instance only). */
  raised = 0;
  private readonly recorders: AlertEffectsRecorder[] = [];
  private readonly changedListeners: ((ownerIds: number[]) => void)[] = [];

  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: Engine,
    private readonly nowS: () => number,
    private readonly onError: (err: unknown) => void,
  ) {}

  /**
   * The bus handler: queue an evaluation of the monitors of storages at these stations. A burst of
   * packets makes one pass, not one per packet: while a pass runs, stations only gather for the next.
   */
  schedule(bsIds: readonly string[]): void {
    for (const id of bsIds) this.pending.add(id);
    if (this.draining) return;
    this.draining = true;
    this.chain = this.chain.then(() => this.drain());
  }

  private async drain(): Promise<void> {
    try {
      while (this.pending.size > 0) {
        await new Promise((resolve) => setTimeout(resolve, EVALUATION_GATHER_MS));
        const batch = [...this.pending];
        this.pending.clear();
        try {
          await this.evaluateStations(batch);
        } catch (err) {
          this.onError(err);
        }
      }
    } finally {
      this.draining = false;
    }
  }

  /** Resolves when every queued evaluation has run (tests, shutdown). */
  idle(): Promise<void> {
    return this.chain.then(() => undefined);
  }

  /** Adds a recorder run inside every transaction that writes a rule's effects (logbook, outbox). */
  onAlertEffects(recorder: AlertEffectsRecorder): void {
    this.recorders.push(recorder);
  }

  /** Adds a listener told, after the commit, which accounts' alerts changed. */
  onAlertsChanged(listener: (ownerIds: number[]) => void): void {
    this.changedListeners.push(listener);
  }

  /** Forgets which stations have no monitor (a monitor or storage changed in this process). */
  forgetStations(): void {
    this.noMonitor.clear();
  }

  /** Evaluates the alert rules of every monitor used at these stations; returns the effects written. */
  async evaluateStations(bsIds: readonly string[]): Promise<RuleEffect[]> {
    const clock = performance.now();
    const asked = bsIds.filter((id) => (this.noMonitor.get(id) ?? 0) <= clock);
    if (asked.length === 0) return [];
    const { targets, stations } = await this.targets(asked);
    for (const id of asked)
      if (stations.has(id)) this.noMonitor.delete(id);
      else this.noMonitor.set(id, clock + NO_MONITOR_TTL_MS);
    const effects: RuleEffect[] = [];
    for (const target of targets) effects.push(...(await this.evaluateMonitor(target, 'readings')));
    return effects;
  }

  /** The data-break job: `tickRule` on every alert rule of every monitor in use. */
  async tickAll(): Promise<RuleEffect[]> {
    const effects: RuleEffect[] = [];
    for (const target of (await this.targets(null)).targets)
      effects.push(...(await this.evaluateMonitor(target, 'tick')));
    return effects;
  }

  /**
   * Monitors in use at these stations (all stations: null), with their probes and rules, and the
   * stations among them that have a monitored storage.
   */
  private async targets(
    bsIds: readonly string[] | null,
  ): Promise<{ targets: Target[]; stations: Set<string> }> {
    const stations = new Set<string>();
    if (bsIds !== null && bsIds.length === 0) return { targets: [], stations };
    let q = this.db
      .selectFrom('storages')
      .innerJoin('monitors', (j) =>
        j
          .onRef('monitors.owner_user_id', '=', 'storages.owner_user_id')
          .onRef('monitors.item_id', '=', 'storages.monitor_id'),
      )
      .select(['storages.bs_id', 'monitors.owner_user_id', 'monitors.item_id', 'monitors.rules']);
    if (bsIds !== null) q = q.where('storages.bs_id', 'in', [...bsIds]);
    const rows = await q.execute();
    if (rows.length === 0) return { targets: [], stations };
    // A monitor watches every probe of every storage that uses it (at any station).
    const monitorKeys = new Map<string, Target>();
    for (const r of rows) {
      stations.add(r.bs_id);
      const key = `${r.owner_user_id}/${r.item_id}`;
      if (!monitorKeys.has(key))
        monitorKeys.set(key, {
          ownerId: r.owner_user_id,
          monitorId: r.item_id,
          rules: (JSON.parse(r.rules) as StoredRule[]).filter((rule) => isAlertRule(rule as Rule)),
          sensorIds: [],
        });
    }
    const probes = await this.db
      .selectFrom('storage_probes')
      .innerJoin('storages', 'storages.id', 'storage_probes.storage_id')
      .select(['storages.owner_user_id', 'storages.monitor_id', 'storage_probes.sensor_id'])
      .where('storages.monitor_id', 'is not', null)
      .where('storages.owner_user_id', 'in', [...new Set(rows.map((r) => r.owner_user_id))])
      .execute();
    for (const p of probes)
      monitorKeys.get(`${p.owner_user_id}/${p.monitor_id}`)?.sensorIds.push(p.sensor_id);
    const targets = [...monitorKeys.values()].map((t) => ({
      ...t,
      sensorIds: [...new Set(t.sensorIds)].sort(),
    }));
    return { targets, stations };
  }

  /** One transaction for all of a monitor's alert rules; the readings read once for all of them. */
  private async evaluateMonitor(target: Target, mode: 'readings' | 'tick'): Promise<RuleEffect[]> {
    if (target.rules.length === 0) return [];
    const now = this.nowS();
    const owner = { owner_user_id: target.ownerId, monitor_id: target.monitorId };
    // The rows exist before anyone locks them; a new rule starts with the packets of the last minutes,
    // not the whole past (old conditions would raise alerts nobody can act on).
    for (let i = 0; i < target.rules.length; i += STATE_INSERT_CHUNK)
      await this.db
        .insertInto('monitor_rule_state')
        .values(
          target.rules.slice(i, i + STATE_INSERT_CHUNK).map((rule) => ({
            ...owner,
            rule_id: rule.id,
            state: JSON.stringify(createRuleState()),
            current_alerts: '[]',
            alert_history: '[]',
            watermark: now - NEW_RULE_GRACE_S,
            updated_ts: now,
          })),
        )
        .onConflict((oc) => oc.columns(['owner_user_id', 'monitor_id', 'rule_id']).doNothing())
        .execute();

    const written = await this.db.transaction().execute(async (trx) => {
      let q = trx
        .selectFrom('monitor_rule_state')
        .selectAll()
        .where('owner_user_id', '=', owner.owner_user_id)
        .where('monitor_id', '=', owner.monitor_id)
        .where(
          'rule_id',
          'in',
          target.rules.map((r) => r.id),
        )
        .orderBy('rule_id');
      // Two instances evaluating the same monitor wait for each other here; the second then sees the
      // first one's states and watermarks, and the readings again only as duplicates.
      if (this.engine === 'postgres') q = q.forUpdate();
      const stateRows = await q.execute();
      if (stateRows.length === 0) return [];
      const rows = new Map(stateRows.map((r) => [r.rule_id, r]));

      // One read for every rule: from the oldest watermark; a rule further on skips what it has seen.
      const from = Math.min(...stateRows.map((r) => r.watermark));
      let readings: (RuleReading & { received_ts: number })[] = [];
      if (mode === 'readings' && target.sensorIds.length > 0) {
        readings = (
          await trx
            .selectFrom('readings')
            .select(['sensor_id', 'meas_ts', 'temps', 'received_ts'])
            .where('sensor_id', 'in', target.sensorIds)
            .where('meas_ts', '>', now - EVALUATION_LOOKBACK_S)
            .where('received_ts', '>=', from)
            .orderBy('meas_ts')
            .execute()
        ).map((r) => ({
          sensor_id: r.sensor_id,
          meas_ts: Number(r.meas_ts),
          temperatures: JSON.parse(r.temps) as (number | null)[],
          received_ts: Number(r.received_ts),
        }));
      }
      const newest = readings.reduce((m, r) => Math.max(m, r.received_ts), Number.NEGATIVE_INFINITY);

      const all: RuleEffect[] = [];
      for (const rule of target.rules) {
        const row = rows.get(rule.id);
        if (!row) continue;
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
          const mine =
            row.watermark === from ? readings : readings.filter((r) => r.received_ts >= row.watermark);
          watermark = Math.max(watermark, newest);
          evaluateRuleInPlace(rule as AlertRuleConfig, state, mine, now, effects);
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
        if (effects.length > 0)
          for (const record of this.recorders)
            await record(trx, { ownerId: target.ownerId, monitorId: target.monitorId, rule }, effects, now);
        all.push(...effects);
      }
      return all;
    });
    this.raised += written.filter((e) => e.type === 'raise').length;
    if (written.length > 0) for (const listener of this.changedListeners) listener([target.ownerId]);
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

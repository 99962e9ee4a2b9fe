import { isAlertRule, type Alert, type Rule } from '@emberwatch/shared/contracts/monitors';
import { applyRuleEffects } from '@emberwatch/shared/domain/rules/applyRuleEffects';
import {
  evaluateRuleInPlace,
  retainSensors,
  tickRule,
  type AlertRuleConfig,
  type RuleReading,
} from '@emberwatch/shared/domain/rules/evaluateRule';
import type { RuleEffect } from '@emberwatch/shared/domain/rules/ruleEffects';
import { TURN_POINT_RANGE } from '@emberwatch/shared/domain/rules/ruleLimits';
import { createRuleState, type RuleState } from '@emberwatch/shared/domain/rules/ruleState';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Engine } from '../../db/engine.js';
import { readingHours } from '../readings/index.js';
import type { FreshReadingsBuffer } from './freshReadingsBuffer.js';

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
  /** Stations of the storages using the monitor: whoever sees them is told when its alerts change. */
  bsIds: string[];
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
 * The longest a station waits for its pass to start, counted from its `newData` (decision 0133): an
 * alert reaches the browser within a few tenths of a second after the station's ack, under load too.
 */
export const EVALUATION_WAIT_MAX_MS = 100;

/**
 * How long the evaluator waits before its next pass, now (decision 0133). After a pass that took
 * `lastPassMs` it rests twice that, counted from the pass's end, so that under a burst evaluation takes
 * about a third of the process and each pass shares its fixed cost (locks, the state rows, the readings
 * query) among the stations that gathered meanwhile; but the station that has waited longest
 * (`oldestWaitingMs`, since its newData) never waits more than EVALUATION_WAIT_MAX_MS in all — a pass it
 * arrived during counts. A quiet server evaluates at once.
 */
export function passDelayMs(p: {
  oldestWaitingMs: number;
  sinceLastPassMs: number;
  lastPassMs: number;
}): number {
  const rest = 2 * p.lastPassMs - p.sinceLastPassMs;
  const left = EVALUATION_WAIT_MAX_MS - p.oldestWaitingMs;
  return Math.max(0, Math.min(rest, left));
}

/** Rule-state rows per insert: SQLite's bound-variable limit stays far away. */
const STATE_INSERT_CHUNK = 100;

/**
 * A rule whose pass changed no alert writes its state at most this often (every effect is written at
 * once). Parsing and writing each rule's JSON state every pass cost more than the engine itself; the
 * row's watermark lags by at most this, so a crash re-evaluates at most this much of the readings.
 */
export const STATE_WRITE_EVERY_MS = 10_000;

/** A rule's parsed state held between passes, valid while its row carries `version`. */
interface HeldRule {
  version: number;
  state: RuleState;
  /** How far this copy has evaluated (arrival time); ahead of the row's until written. */
  watermark: number;
  /** performance.now() of the last write (or read) of the row. */
  persistedAt: number;
}

/** A new random version tag for a written row (migration 0016: any other writer gets one by trigger). */
function newVersion(): number {
  return Math.floor(Math.random() * 9_007_199_254_740_990) + 1;
}

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
  /** performance.now() when the oldest of `pending` arrived. */
  private pendingSince = 0;
  private draining = false;
  /** How long the last pass took, and when it ended (performance.now() ms): see passDelayMs. */
  private lastPassMs = 0;
  private lastPassEnd = Number.NEGATIVE_INFINITY;
  /** Station → until when (performance.now() ms) it is known to have no monitored storage. */
  private readonly noMonitor = new Map<string, number>();
  /** Alerts this instance raised and wrote (each alert is raised by one instance only). */
  raised = 0;
  /** Passes that read their readings back from the store (the others took them from `fresh`). */
  storeReads = 0;
  private readonly recorders: AlertEffectsRecorder[] = [];
  private readonly changedListeners: ((ownerIds: number[], bsIds: string[]) => void)[] = [];
  /** Owner/monitor/rule → the rule's state as this process last evaluated it. */
  private readonly held = new Map<string, HeldRule>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: Engine,
    private readonly nowS: () => number,
    private readonly onError: (err: unknown) => void,
    /**
     * The readings ingest committed since the last pass (SQLite only: there this process is the one
     * writer). Without it, or when it cannot vouch for every reading, the pass reads the store.
     */
    private readonly fresh?: FreshReadingsBuffer,
  ) {}

  /**
   * The bus handler: queue an evaluation of the monitors of storages at these stations. A burst of
   * packets makes one pass, not one per packet: while a pass runs, and for the rest after it
   * (passDelayMs), stations only gather for the next.
   */
  schedule(bsIds: readonly string[]): void {
    if (bsIds.length === 0) return;
    if (this.pending.size === 0) this.pendingSince = performance.now();
    for (const id of bsIds) this.pending.add(id);
    if (this.draining) return;
    this.draining = true;
    this.chain = this.chain.then(() => this.drain());
  }

  private async drain(): Promise<void> {
    try {
      while (this.pending.size > 0) {
        const now = performance.now();
        const wait = passDelayMs({
          oldestWaitingMs: now - this.pendingSince,
          sinceLastPassMs: now - this.lastPassEnd,
          lastPassMs: this.lastPassMs,
        });
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        const batch = [...this.pending];
        this.pending.clear();
        const started = performance.now();
        try {
          await this.evaluateStations(batch);
        } catch (err) {
          this.onError(err);
        }
        this.lastPassEnd = performance.now();
        this.lastPassMs = this.lastPassEnd - started;
      }
    } finally {
      this.draining = false;
    }
  }

  /**
   * Evaluates these stations' monitors now (GET processStorageMonitors), after any pass already
   * queued, so it never runs beside one; a station remembered as unmonitored is asked again.
   */
  evaluateNow(bsIds: readonly string[]): Promise<RuleEffect[]> {
    for (const id of bsIds) this.noMonitor.delete(id);
    const run = this.chain.then(() => this.evaluateStations(bsIds));
    this.chain = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
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
  onAlertsChanged(listener: (ownerIds: number[], bsIds: string[]) => void): void {
    this.changedListeners.push(listener);
  }

  /** Forgets every rule state held in memory: the next pass reads each from the store (a restart's memory). */
  forgetHeldStates(): void {
    this.held.clear();
    this.fresh?.clear();
  }

  /** Forgets which stations have no monitor (a monitor or storage changed in this process). */
  forgetStations(): void {
    this.noMonitor.clear();
    // The monitors' probes may have changed: watch the ones in use afresh.
    this.fresh?.clear();
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
    const { targets } = await this.targets(null);
    // Rules of monitors no longer in use (removed, or their storages gone) leave memory here.
    const inUse = new Set(targets.flatMap((t) => t.rules.map((r) => `${t.ownerId}/${t.monitorId}/${r.id}`)));
    for (const key of this.held.keys()) if (!inUse.has(key)) this.held.delete(key);
    for (const target of targets) effects.push(...(await this.evaluateMonitor(target, 'tick')));
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
      const known = monitorKeys.get(key);
      if (known) {
        if (!known.bsIds.includes(r.bs_id)) known.bsIds.push(r.bs_id);
        continue;
      }
      monitorKeys.set(key, {
        ownerId: r.owner_user_id,
        monitorId: r.item_id,
        bsIds: [r.bs_id],
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
    const keyOf = (ruleId: number) => `${target.ownerId}/${target.monitorId}/${ruleId}`;
    // The rows exist before anyone locks them; a new rule starts with the packets of the last minutes,
    // not the whole past (old conditions would raise alerts nobody can act on). A rule held in memory
    // has its row (a pass that misses the row forgets the copy, so the next one inserts it again).
    const fresh = target.rules.filter((rule) => !this.held.has(keyOf(rule.id)));
    for (let i = 0; i < fresh.length; i += STATE_INSERT_CHUNK)
      await this.db
        .insertInto('monitor_rule_state')
        .values(
          fresh.slice(i, i + STATE_INSERT_CHUNK).map((rule) => ({
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

    const clock = performance.now();
    const touched: string[] = [];
    let written: RuleEffect[];
    let released: number | undefined;
    try {
      written = await this.db.transaction().execute(async (trx) => {
        const ruleIds = target.rules.map((r) => r.id);
        let q = trx
          .selectFrom('monitor_rule_state')
          .select(['rule_id', 'version', 'watermark'])
          .where('owner_user_id', '=', owner.owner_user_id)
          .where('monitor_id', '=', owner.monitor_id)
          .where('rule_id', 'in', ruleIds)
          .orderBy('rule_id');
        // Two instances evaluating the same monitor wait for each other here; the second then sees the
        // first one's versions, states and watermarks, and the readings again only as duplicates.
        if (this.engine === 'postgres') q = q.forUpdate();
        const versionRows = await q.execute();
        const present = new Set(versionRows.map((r) => r.rule_id));
        for (const rule of target.rules) if (!present.has(rule.id)) this.held.delete(keyOf(rule.id));
        if (versionRows.length === 0) return [];

        // The state is read and parsed only where the copy in memory is not the row's (another writer,
        // another instance, or the first pass since the start).
        const stale = versionRows.filter(
          (r) => this.held.get(keyOf(r.rule_id))?.version !== Number(r.version),
        );
        if (stale.length > 0) {
          const stateRows = await trx
            .selectFrom('monitor_rule_state')
            .select(['rule_id', 'state', 'watermark', 'version'])
            .where('owner_user_id', '=', owner.owner_user_id)
            .where('monitor_id', '=', owner.monitor_id)
            .where(
              'rule_id',
              'in',
              stale.map((r) => r.rule_id),
            )
            .execute();
          for (const r of stateRows)
            this.held.set(keyOf(r.rule_id), {
              version: Number(r.version),
              state: JSON.parse(r.state) as RuleState,
              watermark: Number(r.watermark),
              persistedAt: clock,
            });
        }
        const rules = target.rules.filter((rule) => present.has(rule.id));
        for (const rule of rules) touched.push(keyOf(rule.id));
        const heldOf = (rule: StoredRule) => this.held.get(keyOf(rule.id)) as HeldRule;

        // One read for every rule: from the oldest watermark; a rule further on skips what it has seen.
        const from = Math.min(...rules.map((rule) => heldOf(rule).watermark));
        let readings: readonly (RuleReading & { received_ts: number })[] = [];
        if (mode === 'readings' && target.sensorIds.length > 0) {
          const measuredAfter = now - EVALUATION_LOOKBACK_S;
          const buffered = this.fresh?.take(target.sensorIds, from, measuredAfter);
          if (buffered !== undefined) readings = buffered;
          else {
            this.storeReads++;
            // Raw readings are keyed by hour first (decisions 0060, 0156); a reading may be up to 10
            // minutes ahead. No hour holding rows: nothing to read.
            const hours = await readingHours(trx, this.engine, measuredAfter + 1, now + 3_600);
            readings = (
              hours.length === 0
                ? []
                : await trx
                    .selectFrom('readings')
                    .select(['sensor_id', 'meas_ts', 'temps', 'received_ts'])
                    .where('hour', 'in', hours)
                    .where('sensor_id', 'in', target.sensorIds)
                    .where('meas_ts', '>', measuredAfter)
                    .where('received_ts', '>=', from)
                    .orderBy('meas_ts')
                    .orderBy('sensor_id')
                    .execute()
            ).map((r) => ({
              sensor_id: r.sensor_id,
              meas_ts: Number(r.meas_ts),
              temperatures: JSON.parse(r.temps) as (number | null)[],
              received_ts: Number(r.received_ts),
            }));
            // Inside the transaction no commit can slip between this read and the watch (one connection).
            this.fresh?.watch(target.sensorIds, now);
          }
        }
        const newest = readings.reduce((m, r) => Math.max(m, r.received_ts), Number.NEGATIVE_INFINITY);

        const all: RuleEffect[] = [];
        const probesNow = new Set(target.sensorIds);
        for (const rule of rules) {
          const held = heldOf(rule);
          const effects: RuleEffect[] = [];
          // Probes that left the monitor's storages leave the rule, and their alerts end.
          const retained = retainSensors(held.state, probesNow, now);
          held.state = retained.state;
          effects.push(...retained.effects);
          if (mode === 'tick') {
            const ticked = tickRule(held.state, now);
            held.state = ticked.state;
            effects.push(...ticked.effects);
          } else if (target.sensorIds.length > 0) {
            const mine =
              held.watermark === from ? readings : readings.filter((r) => r.received_ts >= held.watermark);
            held.watermark = Math.max(held.watermark, newest);
            evaluateRuleInPlace(rule as AlertRuleConfig, held.state, mine, now, effects);
          }
          // A pass that changes no alert keeps the state in memory and writes it at most every
          // STATE_WRITE_EVERY_MS: the row's watermark stays behind, so after a crash the readings since
          // are evaluated again from the written state — with the same outcome, for nothing raised,
          // cleared or peaked went unwritten. Every effect is written at once, with its state.
          if (effects.length === 0 && clock - held.persistedAt < STATE_WRITE_EVERY_MS) continue;
          held.version = await this.write(trx, owner, rule.id, held, effects, now);
          held.persistedAt = clock;
          if (effects.length > 0)
            for (const record of this.recorders)
              await record(trx, { ownerId: target.ownerId, monitorId: target.monitorId, rule }, effects, now);
          all.push(...effects);
        }
        if (mode === 'readings' && rules.length > 0)
          released = Math.min(...rules.map((rule) => heldOf(rule).watermark));
        return all;
      });
      // Every rule has evaluated up to its watermark: the buffer lets go of what came before.
      if (released !== undefined) this.fresh?.release(target.sensorIds, released);
    } catch (err) {
      // The copies may hold what the rolled-back transaction did not write: read the rows again.
      for (const key of touched) this.held.delete(key);
      throw err;
    }
    this.raised += written.filter((e) => e.type === 'raise').length;
    if (written.length > 0)
      for (const listener of this.changedListeners) listener([target.ownerId], target.bsIds);
    return written;
  }

  /** Writes a rule's state and watermark, and its alerts when effects change them; the new version. */
  private async write(
    trx: Kysely<Database>,
    owner: { owner_user_id: number; monitor_id: number },
    ruleId: number,
    held: HeldRule,
    effects: readonly RuleEffect[],
    now: number,
  ): Promise<number> {
    const version = newVersion();
    let alerts: { current_alerts: string; alert_history: string } | undefined;
    if (effects.length > 0) {
      const row = await trx
        .selectFrom('monitor_rule_state')
        .select(['current_alerts', 'alert_history'])
        .where('owner_user_id', '=', owner.owner_user_id)
        .where('monitor_id', '=', owner.monitor_id)
        .where('rule_id', '=', ruleId)
        .executeTakeFirstOrThrow();
      const next = applyRuleEffects(
        {
          currentAlerts: JSON.parse(row.current_alerts) as Alert[],
          alertHistory: JSON.parse(row.alert_history) as Alert[],
        },
        effects,
      );
      alerts = {
        current_alerts: JSON.stringify(next.currentAlerts),
        alert_history: JSON.stringify(next.alertHistory),
      };
    }
    await trx
      .updateTable('monitor_rule_state')
      .set({
        state: JSON.stringify(held.state),
        ...alerts,
        watermark: held.watermark,
        updated_ts: now,
        version,
      })
      .where('owner_user_id', '=', owner.owner_user_id)
      .where('monitor_id', '=', owner.monitor_id)
      .where('rule_id', '=', ruleId)
      .execute();
    return version;
  }
}

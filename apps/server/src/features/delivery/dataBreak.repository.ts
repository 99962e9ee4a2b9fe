import type { DeliveryRepository } from './delivery.repository.js';
import type { NewBreak, OpenBreak } from './dataBreakChanges.js';

/** Kysely only: what the data-break watch reads and the breaks it writes as delivery alerts. */
export class DataBreakRepository {
  constructor(private readonly base: DeliveryRepository) {}

  private get db() {
    return this.base.db;
  }

  /** Every station that has an owner, with its last data and its probes' newest reading time. */
  async stations() {
    return this.db
      .selectFrom('base_stations as b')
      .leftJoin(
        (eb) =>
          eb
            .selectFrom('probe_latest')
            .select((e) => ['bs_id', e.fn.max('meas_ts').as('newest')])
            .groupBy('bs_id')
            .as('l'),
        (join) => join.onRef('l.bs_id', '=', 'b.id'),
      )
      .select([
        'b.id as bsId',
        'b.owner_user_id as ownerId',
        'b.last_data_ts as lastDataTs',
        'l.newest as newestReadingTs',
      ])
      .execute();
  }

  /** Every probe placed in a storage, with its station, its storage and its latest reading's time. */
  async placedProbes() {
    return this.db
      .selectFrom('storage_probes as sp')
      .innerJoin('probes as p', 'p.sensor_id', 'sp.sensor_id')
      .leftJoin('probe_latest as l', 'l.sensor_id', 'sp.sensor_id')
      .select([
        'sp.sensor_id as sensorId',
        'p.bs_id as bsId',
        'sp.owner_user_id as ownerId',
        'sp.storage_id as storageId',
        'l.meas_ts as lastTs',
      ])
      .where('p.disabled', '=', 0)
      .execute();
  }

  /** Data breaks told and still on (their all-clear not yet noted). */
  async openBreaks(): Promise<OpenBreak[]> {
    const rows = await this.db
      .selectFrom('delivery_alerts')
      .select(['id', 'owner_user_id', 'rule_type', 'sensor_id', 'alert_ts'])
      .where('rule_type', 'in', ['noBSData', 'noProbeData'])
      .where('status', 'in', ['new', 'open', 'acknowledged'])
      .where('clear_pending', '=', 0)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      ownerId: r.owner_user_id,
      ruleType: r.rule_type as OpenBreak['ruleType'],
      sensorId: r.sensor_id,
      sinceTs: Number(r.alert_ts),
    }));
  }

  /** Writes new breaks as delivery alerts (monitor and rule 0); a break seen twice is written once. */
  async raise(breaks: readonly NewBreak[], nowS: number): Promise<void> {
    if (breaks.length === 0) return;
    await this.db
      .insertInto('delivery_alerts')
      .values(
        breaks.map((b) => ({
          owner_user_id: b.ownerId,
          monitor_id: 0,
          rule_id: 0,
          rule_type: b.ruleType,
          sensor_id: b.sensorId,
          depth: -1,
          alert_ts: b.sinceTs,
          temperature: 0,
          threshold: null,
          is_min: 0,
          status: 'new' as const,
          step: 0,
          clear_pending: 0,
          storage_id: b.storageId,
          bs_id: b.bsId,
          created_ts: nowS,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['owner_user_id', 'monitor_id', 'rule_id', 'sensor_id', 'depth', 'alert_ts']).doNothing(),
      )
      .execute();
  }

  /** Ends breaks: data arrived again (or the probe or station is gone); the planner words the all-clear. */
  async clear(ids: readonly number[], reason: string, nowS: number): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('delivery_alerts')
      .set({ clear_pending: 1, cleared_ts: nowS, clear_reason: reason })
      .where('id', 'in', [...ids])
      .where('status', '!=', 'cleared')
      .execute();
  }
}

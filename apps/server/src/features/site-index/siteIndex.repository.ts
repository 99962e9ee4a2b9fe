import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface FarmRow {
  id: number;
  username: string;
  firstname: string | null;
  lastname: string | null;
}

export interface StationRow {
  id: string;
  owner_user_id: number;
  display_name: string | null;
}

/** An enabled probe of a watched station, with its latest reading when it has one. */
export interface ProbeLatestRow {
  sensor_id: string;
  bs_id: string;
  sensor_name: string | null;
  corrections: string | null;
  meas_ts: number | null;
  temps: string | null;
}

export interface RuleAlertsRow {
  owner_user_id: number;
  current_alerts: string;
}

/**
 * The only SQL of the site index: a handful of queries for every watched farm at once, each keyed by
 * the farms' ids or their stations' (never one query per farm or station), so 500 farms cost the same
 * few round trips as one.
 */
export class SiteIndexRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The caller's account: its siteindex flag and how many base stations it has (the policy's facts). */
  async accountFacts(accountId: number): Promise<{ siteindex: boolean; stations: number }> {
    const [user, count] = await Promise.all([
      this.db.selectFrom('users').select('siteindex').where('id', '=', accountId).executeTakeFirst(),
      this.db
        .selectFrom('base_stations')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('owner_user_id', '=', accountId)
        .executeTakeFirstOrThrow(),
    ]);
    return { siteindex: user?.siteindex === 1, stations: Number(count.n) };
  }

  farms(accountIds: readonly number[]): Promise<FarmRow[]> {
    return this.db
      .selectFrom('users')
      .select(['id', 'username', 'firstname', 'lastname'])
      .where('id', 'in', [...accountIds])
      .execute();
  }

  stations(accountIds: readonly number[]): Promise<StationRow[]> {
    return this.db
      .selectFrom('base_stations')
      .select(['id', 'owner_user_id', 'display_name'])
      .where('owner_user_id', 'in', [...accountIds])
      .orderBy('id')
      .execute();
  }

  /**
   * The enabled probes of these stations and their latest readings (probe_latest, as the probe list
   * reads them), in chunks of 900 stations (SQLite's variables).
   */
  async probesOf(bsIds: readonly string[]): Promise<ProbeLatestRow[]> {
    const out: ProbeLatestRow[] = [];
    for (let i = 0; i < bsIds.length; i += 900) {
      const rows = await this.db
        .selectFrom('probes')
        .leftJoin('probe_latest', 'probe_latest.sensor_id', 'probes.sensor_id')
        .select([
          'probes.sensor_id',
          'probes.bs_id',
          'probes.sensor_name',
          'probes.corrections',
          'probe_latest.meas_ts',
          'probe_latest.temps',
        ])
        .where('probes.bs_id', 'in', bsIds.slice(i, i + 900))
        .where('probes.disabled', '=', 0)
        .execute();
      out.push(...rows);
    }
    return out;
  }

  /** The farms' rules that have current alerts (JSON Alert[] each), as the probe list's alert mark reads them. */
  currentAlerts(accountIds: readonly number[]): Promise<RuleAlertsRow[]> {
    return this.db
      .selectFrom('monitor_rule_state')
      .select(['owner_user_id', 'current_alerts'])
      .where('owner_user_id', 'in', [...accountIds])
      .where('current_alerts', '<>', '[]')
      .execute();
  }
}

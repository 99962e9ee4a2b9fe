import type { Insertable, Kysely, Selectable } from 'kysely';
import type { StationCallKind } from '@emberwatch/shared/domain/stationTraffic';
import type { Database } from '../../db/schema.js';
import type { RotationLimits } from './callRotation.js';
import { stationLogsDb, type StationCallsTable, type StationLogsDb } from './stationLogs.tables.js';

export type StationCallRow = Selectable<StationCallsTable>;
export type NewStationCall = Insertable<StationCallsTable>;

/** Rows per insert statement: well under either engine's limit of bound values (12 a row). */
const INSERT_CHUNK = 500;

/** The call log and the detailed-logging list (migration 0049); Kysely only. */
export class StationLogsRepository {
  private readonly db: StationLogsDb;

  constructor(db: Kysely<Database>) {
    this.db = stationLogsDb(db);
  }

  /** One transaction for the whole batch: one commit a second, whatever the number of calls. */
  async insertCalls(rows: readonly NewStationCall[]): Promise<void> {
    if (rows.length === 0) return;
    if (rows.length <= INSERT_CHUNK) {
      await this.db
        .insertInto('station_calls')
        .values([...rows])
        .execute();
      return;
    }
    await this.db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += INSERT_CHUNK)
        await trx
          .insertInto('station_calls')
          .values(rows.slice(i, i + INSERT_CHUNK))
          .execute();
    });
  }

  /** The rotation (callRotation.ts), rule by rule; returns the calls removed. */
  async prune(nowS: number, limits: RotationLimits): Promise<number> {
    let removed = 0;
    const deleted = (r: { numDeletedRows: bigint }[]) => Number(r[0]?.numDeletedRows ?? 0);
    removed += deleted(
      await this.db
        .deleteFrom('station_calls')
        .where('ts', '<', nowS - limits.maxAgeS)
        .execute(),
    );
    const crowded = await this.db
      .selectFrom('station_calls')
      .select('bs_id')
      .groupBy('bs_id')
      .having((eb) => eb.fn.countAll(), '>', limits.perStation)
      .execute();
    for (const { bs_id } of crowded) {
      const first = await this.db
        .selectFrom('station_calls')
        .select(['ts', 'id'])
        .where('bs_id', '=', bs_id)
        .orderBy('ts', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .offset(limits.perStation)
        .executeTakeFirst();
      if (!first) continue;
      removed += deleted(
        await this.db
          .deleteFrom('station_calls')
          .where('bs_id', '=', bs_id)
          .where((eb) =>
            eb.or([eb('ts', '<', first.ts), eb.and([eb('ts', '=', first.ts), eb('id', '<=', first.id)])]),
          )
          .execute(),
      );
    }
    const over = await this.db
      .selectFrom('station_calls')
      .select(['ts', 'id'])
      .orderBy('ts', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .offset(limits.total)
      .executeTakeFirst();
    if (over)
      removed += deleted(
        await this.db
          .deleteFrom('station_calls')
          .where((eb) =>
            eb.or([eb('ts', '<', over.ts), eb.and([eb('ts', '=', over.ts), eb('id', '<=', over.id)])]),
          )
          .execute(),
      );
    return removed;
  }

  /** Time and kind of a station's calls in [fromTs, toTs) (the traffic chart). */
  trafficCalls(bsId: string, fromTs: number, toTs: number): Promise<{ ts: number; kind: StationCallKind }[]> {
    return this.db
      .selectFrom('station_calls')
      .select(['ts', 'kind'])
      .where('bs_id', '=', bsId)
      .where('ts', '>=', fromTs)
      .where('ts', '<', toTs)
      .execute();
  }

  /** A station's calls in [fromTs, toTs), newest first. */
  callsBetween(bsId: string, fromTs: number, toTs: number, limit: number): Promise<StationCallRow[]> {
    return this.db
      .selectFrom('station_calls')
      .selectAll()
      .where('bs_id', '=', bsId)
      .where('ts', '>=', fromTs)
      .where('ts', '<', toTs)
      .orderBy('ts', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /** The station's record times, or undefined for an id nobody registered. */
  station(bsId: string) {
    return this.db
      .selectFrom('base_stations')
      .select(['activation_ts', 'last_boot_ts', 'last_conf_ts', 'last_data_ts'])
      .where('id', '=', bsId)
      .executeTakeFirst();
  }

  async lastCallTs(bsId: string): Promise<number | null> {
    const row = await this.db
      .selectFrom('station_calls')
      .select('ts')
      .where('bs_id', '=', bsId)
      .orderBy('ts', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.ts ?? null;
  }

  /** The mobile network the station reported with its latest calls, newest first. */
  mobileLog(bsId: string, limit: number) {
    return this.db
      .selectFrom('station_calls')
      .select(['ts', 'operator', 'net', 'mobile_rssi'])
      .where('bs_id', '=', bsId)
      .where('operator', 'is not', null)
      .orderBy('ts', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /**
   * Calls since `fromTs` of ids that were no activated station at the time: unknown ids, stations
   * registered but not activated, and calls from before an activation. Newest first.
   */
  earlyCalls(fromTs: number, limit: number) {
    return this.db
      .selectFrom('station_calls as c')
      .leftJoin('base_stations as b', 'b.id', 'c.bs_id')
      .select(['c.id', 'c.bs_id', 'c.ts', 'c.kind', 'c.status', 'c.bytes_up', 'b.id as station'])
      .where('c.ts', '>=', fromTs)
      .where((eb) =>
        eb.or([
          eb('b.id', 'is', null),
          eb('b.activation_ts', 'is', null),
          eb('c.ts', '<', eb.ref('b.activation_ts')),
        ]),
      )
      .orderBy('c.ts', 'desc')
      .orderBy('c.id', 'desc')
      .limit(limit)
      .execute();
  }

  loggedStations() {
    return this.db
      .selectFrom('station_logging as l')
      .leftJoin('users as u', 'u.id', 'l.by_user_id')
      .select(['l.bs_id', 'l.since_ts', 'u.username as by'])
      .orderBy('l.bs_id')
      .execute();
  }

  async loggedIds(): Promise<string[]> {
    return (await this.db.selectFrom('station_logging').select('bs_id').execute()).map((r) => r.bs_id);
  }

  async isLogged(bsId: string): Promise<boolean> {
    return (
      (await this.db
        .selectFrom('station_logging')
        .select('bs_id')
        .where('bs_id', '=', bsId)
        .executeTakeFirst()) !== undefined
    );
  }

  /**
   * Switches a station's detailed logging; on is refused (false) when `max` stations have it already.
   * The count and the insert are one transaction (on PostgreSQL two admins at the very same moment
   * may pass the cap by one: it bounds the cost of summaries, it is no security limit).
   */
  async setLogging(bsId: string, on: boolean, byUserId: number, nowS: number, max: number): Promise<boolean> {
    if (!on) {
      await this.db.deleteFrom('station_logging').where('bs_id', '=', bsId).execute();
      return true;
    }
    return this.db.transaction().execute(async (trx) => {
      const had = await trx
        .selectFrom('station_logging')
        .select('bs_id')
        .where('bs_id', '=', bsId)
        .executeTakeFirst();
      if (had) return true;
      const { n } = await trx
        .selectFrom('station_logging')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      if (Number(n) >= max) return false;
      await trx
        .insertInto('station_logging')
        .values({ bs_id: bsId, since_ts: nowS, by_user_id: byUserId })
        .execute();
      return true;
    });
  }
}

import { sql, type Insertable, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { activationDb } from '../activation/index.js';
import { stationLogsDb } from '../station-logs/index.js';
import {
  diagnosticsDb,
  type AccessLogsTable,
  type DiagnosticsDb,
  type ServerLogsTable,
  type StationTestReadingsTable,
} from './diagnostics.tables.js';
import type { RotationLimits } from './rotation.js';

export type NewServerLog = Insertable<ServerLogsTable>;
export type NewAccessLog = Insertable<AccessLogsTable>;
export type NewTestReading = Insertable<StationTestReadingsTable>;

/** Rows per insert statement: well under either engine's limit of bound values (12 a row). */
const INSERT_CHUNK = 500;

type Rotated = 'server_logs' | 'access_logs';
/** The column each store rotates by (rotation.ts): a server instance, a caller's address. */
const KEY_OF = { server_logs: 'server', access_logs: 'ip' } as const;

export interface AccessLogFilter {
  fromTs: number;
  toTs: number;
  method?: string;
  /** An exact status, or a class [min, max]. */
  status?: [number, number];
  path?: string;
  userId?: number;
  ip?: string;
  family?: string;
}

/** Escapes LIKE's wildcards so a filter text matches as written. */
function likeText(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The diagnostics stores (migration 0055) and the registrations they read; Kysely only. */
export class DiagnosticsRepository {
  private readonly db: DiagnosticsDb;

  constructor(private readonly base: Kysely<Database>) {
    this.db = diagnosticsDb(base);
  }

  private async insertAll(table: Rotated, rows: readonly (NewServerLog | NewAccessLog)[]) {
    if (rows.length === 0) return;
    const chunks = async (db: DiagnosticsDb) => {
      for (let i = 0; i < rows.length; i += INSERT_CHUNK)
        await db
          .insertInto(table)
          .values(rows.slice(i, i + INSERT_CHUNK))
          .execute();
    };
    if (rows.length <= INSERT_CHUNK) await chunks(this.db);
    else await this.db.transaction().execute(chunks);
  }

  insertServerLogs(rows: readonly NewServerLog[]): Promise<void> {
    return this.insertAll('server_logs', rows);
  }

  insertAccessLogs(rows: readonly NewAccessLog[]): Promise<void> {
    return this.insertAll('access_logs', rows);
  }

  /** The latest test reading per probe wins (one statement per batch; later rows of a batch last). */
  async upsertTestReadings(rows: readonly NewTestReading[]): Promise<void> {
    if (rows.length === 0) return;
    const latest = new Map<string, NewTestReading>();
    for (const r of rows) latest.set(`${r.bs_id}\u0000${r.sensor_id}`, r);
    const all = [...latest.values()];
    await this.db.transaction().execute(async (trx) => {
      for (let i = 0; i < all.length; i += INSERT_CHUNK)
        await trx
          .insertInto('station_test_readings')
          .values(all.slice(i, i + INSERT_CHUNK))
          .onConflict((oc) =>
            oc.columns(['bs_id', 'sensor_id']).doUpdateSet((eb) => ({
              meas_ts: eb.ref('excluded.meas_ts'),
              temperature: eb.ref('excluded.temperature'),
              sensor_rssi: eb.ref('excluded.sensor_rssi'),
              batt: eb.ref('excluded.batt'),
              received_ts: eb.ref('excluded.received_ts'),
            })),
          )
          .execute();
    });
  }

  /** The rotation (rotation.ts), rule by rule; returns the rows removed. */
  async prune(table: Rotated, nowS: number, limits: RotationLimits): Promise<number> {
    const key = KEY_OF[table];
    const db = this.db as unknown as Kysely<
      Record<Rotated, { id: number; ts: number; server: string; ip: string }>
    >;
    const deleted = (r: { numDeletedRows: bigint }[]) => Number(r[0]?.numDeletedRows ?? 0);
    let removed = deleted(
      await db
        .deleteFrom(table)
        .where('ts', '<', nowS - limits.maxAgeS)
        .execute(),
    );
    const crowded = await db
      .selectFrom(table)
      .select(key)
      .groupBy(key)
      .having((eb) => eb.fn.countAll(), '>', limits.perKey)
      .execute();
    for (const row of crowded) {
      const k = (row as Record<string, string>)[key] as string;
      const first = await db
        .selectFrom(table)
        .select(['ts', 'id'])
        .where(key, '=', k)
        .orderBy('ts', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .offset(limits.perKey)
        .executeTakeFirst();
      if (!first) continue;
      removed += deleted(
        await db
          .deleteFrom(table)
          .where(key, '=', k)
          .where((eb) =>
            eb.or([eb('ts', '<', first.ts), eb.and([eb('ts', '=', first.ts), eb('id', '<=', first.id)])]),
          )
          .execute(),
      );
    }
    const over = await db
      .selectFrom(table)
      .select(['ts', 'id'])
      .orderBy('ts', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .offset(limits.total)
      .executeTakeFirst();
    if (over)
      removed += deleted(
        await db
          .deleteFrom(table)
          .where((eb) =>
            eb.or([eb('ts', '<', over.ts), eb.and([eb('ts', '=', over.ts), eb('id', '<=', over.id)])]),
          )
          .execute(),
      );
    return removed;
  }

  async pruneTestReadings(beforeTs: number): Promise<number> {
    const r = await this.db.deleteFrom('station_test_readings').where('received_ts', '<', beforeTs).execute();
    return Number(r[0]?.numDeletedRows ?? 0);
  }

  /** Server log lines in [fromTs, toTs] at `minLevel` or above, newest first. */
  serverLogs(q: {
    fromTs: number;
    toTs: number;
    server?: string;
    env?: string;
    minLevel: number;
    limit: number;
  }) {
    let query = this.db
      .selectFrom('server_logs')
      .selectAll()
      .where('ts', '>=', q.fromTs)
      .where('ts', '<=', q.toTs)
      .where('level', '>=', q.minLevel);
    if (q.server !== undefined) query = query.where('server', '=', q.server);
    if (q.env !== undefined) query = query.where('env', '=', q.env);
    return query.orderBy('ts', 'desc').orderBy('id', 'desc').limit(q.limit).execute();
  }

  /** Every instance with lines in the store, and its newest. */
  async servers() {
    const rows = await this.db
      .selectFrom('server_logs')
      .select(['server', 'env', (eb) => eb.fn.max('ts').as('last_ts')])
      .groupBy(['server', 'env'])
      .orderBy('server')
      .execute();
    return rows.map((r) => ({ server: r.server, env: r.env, last_ts: Number(r.last_ts) }));
  }

  accessLogs(f: AccessLogFilter, limit: number) {
    let q = this.db
      .selectFrom('access_logs as a')
      .leftJoin('users as u', 'u.id', 'a.user_id')
      .select([
        'a.id',
        'a.ts',
        'a.server',
        'a.method',
        'a.path',
        'a.route',
        'a.status',
        'a.duration_us',
        'a.user_id',
        'u.username',
        'a.family',
        'a.ip',
      ])
      .where('a.ts', '>=', f.fromTs)
      .where('a.ts', '<=', f.toTs);
    if (f.method !== undefined) q = q.where('a.method', '=', f.method);
    if (f.status !== undefined)
      q = q.where('a.status', '>=', f.status[0]).where('a.status', '<=', f.status[1]);
    if (f.path !== undefined) q = q.where(sql<boolean>`a.path like ${`%${likeText(f.path)}%`} escape '\\'`);
    if (f.userId !== undefined) q = q.where('a.user_id', '=', f.userId);
    if (f.ip !== undefined) q = q.where(sql<boolean>`a.ip like ${`${likeText(f.ip)}%`} escape '\\'`);
    if (f.family !== undefined) q = q.where('a.family', '=', f.family);
    return q.orderBy('a.ts', 'desc').orderBy('a.id', 'desc').limit(limit).execute();
  }

  /** The base stations registered as kits and not activated yet (open kits). */
  async openKitStationIds(): Promise<string[]> {
    const rows = await activationDb(this.base)
      .selectFrom('activation_kits')
      .select('bs_id')
      .where('kind', '=', 'system')
      .where('claimed_ts', 'is', null)
      .where('bs_id', 'is not', null)
      .execute();
    return rows.map((r) => r.bs_id as string);
  }

  /** Open kits' stations that called since `fromTs`: their calls summed, their last call. */
  async testStations(fromTs: number, limit: number) {
    const calls = stationLogsDb(this.base);
    return calls
      .selectFrom('station_calls as c')
      .innerJoin(
        activationDb(this.base)
          .selectFrom('activation_kits')
          .select(['bs_id', 'created_ts', 'partner_app'])
          .where('kind', '=', 'system')
          .where('claimed_ts', 'is', null)
          .as('k'),
        'k.bs_id',
        'c.bs_id',
      )
      .select((eb) => [
        'c.bs_id',
        eb.fn.max('k.created_ts').as('registered_ts'),
        eb.fn.max('k.partner_app').as('partner_app'),
        eb.fn.countAll<number>().as('calls'),
        eb.fn.sum<number>(eb.case().when('c.readings', '>', 0).then(1).else(0).end()).as('data_calls'),
        eb.fn.sum<number>(eb.fn.coalesce('c.readings', eb.val(0))).as('readings'),
        eb.fn.min('c.ts').as('first_ts'),
        eb.fn.max('c.ts').as('last_ts'),
        eb.fn.max('c.id').as('last_id'),
      ])
      .where('c.ts', '>=', fromTs)
      .groupBy('c.bs_id')
      .orderBy('last_ts', 'desc')
      .limit(limit)
      .execute();
  }

  /** The calls by id (the test stations' last calls). */
  callsById(ids: readonly number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return stationLogsDb(this.base)
      .selectFrom('station_calls')
      .select(['id', 'kind', 'status'])
      .where('id', 'in', [...ids])
      .execute();
  }

  testReadingsOf(bsIds: readonly string[]) {
    if (bsIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('station_test_readings')
      .selectAll()
      .where('bs_id', 'in', [...bsIds])
      .orderBy('bs_id')
      .orderBy('sensor_id')
      .execute();
  }

  /** Base-station kits with their activation: the account that claimed each and the station's data. */
  bsRegistrations(state: 'all' | 'open' | 'activated', q: string | undefined, limit: number) {
    let query = activationDb(this.base)
      .selectFrom('activation_kits as k')
      .leftJoin('users as u', 'u.id', 'k.claimed_user_id')
      .leftJoin('base_stations as b', 'b.id', 'k.bs_id')
      .select([
        'k.bs_id',
        'k.created_ts',
        'k.partner_app',
        'k.claimed_ts',
        'k.claimed_user_id',
        'u.username',
        'b.last_data_ts',
      ])
      .where('k.kind', '=', 'system');
    if (state === 'open') query = query.where('k.claimed_ts', 'is', null);
    if (state === 'activated') query = query.where('k.claimed_ts', 'is not', null);
    if (q !== undefined) query = query.where(sql<boolean>`k.bs_id like ${`%${likeText(q)}%`} escape '\\'`);
    return query.orderBy('k.created_ts', 'desc').orderBy('k.id', 'desc').limit(limit).execute();
  }

  probeRegistrations(state: 'all' | 'open' | 'activated', q: string | undefined, limit: number) {
    let query = activationDb(this.base)
      .selectFrom('activation_kits as k')
      .leftJoin('users as u', 'u.id', 'k.claimed_user_id')
      .select([
        'k.set_id',
        'k.probes',
        'k.created_ts',
        'k.claimed_ts',
        'k.claimed_bs_id',
        'k.claimed_user_id',
        'u.username',
      ])
      .where('k.kind', '=', 'probes');
    if (state === 'open') query = query.where('k.claimed_ts', 'is', null);
    if (state === 'activated') query = query.where('k.claimed_ts', 'is not', null);
    if (q !== undefined) {
      const p = `%${likeText(q)}%`;
      query = query.where(sql<boolean>`(k.set_id like ${p} escape '\\' or k.probes like ${p} escape '\\')`);
    }
    return query.orderBy('k.created_ts', 'desc').orderBy('k.id', 'desc').limit(limit).execute();
  }
}

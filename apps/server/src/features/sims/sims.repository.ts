import type { Kysely, Transaction } from 'kysely';
import type { SimStatus } from '@emberwatch/shared/domain/sims';
import type { Database } from '../../db/schema.js';
import { simsDb, type SimsDb, type SimsTable, type SimsTables } from './sims.tables.js';

/** A card with its station and the station's owner, as the console lists it. */
export interface SimJoined {
  iccid: string;
  msisdn: string | null;
  imsi: string | null;
  status: SimStatus;
  status_ts: number | null;
  exp_ts: number | null;
  bs_id: string | null;
  display_name: string | null;
  station_exp_ts: number | null;
  owner_uid: number | null;
  owner_username: string | null;
}

export interface StationOfSim {
  id: string;
  owner_user_id: number;
  display_name: string | null;
  sim: string | null;
  sim_exp_ts: number | null;
  owner_username: string | null;
}

export interface SimListFilter {
  status?: SimStatus;
  /** Only cards whose subscription ends before this (epoch s). */
  expiresBefore?: number;
  unassigned?: boolean;
}

/** A card's fields the import and the console write. */
export type SimFields = Pick<SimsTable, 'iccid' | 'msisdn' | 'imsi' | 'status' | 'status_ts' | 'exp_ts'>;

type Db = SimsDb | Transaction<Database & SimsTables>;

/** The SIM cards (migration 0052) and the stations that hold them; Kysely only. */
export class SimsRepository {
  readonly db: SimsDb;

  constructor(db: Kysely<Database>) {
    this.db = simsDb(db);
  }

  private joined(db: Db = this.db) {
    return db
      .selectFrom('sims')
      .leftJoin('base_stations', 'base_stations.sim', 'sims.iccid')
      .leftJoin('users', 'users.id', 'base_stations.owner_user_id')
      .select([
        'sims.iccid',
        'sims.msisdn',
        'sims.imsi',
        'sims.status',
        'sims.status_ts',
        'sims.exp_ts',
        'base_stations.id as bs_id',
        'base_stations.display_name',
        'base_stations.sim_exp_ts as station_exp_ts',
        'users.id as owner_uid',
        'users.username as owner_username',
      ]);
  }

  async sim(iccid: string, db: Db = this.db): Promise<SimJoined | undefined> {
    return this.joined(db).where('sims.iccid', '=', iccid).executeTakeFirst();
  }

  async simsIn(iccids: readonly string[]): Promise<SimJoined[]> {
    if (iccids.length === 0) return [];
    return this.joined()
      .where('sims.iccid', 'in', [...iccids])
      .execute();
  }

  async list(f: SimListFilter): Promise<SimJoined[]> {
    let q = this.joined();
    if (f.status) q = q.where('sims.status', '=', f.status);
    if (f.unassigned) q = q.where('base_stations.id', 'is', null);
    if (f.expiresBefore !== undefined) {
      const before = f.expiresBefore;
      // A card in a station expires with the station's subscription; a spare card with its own.
      q = q.where((eb) =>
        eb.or([
          eb.and([eb('base_stations.id', 'is not', null), eb('base_stations.sim_exp_ts', '<=', before)]),
          eb.and([eb('base_stations.id', 'is', null), eb('sims.exp_ts', '<=', before)]),
        ]),
      );
    }
    return q.orderBy('sims.iccid').execute();
  }

  /** The station and its owner's username; undefined: no such station. */
  async station(bsId: string, db: Db = this.db): Promise<StationOfSim | undefined> {
    return db
      .selectFrom('base_stations')
      .leftJoin('users', 'users.id', 'base_stations.owner_user_id')
      .select([
        'base_stations.id',
        'base_stations.owner_user_id',
        'base_stations.display_name',
        'base_stations.sim',
        'base_stations.sim_exp_ts',
        'users.username as owner_username',
      ])
      .where('base_stations.id', '=', bsId)
      .executeTakeFirst();
  }

  /** The stations holding the card (one, unless older data gave it to two). */
  async stationsWith(iccid: string, db: Db = this.db): Promise<string[]> {
    const rows = await db.selectFrom('base_stations').select('id').where('sim', '=', iccid).execute();
    return rows.map((r) => r.id);
  }

  async cardsIn(iccids: readonly string[], db: Db = this.db): Promise<SimsTable[]> {
    if (iccids.length === 0) return [];
    return db
      .selectFrom('sims')
      .selectAll()
      .where('iccid', 'in', [...iccids])
      .execute();
  }

  async insertCard(db: Db, card: SimFields, nowS: number): Promise<void> {
    await db
      .insertInto('sims')
      .values({ ...card, created_ts: nowS, updated_ts: nowS })
      .execute();
  }

  async updateCard(db: Db, iccid: string, set: Partial<SimFields>, nowS: number): Promise<void> {
    await db
      .updateTable('sims')
      .set({ ...set, updated_ts: nowS })
      .where('iccid', '=', iccid)
      .execute();
  }

  async setStationSim(db: Db, bsId: string, iccid: string | null): Promise<void> {
    await db.updateTable('base_stations').set({ sim: iccid }).where('id', '=', bsId).execute();
  }

  async setStationExpiry(db: Db, bsId: string, expTs: number | null): Promise<void> {
    await db.updateTable('base_stations').set({ sim_exp_ts: expTs }).where('id', '=', bsId).execute();
  }

  /** Stations whose owner's plan ends in [from, to], soonest first. */
  async plansEnding(from: number, to: number) {
    return this.db
      .selectFrom('base_stations')
      .innerJoin('users', 'users.id', 'base_stations.owner_user_id')
      .select([
        'base_stations.id as bs_id',
        'base_stations.display_name',
        'users.id as owner_uid',
        'users.username as owner_username',
        'users.plan_name',
        'users.plan_due_ts as exp_ts',
      ])
      .where('users.plan_due_ts', '>=', from)
      .where('users.plan_due_ts', '<=', to)
      .orderBy('users.plan_due_ts')
      .orderBy('base_stations.id')
      .execute();
  }

  /** Stations whose SIM subscription ends in [from, to], soonest first. */
  async simsEnding(from: number, to: number) {
    return this.db
      .selectFrom('base_stations')
      .innerJoin('users', 'users.id', 'base_stations.owner_user_id')
      .select([
        'base_stations.id as bs_id',
        'base_stations.display_name',
        'base_stations.sim',
        'users.id as owner_uid',
        'users.username as owner_username',
        'base_stations.sim_exp_ts as exp_ts',
      ])
      .where('base_stations.sim_exp_ts', '>=', from)
      .where('base_stations.sim_exp_ts', '<=', to)
      .orderBy('base_stations.sim_exp_ts')
      .orderBy('base_stations.id')
      .execute();
  }
}

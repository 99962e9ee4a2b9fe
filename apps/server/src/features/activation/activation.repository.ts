import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { fansDb } from '../fans/index.js';
import { activationDb, type ActivationKitsTable, type ActivationTables } from './activation.tables.js';

export type KitRow = Selectable<ActivationKitsTable>;
export type KitProbe = { sensor_id: string; depths: number };
export type NewKit = Omit<ActivationKitsTable, 'id' | 'claimed_user_id' | 'claimed_bs_id' | 'claimed_ts'>;

export function kitProbes(row: Pick<KitRow, 'probes'>): KitProbe[] {
  return JSON.parse(row.probes) as KitProbe[];
}

/** The SQL of the kits. */
export class ActivationRepository {
  private readonly db;

  /** The store's Kysely; the kit table is added to its type here. */
  constructor(private readonly base: Kysely<Database>) {
    this.db = activationDb(base);
  }

  /** The store, for the base-stations feature's repository. */
  get store(): Kysely<Database> {
    return this.base;
  }

  findById(trx: Transaction<Database>, kitId: number): Promise<KitRow | undefined> {
    return trx
      .withTables<ActivationTables>()
      .selectFrom('activation_kits')
      .selectAll()
      .where('id', '=', kitId)
      .executeTakeFirst();
  }

  findSet(trx: Transaction<Database>, setId: string): Promise<KitRow | undefined> {
    return trx
      .withTables<ActivationTables>()
      .selectFrom('activation_kits')
      .selectAll()
      .where('kind', '=', 'probes')
      .where('set_id', '=', setId)
      .executeTakeFirst();
  }

  /**
   * The base station kit of this station id that is still open (released stations have one) or that
   * was activated and made the station.
   */
  findStationKit(
    trx: Transaction<Database>,
    bsId: string,
    state: 'open' | 'claimed',
  ): Promise<KitRow | undefined> {
    return trx
      .withTables<ActivationTables>()
      .selectFrom('activation_kits')
      .selectAll()
      .where('kind', '=', 'system')
      .where('bs_id', '=', bsId)
      .where('claimed_ts', state === 'open' ? 'is' : 'is not', null)
      .executeTakeFirst();
  }

  /** Deletes a kit that is still open; false when it was claimed meanwhile (or is gone). */
  async deleteOpen(trx: Transaction<Database>, kitId: number): Promise<boolean> {
    const res = await trx
      .withTables<ActivationTables>()
      .deleteFrom('activation_kits')
      .where('id', '=', kitId)
      .where('claimed_ts', 'is', null)
      .executeTakeFirst();
    return Number(res.numDeletedRows) === 1;
  }

  /**
   * Opens a claimed kit again. Its code was forgotten at the claim but its hash was kept, so the code
   * on the label works once more (the kit list cannot show it again).
   */
  async unclaim(trx: Transaction<Database>, kitId: number): Promise<boolean> {
    const res = await trx
      .withTables<ActivationTables>()
      .updateTable('activation_kits')
      .set({ claimed_user_id: null, claimed_bs_id: null, claimed_ts: null })
      .where('id', '=', kitId)
      .where('claimed_ts', 'is not', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /**
   * What already hangs on a station, first found: it has reported, is grouped, or has probes, packets,
   * storages, a site plan, site names, a fan channel or a batch. Null: untouched since activation.
   */
  async stationUse(trx: Transaction<Database>, bsId: string): Promise<string | null> {
    const st = await trx
      .selectFrom('base_stations')
      .select(['last_boot_ts', 'last_conf_ts', 'last_data_ts', 'bs_group'])
      .where('id', '=', bsId)
      .executeTakeFirst();
    if (!st) return null;
    if (st.last_boot_ts !== null || st.last_conf_ts !== null || st.last_data_ts !== null) return 'reported';
    if (st.bs_group !== null) return 'grouped';
    const has = async (q: { executeTakeFirst(): Promise<unknown> }) =>
      (await q.executeTakeFirst()) !== undefined;
    if (await has(trx.selectFrom('probes').select('sensor_id').where('bs_id', '=', bsId).limit(1)))
      return 'probes';
    if (await has(trx.selectFrom('bs_packets').select('bs_id').where('bs_id', '=', bsId).limit(1)))
      return 'packets';
    if (await has(trx.selectFrom('storages').select('bs_id').where('bs_id', '=', bsId).limit(1)))
      return 'storages';
    if (await has(trx.selectFrom('sites').select('bs_id').where('bs_id', '=', bsId).limit(1))) return 'site';
    if (await has(trx.selectFrom('site_names').select('bs_id').where('bs_id', '=', bsId).limit(1)))
      return 'site';
    if (await has(fansDb(trx).selectFrom('fan_channels').select('fc_id').where('bs_id', '=', bsId).limit(1)))
      return 'fans';
    // The batches feature keeps its table type to itself; its one column asked here is typed in place.
    const batches = trx.withTables<{ batches: { bs_id: string } }>();
    if (await has(batches.selectFrom('batches').select('bs_id').where('bs_id', '=', bsId).limit(1)))
      return 'batches';
    return null;
  }

  /** Removes a station that stationUse found untouched. */
  async deleteStation(trx: Transaction<Database>, bsId: string): Promise<void> {
    await trx.deleteFrom('base_stations').where('id', '=', bsId).execute();
  }

  /** A transaction on the store: the base-stations feature's repository works on it too. */
  transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.base.transaction().execute(work);
  }

  findByCodeHash(trx: Transaction<Database>, codeHash: string): Promise<KitRow | undefined> {
    return trx
      .withTables<ActivationTables>()
      .selectFrom('activation_kits')
      .selectAll()
      .where('code_hash', '=', codeHash)
      .executeTakeFirst();
  }

  /**
   * Claims an open kit for an account and forgets its code, in one statement: of two claims racing for
   * one code, one updates the row and the other finds it claimed. True when this call claimed it.
   */
  async claim(
    trx: Transaction<Database>,
    kitId: number,
    c: { userId: number; bsId: string; ts: number },
  ): Promise<boolean> {
    const res = await trx
      .withTables<ActivationTables>()
      .updateTable('activation_kits')
      .set({ claimed_user_id: c.userId, claimed_bs_id: c.bsId, claimed_ts: c.ts, code: null })
      .where('id', '=', kitId)
      .where('claimed_ts', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  list(state: 'open' | 'claimed' | 'all', limit: number): Promise<(KitRow & { username: string | null })[]> {
    let q = this.db
      .selectFrom('activation_kits')
      .leftJoin('users', 'users.id', 'activation_kits.claimed_user_id')
      .selectAll('activation_kits')
      .select('users.username');
    if (state === 'open') q = q.where('activation_kits.claimed_ts', 'is', null);
    if (state === 'claimed') q = q.where('activation_kits.claimed_ts', 'is not', null);
    return q.orderBy('activation_kits.id').limit(limit).execute();
  }

  /** Station ids and set ids already used by a kit, and every probe of a probe set kit. */
  async takenIds(): Promise<{ bsIds: Set<string>; setIds: Set<string>; probeIds: Set<string> }> {
    const rows = await this.db.selectFrom('activation_kits').select(['bs_id', 'set_id', 'probes']).execute();
    return {
      bsIds: new Set(rows.flatMap((r) => (r.bs_id ? [r.bs_id] : []))),
      setIds: new Set(rows.flatMap((r) => (r.set_id ? [r.set_id] : []))),
      probeIds: new Set(rows.flatMap((r) => kitProbes(r).map((p) => p.sensor_id))),
    };
  }

  /** New kits, all or none. */
  async insertAll(kits: NewKit[]): Promise<void> {
    await this.base.transaction().execute(async (trx) => {
      await trx.withTables<ActivationTables>().insertInto('activation_kits').values(kits).execute();
    });
  }

  /** Adds kits whose code is not known yet; how many it added. */
  async insertIfAbsent(kits: NewKit[]): Promise<number> {
    let added = 0;
    for (const kit of kits) {
      const res = await this.db
        .insertInto('activation_kits')
        .values(kit)
        .onConflict((oc) => oc.column('code_hash').doNothing())
        .executeTakeFirst();
      added += Number(res.numInsertedOrUpdatedRows ?? 0);
    }
    return added;
  }
}

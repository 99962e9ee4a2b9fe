import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Engine } from '../../db/engine.js';
import {
  firmwareDb,
  type FirmwareDb,
  type FirmwareImagesTable,
  type OtaLogTable,
  type OtaPendingTable,
} from './firmware.tables.js';

export type ImageMeta = Omit<Selectable<FirmwareImagesTable>, 'data'> & { added_by: string | null };
export type PendingRow = Selectable<OtaPendingTable> & { by: string | null };
export type LogRow = Selectable<OtaLogTable> & { by: string | null };

/** Firmware images, pending updates and the update log (migration 0053); Kysely only. */
export class FirmwareRepository {
  private readonly db: FirmwareDb;

  constructor(
    db: Kysely<Database>,
    private readonly engine: Engine,
  ) {
    this.db = firmwareDb(db);
  }

  /** Every image without its bytes, newest revision first (by the numbers, not the text). */
  async images(): Promise<ImageMeta[]> {
    const rows = await this.db
      .selectFrom('firmware_images as f')
      .leftJoin('users as u', 'u.id', 'f.added_by_user_id')
      .select(['f.rev', 'f.size', 'f.sha256', 'f.notes', 'f.added_ts', 'f.added_by_user_id'])
      .select('u.username as added_by')
      .execute();
    return rows.sort((a, b) => compareRevs(b.rev, a.rev));
  }

  async image(rev: string): Promise<ImageMeta | undefined> {
    return this.db
      .selectFrom('firmware_images as f')
      .leftJoin('users as u', 'u.id', 'f.added_by_user_id')
      .select(['f.rev', 'f.size', 'f.sha256', 'f.notes', 'f.added_ts', 'f.added_by_user_id'])
      .select('u.username as added_by')
      .where('f.rev', '=', rev)
      .executeTakeFirst();
  }

  /**
   * What the station route offers a station after a packet, in one read: its pending revision with
   * the image's size and checksum, and the revision the station runs now.
   */
  async offer(
    bsId: string,
  ): Promise<{ rev: string; size: number; sha256: string; firmware: string | null } | undefined> {
    return this.db
      .selectFrom('ota_pending as p')
      .innerJoin('firmware_images as f', 'f.rev', 'p.rev')
      .leftJoin('base_stations as b', 'b.id', 'p.bs_id')
      .select(['p.rev', 'f.size', 'f.sha256', 'b.firmware'])
      .where('p.bs_id', '=', bsId)
      .executeTakeFirst();
  }

  /** Inserts an image; false when its revision exists already. */
  async addImage(row: Selectable<FirmwareImagesTable>): Promise<boolean> {
    const res = await this.db
      .insertInto('firmware_images')
      .values(row)
      .onConflict((oc) => oc.column('rev').doNothing())
      .executeTakeFirst();
    return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  /** `length` bytes of an image from `offset`, read in the store (not the whole image per chunk). */
  async chunk(rev: string, offset: number, length: number): Promise<Uint8Array | undefined> {
    // Both engines count from 1; SQLite's substr and PostgreSQL's substring take a blob or bytea.
    const part =
      this.engine === 'postgres'
        ? sql<Uint8Array>`substring(data from ${offset + 1} for ${length})`
        : sql<Uint8Array>`substr(data, ${offset + 1}, ${length})`;
    const row = await this.db
      .selectFrom('firmware_images')
      .select(part.as('part'))
      .where('rev', '=', rev)
      .executeTakeFirst();
    return row ? new Uint8Array(row.part ?? new Uint8Array()) : undefined;
  }

  async station(
    bsId: string,
  ): Promise<{ firmware: string | null; display_name: string | null; owner_user_id: number } | undefined> {
    return this.db
      .selectFrom('base_stations')
      .select(['firmware', 'display_name', 'owner_user_id'])
      .where('id', '=', bsId)
      .executeTakeFirst();
  }

  async pending(bsId: string): Promise<PendingRow | undefined> {
    return this.db
      .selectFrom('ota_pending as p')
      .leftJoin('users as u', 'u.id', 'p.by_user_id')
      .selectAll('p')
      .select('u.username as by')
      .where('p.bs_id', '=', bsId)
      .executeTakeFirst();
  }

  async pendingStationIds(): Promise<string[]> {
    return (await this.db.selectFrom('ota_pending').select('bs_id').execute()).map((r) => r.bs_id);
  }

  /** Inserts the pending update; false when one is pending already (two operators at once). */
  async assign(row: Selectable<OtaPendingTable>): Promise<boolean> {
    const res = await this.db
      .insertInto('ota_pending')
      .values(row)
      .onConflict((oc) => oc.column('bs_id').doNothing())
      .executeTakeFirst();
    return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  /**
   * Ends the station's pending update of `rev` (any revision when undefined) and logs how, in one
   * transaction; what was pending, or undefined when nothing was (another call ended it first).
   */
  async end(
    bsId: string,
    rev: string | undefined,
    entry: { result: OtaLogTable['result']; ts: number; reason: string | null; by_user_id: number | null },
  ): Promise<{ rev: string; from_rev: string | null } | undefined> {
    return this.db.transaction().execute(async (trx) => {
      let q = trx.deleteFrom('ota_pending').where('bs_id', '=', bsId);
      if (rev !== undefined) q = q.where('rev', '=', rev);
      const gone = await q.returning(['rev', 'from_rev']).executeTakeFirst();
      if (!gone) return undefined;
      await trx
        .insertInto('ota_log')
        .values({ bs_id: bsId, from_rev: gone.from_rev, to_rev: gone.rev, ...entry })
        .execute();
      return gone;
    });
  }

  async log(bsId: string, limit: number): Promise<LogRow[]> {
    return this.db
      .selectFrom('ota_log as l')
      .leftJoin('users as u', 'u.id', 'l.by_user_id')
      .selectAll('l')
      .select('u.username as by')
      .where('l.bs_id', '=', bsId)
      .orderBy('l.ts', 'desc')
      .orderBy('l.id', 'desc')
      .limit(limit)
      .execute();
  }

  /** Every pending update with its station. */
  async allPending(): Promise<(PendingRow & { display_name: string | null; firmware: string | null })[]> {
    return this.db
      .selectFrom('ota_pending as p')
      .leftJoin('users as u', 'u.id', 'p.by_user_id')
      .leftJoin('base_stations as b', 'b.id', 'p.bs_id')
      .selectAll('p')
      .select(['u.username as by', 'b.display_name', 'b.firmware'])
      .orderBy('p.assigned_ts', 'desc')
      .execute();
  }

  /** Stations whose latest update entry is a failure, with that entry. */
  async lastFailures(): Promise<
    (Selectable<OtaLogTable> & { display_name: string | null; firmware: string | null })[]
  > {
    return this.db
      .selectFrom('ota_log as l')
      .leftJoin('base_stations as b', 'b.id', 'l.bs_id')
      .selectAll('l')
      .select(['b.display_name', 'b.firmware'])
      .where('l.result', '=', 'failed')
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('ota_log as later')
              .select('later.id')
              .whereRef('later.bs_id', '=', 'l.bs_id')
              .whereRef('later.id', '>', 'l.id'),
          ),
        ),
      )
      .orderBy('l.ts', 'desc')
      .execute();
  }
}

/** Revisions by their numbers: "3.10" after "3.9"; ties by the text. */
export function compareRevs(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? -1) - (pb[i] ?? -1);
    if (d !== 0 && !Number.isNaN(d)) return d;
  }
  return a.localeCompare(b);
}

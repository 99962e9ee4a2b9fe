import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema.js';
import {
  verificationDb,
  type VerificationDb,
  type VerificationReportsTable,
  type VerificationSigningKeysTable,
  type VerificationsTable,
} from './verification.tables.js';

export type VerificationRow = Selectable<VerificationsTable>;
export type ReportRow = Selectable<VerificationReportsTable>;
export type SigningKeyRow = Selectable<VerificationSigningKeysTable>;

export interface NewVerification {
  owner_user_id: number;
  bs_id: string;
  sensor_id: string;
  ref_sensor_id: string;
  ref_bs_id: string;
  start_ts: number;
  started_by: number;
}

/** Verifications, their reports and the signing key (migration 0071); Kysely only. */
export class VerificationRepository {
  private readonly db: VerificationDb;

  constructor(db: Kysely<Database>) {
    this.db = verificationDb(db);
  }

  listForProbe(sensorId: string): Promise<VerificationRow[]> {
    return this.db
      .selectFrom('verifications')
      .selectAll()
      .where('sensor_id', '=', sensorId)
      .orderBy('start_ts', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  findById(id: number): Promise<VerificationRow | undefined> {
    return this.db.selectFrom('verifications').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async ongoingFor(sensorId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('verifications')
      .select('id')
      .where('sensor_id', '=', sensorId)
      .where('end_ts', 'is', null)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Null when another start took the probe first (the one-ongoing index). */
  async insert(v: NewVerification): Promise<VerificationRow | null> {
    try {
      return await this.db.insertInto('verifications').values(v).returningAll().executeTakeFirstOrThrow();
    } catch (e) {
      if (/unique|duplicate/i.test(String((e as Error).message))) return null;
      throw e;
    }
  }

  /** Ends it, if still ongoing; the row as it is after. */
  async end(
    id: number,
    set: { end_ts: number; calibration: number | null; result_json: string; ended_by: number },
  ): Promise<VerificationRow | undefined> {
    await this.db
      .updateTable('verifications')
      .set({ ...set, calibration_ts: set.end_ts })
      .where('id', '=', id)
      .where('end_ts', 'is', null)
      .execute();
    return this.findById(id);
  }

  async delete(id: number, state: 'ongoing' | 'ended'): Promise<boolean> {
    const r = await this.db
      .deleteFrom('verifications')
      .where('id', '=', id)
      .where('end_ts', state === 'ongoing' ? 'is' : 'is not', null)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  /** A station's name and time zone, and the account's username and service, for the report. */
  stationOf(bsId: string): Promise<{ display_name: string | null; timezone: string | null } | undefined> {
    return this.db
      .selectFrom('base_stations')
      .select(['display_name', 'timezone'])
      .where('id', '=', bsId)
      .executeTakeFirst();
  }

  accountOf(
    userId: number,
  ): Promise<{ id: number; username: string; service_json: string | null } | undefined> {
    return this.db
      .selectFrom('users')
      .select(['id', 'username', 'service_json'])
      .where('id', '=', userId)
      .executeTakeFirst();
  }

  signingKey(): Promise<SigningKeyRow | undefined> {
    return this.db
      .selectFrom('verification_signing_keys')
      .selectAll()
      .orderBy('created_ts', 'asc')
      .executeTakeFirst();
  }

  signingKeyById(keyId: string): Promise<SigningKeyRow | undefined> {
    return this.db
      .selectFrom('verification_signing_keys')
      .selectAll()
      .where('key_id', '=', keyId)
      .executeTakeFirst();
  }

  /** Keeps the first key made: two servers starting at once agree on one. */
  async addSigningKey(k: SigningKeyRow): Promise<void> {
    await this.db
      .insertInto('verification_signing_keys')
      .values(k)
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  async addReport(r: ReportRow): Promise<void> {
    await this.db.insertInto('verification_reports').values(r).execute();
  }

  findReport(reportId: string): Promise<ReportRow | undefined> {
    return this.db
      .selectFrom('verification_reports')
      .selectAll()
      .where('report_id', '=', reportId)
      .executeTakeFirst();
  }
}

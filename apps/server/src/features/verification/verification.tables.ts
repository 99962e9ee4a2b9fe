import type { Generated, Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** The tables of migration 0071 (decisions 0113–0115), typed beside their only reader. */
export interface VerificationsTable {
  id: Generated<number>;
  /** The account (its main user) the verified probe belongs to. */
  owner_user_id: number;
  bs_id: string;
  sensor_id: string;
  ref_sensor_id: string;
  ref_bs_id: string;
  start_ts: number;
  /** Null while ongoing. */
  end_ts: number | null;
  /** Mean difference verified − reference at the end, °C. */
  calibration: number | null;
  calibration_ts: number | null;
  result_json: string | null;
  started_by: number;
  ended_by: number | null;
}

export interface VerificationReportsTable {
  report_id: string;
  verification_id: number;
  sha256: string;
  /** Ed25519 signature of the SHA-256, base64. */
  signature: string;
  key_id: string;
  issued_ts: number;
  issued_by: number;
}

export interface VerificationSigningKeysTable {
  key_id: string;
  private_key_pem: string;
  public_key_pem: string;
  created_ts: number;
}

// A type alias, not an interface: withTables wants an indexable record.
export type VerificationTables = {
  verifications: VerificationsTable;
  verification_reports: VerificationReportsTable;
  verification_signing_keys: VerificationSigningKeysTable;
};

export type VerificationDb = Kysely<Database & VerificationTables>;

export function verificationDb(db: Kysely<Database>): VerificationDb {
  return db.withTables<VerificationTables>();
}

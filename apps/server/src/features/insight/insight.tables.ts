import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** The tables of migration 0030 (decision 0051), typed beside their only writer. */
export interface InsightSurveysTable {
  owner_user_id: number;
  /** The SurveyAnswers as JSON. */
  answers_json: string;
  updated_by: number | null;
  updated_ts: number;
}

export interface InsightSurveyStoragesTable {
  owner_user_id: number;
  survey_storage_id: number;
  /** The storage made of it; null while it is being made, or when the account had no base station. */
  item_id: number | null;
  created_ts: number;
}

export interface InsightSettingsTable {
  id: number;
  trial_days: number;
  migration_on: number;
  migration_url: string | null;
  updated_ts: number;
}

export interface InsightMigrationsTable {
  owner_user_id: number;
  /** SHA-256 of the one-time key; the key itself leaves once, to the account. */
  key_hash: string;
  created_ts: number;
}

// A type alias, not an interface: withTables wants an indexable record.
export type InsightTables = {
  insight_surveys: InsightSurveysTable;
  insight_survey_storages: InsightSurveyStoragesTable;
  insight_settings: InsightSettingsTable;
  insight_migrations: InsightMigrationsTable;
};

export type InsightDb = Kysely<Database & InsightTables>;

export function insightDb(db: Kysely<Database>): InsightDb {
  return db.withTables<InsightTables>();
}

import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { insightDb, type InsightDb, type InsightSettingsTable } from './insight.tables.js';

export type InsightSettingsRow = InsightSettingsTable;

/** The Insight tables of migration 0030 and the account's service_json: Kysely only. */
export class InsightRepository {
  private readonly db: InsightDb;

  constructor(db: Kysely<Database>) {
    this.db = insightDb(db);
  }

  /**
   * Replaces an account's service_json only if it still holds `expected` (null: none), so that two
   * calls at once (a double click, two tabs) cannot both start a trial; false when it changed.
   */
  async swapService(accountId: number, expected: string | null, next: string | null): Promise<boolean> {
    const res = await this.db
      .updateTable('users')
      .set({ service_json: next })
      .where('id', '=', accountId)
      .where((eb) => (expected === null ? eb('service_json', 'is', null) : eb('service_json', '=', expected)))
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  async serviceJson(accountId: number): Promise<string | null | undefined> {
    const row = await this.db
      .selectFrom('users')
      .select('service_json')
      .where('id', '=', accountId)
      .executeTakeFirst();
    return row?.service_json;
  }

  async survey(accountId: number): Promise<string | null> {
    const row = await this.db
      .selectFrom('insight_surveys')
      .select('answers_json')
      .where('owner_user_id', '=', accountId)
      .executeTakeFirst();
    return row?.answers_json ?? null;
  }

  async saveSurvey(accountId: number, answersJson: string, byUserId: number, nowS: number): Promise<void> {
    await this.db
      .insertInto('insight_surveys')
      .values({ owner_user_id: accountId, answers_json: answersJson, updated_by: byUserId, updated_ts: nowS })
      .onConflict((oc) =>
        oc
          .column('owner_user_id')
          .doUpdateSet({ answers_json: answersJson, updated_by: byUserId, updated_ts: nowS }),
      )
      .execute();
  }

  /** The survey storages already made (or being made), by survey storage id. */
  async surveyStorages(accountId: number): Promise<Map<number, number | null>> {
    const rows = await this.db
      .selectFrom('insight_survey_storages')
      .select(['survey_storage_id', 'item_id'])
      .where('owner_user_id', '=', accountId)
      .execute();
    return new Map(rows.map((r) => [r.survey_storage_id, r.item_id]));
  }

  /** Claims a survey storage before its storage is made; false when another call has it. */
  async claimSurveyStorage(accountId: number, surveyStorageId: number, nowS: number): Promise<boolean> {
    const res = await this.db
      .insertInto('insight_survey_storages')
      .values({
        owner_user_id: accountId,
        survey_storage_id: surveyStorageId,
        item_id: null,
        created_ts: nowS,
      })
      .onConflict((oc) => oc.columns(['owner_user_id', 'survey_storage_id']).doNothing())
      .returning('survey_storage_id')
      .executeTakeFirst();
    return res !== undefined;
  }

  async setSurveyStorageItem(accountId: number, surveyStorageId: number, itemId: number): Promise<void> {
    await this.db
      .updateTable('insight_survey_storages')
      .set({ item_id: itemId })
      .where('owner_user_id', '=', accountId)
      .where('survey_storage_id', '=', surveyStorageId)
      .execute();
  }

  /** Gives a claim back when its storage could not be made, so that a later Finish may try again. */
  async releaseSurveyStorage(accountId: number, surveyStorageId: number): Promise<void> {
    await this.db
      .deleteFrom('insight_survey_storages')
      .where('owner_user_id', '=', accountId)
      .where('survey_storage_id', '=', surveyStorageId)
      .execute();
  }

  async settings(): Promise<InsightSettingsRow | undefined> {
    return this.db.selectFrom('insight_settings').selectAll().where('id', '=', 1).executeTakeFirst();
  }

  async saveSettings(values: Omit<InsightSettingsRow, 'id'>): Promise<void> {
    await this.db
      .insertInto('insight_settings')
      .values({ id: 1, ...values })
      .onConflict((oc) => oc.column('id').doUpdateSet(values))
      .execute();
  }

  /** Hands an account a new migration key (replacing an earlier one). */
  async saveMigrationKey(accountId: number, keyHash: string, nowS: number): Promise<void> {
    await this.db
      .insertInto('insight_migrations')
      .values({ owner_user_id: accountId, key_hash: keyHash, created_ts: nowS })
      .onConflict((oc) => oc.column('owner_user_id').doUpdateSet({ key_hash: keyHash, created_ts: nowS }))
      .execute();
  }

  async migrationCount(): Promise<number> {
    const row = await this.db
      .selectFrom('insight_migrations')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}

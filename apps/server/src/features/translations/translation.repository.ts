import { sql, type Kysely } from 'kysely';
import type { TranslationRow } from '@emberwatch/shared/contracts/translations';
import type { Engine } from '../../db/engine.js';
import type { Database } from '../../db/schema.js';
import type { BundledText } from './bundledLocales.js';

export interface StoredTranslation extends TranslationRow {
  locale: string;
  edited: number;
}

const INSERT_CHUNK = 100;

/**
 * PostgreSQL: one seed at a time per schema, so the mark a seed leaves names the texts the rows hold
 * when several instances start at once (a rolling deploy of two builds).
 */
const SEED_LOCK = sql`select pg_advisory_xact_lock(7316, hashtext(current_schema()))`;

function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** The only SQL of the translations feature. */
export class TranslationRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: Engine,
  ) {}

  /**
   * [key, text] of one locale, ordered by key. Empty texts are left out, so that the app shows the
   * English for them (i18next's fallbackLng) rather than nothing (decision 0106).
   */
  async pairsOf(locale: string): Promise<[string, string][]> {
    const rows = await this.db
      .selectFrom('translations')
      .select(['key', 'text'])
      .where('locale', '=', locale)
      .where('text', '<>', '')
      .orderBy('key')
      .execute();
    return rows.map((r) => [r.key, r.text]);
  }

  /** Rows of one locale, newest first (the translations page sorts by id descending, spec doc 3 §9). */
  rowsOf(locale: string): Promise<TranslationRow[]> {
    return this.db
      .selectFrom('translations')
      .select(['id', 'key', 'text', 'category'])
      .where('locale', '=', locale)
      .orderBy('id', 'desc')
      .execute();
  }

  findById(id: number): Promise<StoredTranslation | undefined> {
    return this.db
      .selectFrom('translations')
      .select(['id', 'locale', 'key', 'text', 'category', 'edited'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  findByKey(locale: string, key: string): Promise<StoredTranslation | undefined> {
    return this.db
      .selectFrom('translations')
      .select(['id', 'locale', 'key', 'text', 'category', 'edited'])
      .where('locale', '=', locale)
      .where('key', '=', key)
      .executeTakeFirst();
  }

  /** A person's save: the text is theirs from now on (edited = 1), whatever the bundled files say. */
  async saveText(
    id: number,
    change: { text: string; category: string },
    userId: number,
    nowS: number,
  ): Promise<void> {
    await this.db
      .updateTable('translations')
      .set({ text: change.text, category: change.category, edited: 1, updated_ts: nowS, updated_by: userId })
      .where('id', '=', id)
      .execute();
  }

  async insertEdited(
    row: { locale: string; key: string; text: string; category: string },
    userId: number,
    nowS: number,
  ): Promise<number> {
    const inserted = await this.db
      .insertInto('translations')
      .values({ ...row, edited: 1, updated_ts: nowS, updated_by: userId })
      .returning('id')
      .executeTakeFirstOrThrow();
    return inserted.id;
  }

  /**
   * Renames a key in every locale and saves the row's new text, in one transaction, so a failure
   * leaves neither half behind. The renamed rows count as edited, so a re-seed leaves them be.
   * Returns false (and changes nothing) when the new key is taken.
   */
  async renameKeyAndSave(
    from: string,
    to: string,
    id: number,
    change: { text: string; category: string },
    userId: number,
    nowS: number,
  ): Promise<boolean> {
    try {
      return await this.db.transaction().execute(async (trx) => {
        const taken = await trx
          .selectFrom('translations')
          .select('id')
          .where('key', '=', to)
          .executeTakeFirst();
        if (taken) return false;
        await trx
          .updateTable('translations')
          .set({ key: to, edited: 1, updated_ts: nowS, updated_by: userId })
          .where('key', '=', from)
          .execute();
        // The old key is gone from every locale: the next start seeds its bundled texts again, if the
        // build still has it (the mark no longer says the store holds what a seed would write).
        await trx.deleteFrom('translation_seeds').execute();
        await trx
          .updateTable('translations')
          .set({
            text: change.text,
            category: change.category,
            edited: 1,
            updated_ts: nowS,
            updated_by: userId,
          })
          .where('id', '=', id)
          .execute();
        return true;
      });
    } catch (err) {
      // Two renames to one key at the same moment: the unique index refuses the second.
      if (isUniqueViolation(err)) return false;
      throw err;
    }
  }

  /**
   * Seeds from the bundled texts in one transaction: missing keys are inserted, untouched rows
   * (edited = 0) follow a changed bundled text or category, edited rows are never written.
   * Idempotent and safe beside another instance doing the same (ON CONFLICT DO NOTHING, and the
   * update re-checks edited = 0 so a translator's save that lands meanwhile wins).
   *
   * With a `mark` (translationSeedMark, decision 0163) the seed is skipped when the store's mark is the
   * same — the rows hold what it would write, since nothing but a rename (which clears the mark) takes a
   * bundled key away or makes an edited row untouched again — and the mark is written when it runs.
   */
  async seed(
    texts: readonly BundledText[],
    nowS: number,
    mark?: string,
  ): Promise<{ inserted: number; updated: number }> {
    return this.db.transaction().execute(async (trx) => {
      if (mark !== undefined) {
        if (this.engine === 'postgres') await SEED_LOCK.execute(trx);
        const last = await trx.selectFrom('translation_seeds').select('mark').executeTakeFirst();
        if (last?.mark === mark) return { inserted: 0, updated: 0 };
        await trx.deleteFrom('translation_seeds').execute();
        await trx.insertInto('translation_seeds').values({ mark, seeded_ts: nowS }).execute();
      }
      const existing = new Map<string, { text: string; category: string; edited: number }>();
      for (const r of await trx
        .selectFrom('translations')
        .select(['locale', 'key', 'text', 'category', 'edited'])
        .execute())
        existing.set(`${r.locale}\u0000${r.key}`, r);

      const missing: BundledText[] = [];
      let updated = 0;
      for (const t of texts) {
        const cur = existing.get(`${t.locale}\u0000${t.key}`);
        if (!cur) missing.push(t);
        else if (cur.edited === 0 && (cur.text !== t.text || cur.category !== t.category)) {
          await trx
            .updateTable('translations')
            .set({ text: t.text, category: t.category, updated_ts: nowS })
            .where('locale', '=', t.locale)
            .where('key', '=', t.key)
            .where('edited', '=', 0)
            .execute();
          updated++;
        }
      }
      for (let i = 0; i < missing.length; i += INSERT_CHUNK) {
        await trx
          .insertInto('translations')
          .values(
            missing.slice(i, i + INSERT_CHUNK).map((t) => ({
              locale: t.locale,
              key: t.key,
              text: t.text,
              category: t.category,
              edited: 0,
              updated_ts: nowS,
              updated_by: null,
            })),
          )
          .onConflict((oc) => oc.columns(['locale', 'key']).doNothing())
          .execute();
      }
      return { inserted: missing.length, updated };
    });
  }
}

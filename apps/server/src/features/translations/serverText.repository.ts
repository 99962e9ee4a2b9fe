import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { SERVER_TEXT_NAMESPACES } from './serverTexts.js';

/** The stored rows of the server's texts, and a cheap mark of whether any translation changed. */
export class ServerTextRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private serverRows() {
    return this.db
      .selectFrom('translations')
      .where((eb) => eb.or(SERVER_TEXT_NAMESPACES.map((ns) => eb('key', 'like', `${ns}.%`))));
  }

  /**
   * A mark that moves with any change to the translations: the newest `updated_ts` (a save, a seed's
   * update, a rename) and the highest id (an added key). Two index lookups (migration 0067), no rows;
   * there is no delete. Any language's and namespace's change moves it, and the catalog then reads
   * the server rows again: saves are rare, the mark is asked at every delivery pass.
   */
  async version(): Promise<{ maxId: number; newestTs: number }> {
    // Two scalar subqueries: SQLite answers a lone max() from the index's end, but scans for two.
    const row = await sql<{ id: number | string | null; ts: number | string | null }>`
      select (select max(id) from translations) as id,
             (select max(updated_ts) from translations) as ts`
      .execute(this.db)
      .then((r) => r.rows[0]);
    return { maxId: Number(row?.id ?? 0), newestTs: Number(row?.ts ?? 0) };
  }

  rows(): Promise<{ locale: string; key: string; text: string }[]> {
    return this.serverRows().select(['locale', 'key', 'text']).execute();
  }
}

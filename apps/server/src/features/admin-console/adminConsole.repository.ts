import { sql, type Kysely, type RawBuilder } from 'kysely';
import {
  isPhoneSearch,
  likeLiteral,
  SEARCH_KEYS,
  partnerAppOf,
  phoneDigits,
  type SearchKey,
  type SystemFamily,
} from '@emberwatch/shared/domain/adminConsole';
import type { Database } from '../../db/schema.js';
import type { Engine } from '../../db/engine.js';

/** A station with its owner's columns, as both console queries select it. */
export interface StationWithOwner {
  bs_id: string;
  display_name: string | null;
  last_data_ts: number | null;
  owner_id: number;
  owner_username: string;
  owner_firstname: string | null;
  owner_lastname: string | null;
  owner_partner_app: string | null;
}

/** One match of the search: the station and owner, the matched text and how well it matched. */
export interface MatchRow extends StationWithOwner {
  value: string;
  quality: number;
}

/** The keys found in the search terms: every key but the probe's. */
export type TextKey = Exclude<SearchKey, 'probe'>;

/** What one search asks. */
interface Search {
  /** The search text as typed (trimmed). */
  text: string;
  /** Contains-matches too (from 3 characters), not only exact and from-the-start ones. */
  contains: boolean;
  family: SystemFamily | undefined;
  /** Rows wanted: the best `limit` in the search's order. */
  limit: number;
}

/** A search over some of the station and user keys. */
export interface TermSearch extends Search {
  keys: readonly TextKey[];
}

/** A search by probe id. */
export type ProbeSearch = Search;

const OWNER_COLUMNS = sql`s.id as bs_id, s.display_name, s.last_data_ts, o.id as owner_id, o.username as owner_username,
  o.firstname as owner_firstname, o.lastname as owner_lastname, o.partner_app as owner_partner_app`;

/** The keys a station's own terms answer; the others are its account's users'. */
const STATION_KEYS = new Set<SearchKey>(['stationId', 'stationName', 'sim']);

/** A probe id prefix's upper bound: every id that starts with the prefix sorts below it. */
const AFTER_PREFIX = String.fromCodePoint(0x10ffff);

/**
 * The console's station list and the picker's search (decision 0088), on both engines. The picker
 * finds stations and users in one table of lowered search terms kept by triggers (migration 0051):
 * one statement for every station and user key, a prefix as a range on its index; probes (half a
 * million) are found by their id's start, through the primary key's order (on PostgreSQL through a
 * "C"-collated index, migration 0050, whatever the database's collation). The station list, a page
 * by id, still reads the stations themselves.
 */
export class AdminConsoleRepository {
  /** Code-point order on PostgreSQL, so both engines sort text alike (SQLite compares bytes). */
  private readonly c: RawBuilder<unknown>;
  /**
   * SQLite reads the search terms through their (kind, term) index: each kind's entries only, the
   * LIKE tested on the index's term and the row read for a match alone (its planner, guessing LIKE's
   * selectivity, scanned the whole table once per side). PostgreSQL's planner chooses alone.
   */
  private readonly termsIndex: RawBuilder<unknown>;

  constructor(
    private readonly db: Kysely<Database>,
    engine: Engine,
  ) {
    this.c = engine === 'postgres' ? sql` collate "C"` : sql``;
    this.termsIndex = engine === 'postgres' ? sql`` : sql` indexed by admin_search_terms_kind_term_idx`;
  }

  private familyFilter(family: SystemFamily | undefined): RawBuilder<unknown> {
    if (family === undefined) return sql``;
    const app = partnerAppOf(family);
    return app === null ? sql` and o.partner_app is null` : sql` and o.partner_app = ${app}`;
  }

  /**
   * The stations of a family's accounts, as a condition on `s` alone: a set of owner ids worked out
   * once per statement, so a scan of the stations never joins every row to its owner.
   */
  private familyOfStation(family: SystemFamily | undefined): RawBuilder<unknown> {
    if (family === undefined) return sql``;
    const app = partnerAppOf(family);
    return app === null
      ? sql` and s.owner_user_id in (select id from users where partner_app is null)`
      : sql` and s.owner_user_id in (select id from users where partner_app = ${app})`;
  }

  /** GET /admin/basestations: one page of every station (by id), and how many match. */
  async listStations(opts: {
    family: SystemFamily | undefined;
    text: string | undefined;
    limit: number;
    offset: number;
  }): Promise<{ rows: StationWithOwner[]; total: number }> {
    const pattern = opts.text ? `%${likeLiteral(opts.text)}%` : undefined;
    // The text in a station's id or name, or its owner's username or name: from the search terms
    // (migration 0051; on PostgreSQL their trigram index, migration 0057), each side's ids found once.
    const matching = (kinds: readonly TextKey[], column: 'bs_id' | 'user_id') =>
      sql`select ${sql.ref(column)} from admin_search_terms
        where kind in (${sql.join(kinds)}) and term like ${pattern} escape '!'`;
    const where = sql`where 1 = 1${this.familyOfStation(opts.family)}${
      pattern === undefined
        ? sql``
        : sql` and (s.id in (${matching(['stationId', 'stationName'], 'bs_id')})
            or s.owner_user_id in (${matching(['username', 'name'], 'user_id')}))`
    }`;
    const [page, count] = await Promise.all([
      sql<StationWithOwner>`select ${OWNER_COLUMNS}
        from (select s.id, s.display_name, s.last_data_ts, s.owner_user_id from base_stations s ${where}
          order by s.id${this.c} limit ${opts.limit} offset ${opts.offset}) s
        inner join users o on o.id = s.owner_user_id
        order by s.id${this.c}`.execute(this.db),
      sql<{ n: number | string }>`select count(*) as n from base_stations s ${where}`.execute(this.db),
    ]);
    return { rows: page.rows, total: Number(count.rows[0]?.n ?? 0) };
  }

  /** Each station's number of probes (a station without probes is absent). */
  async probeCounts(bsIds: readonly string[]): Promise<Map<string, number>> {
    if (bsIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('probes')
      .select((eb) => ['bs_id', eb.fn.countAll<number | string>().as('n')])
      .where('bs_id', 'in', bsIds)
      .groupBy('bs_id')
      .execute();
    return new Map(rows.map((r) => [r.bs_id, Number(r.n)]));
  }

  /**
   * GET /admin/findSystem over the station and user keys: the best `limit` matches of all of them
   * together, in the search's order, from the search terms (migration 0051) in one statement.
   */
  async searchTerms(s: TermSearch): Promise<(MatchRow & { key: TextKey })[]> {
    const phone = s.keys.includes('phone') && isPhoneSearch(s.text);
    const stationKeys = s.keys.filter((k) => STATION_KEYS.has(k));
    const userKeys = s.keys.filter((k) => !STATION_KEYS.has(k) && k !== 'phone');
    const lowered = s.text.toLowerCase();
    const literal = likeLiteral(s.text);
    const digits = phoneDigits(s.text);
    // Short searches match starts: a range on the (kind, term) index. Longer ones anywhere: a scan
    // of the kinds asked for only.
    const textFilter = s.contains
      ? sql`term like ${`%${literal}%`} escape '!'`
      : sql`term >= ${lowered} and term < ${lowered + AFTER_PREFIX}`;
    const ofKinds = (keys: readonly TextKey[]) => sql`(kind in (${sql.join(keys)}) and ${textFilter})`;
    const quality = sql`case when kind = 'phone'
        then (case when term = ${digits} then 0 when term like ${`${digits}%`} then 1 else 2 end)
        else (case when term = ${lowered} then 0 when term like ${`${literal}%`} escape '!' then 1 else 2 end) end`;
    const rank = sql`case kind ${sql.join(
      SEARCH_KEYS.map((k, i) => sql`when ${sql.lit(k)} then ${sql.lit(i)}`),
      sql` `,
    )} end`;
    const terms = (filters: RawBuilder<unknown>[]) => sql`(select kind, value, bs_id, user_id,
      ${quality} as quality, ${rank} as rank from admin_search_terms${this.termsIndex} where ${sql.join(filters, sql` or `)})`;
    const station = sql`s.id, s.display_name, s.last_data_ts, s.owner_user_id`;
    const family = this.familyOfStation(s.family);
    const userFilters = [
      ...(userKeys.length > 0 ? [ofKinds(userKeys)] : []),
      // A phone number is found anywhere in it (its country code may be written or not).
      ...(phone ? [sql`(kind = 'phone' and term like ${`%${digits}%`})`] : []),
    ];
    // A station's own terms, and its account's users' (its main user or one of its sub-users), each
    // side reading only its own kinds; cut to `limit` before any owner is read. CROSS JOIN keeps the
    // matched terms the outer loop on SQLite, and the user's account is read by its key per match
    // (joined, SQLite scanned the users for each); PostgreSQL plans both as it likes.
    const sides = [
      ...(stationKeys.length > 0
        ? [
            sql`select m.kind as key, m.value, m.quality, m.rank, ${station}
              from ${terms([ofKinds(stationKeys)])} m cross join base_stations s where s.id = m.bs_id${family}`,
          ]
        : []),
      ...(userFilters.length > 0
        ? [
            sql`select m.kind as key, m.value, m.quality, m.rank, ${station}
              from ${terms(userFilters)} m cross join base_stations s where s.owner_user_id =
                (select coalesce(u.main_user_id, u.id) from users u where u.id = m.user_id)${family}`,
          ]
        : []),
    ];
    if (sides.length === 0) return [];
    const res = await sql<MatchRow & { key: TextKey }>`select ${OWNER_COLUMNS}, s.key, s.value, s.quality
      from (select * from (${sql.join(sides, sql` union all `)}) x
        order by x.quality, x.rank, x.value${this.c}, x.id${this.c} limit ${s.limit}) s
      inner join users o on o.id = s.owner_user_id
      order by s.quality, s.rank, s.value${this.c}, s.id${this.c}`.execute(this.db);
    return res.rows.map((r) => ({ ...r, quality: Number(r.quality) }));
  }

  /**
   * Probes by their id's start, as typed and in capitals (ids are printed in capitals): the exact id
   * first, then the ids after it in the index's order, so the half million probes are never scanned.
   */
  async searchProbes(s: ProbeSearch): Promise<MatchRow[]> {
    const forms = [...new Set([s.text, s.text.toUpperCase()])];
    const from = sql`from probes p
      inner join base_stations s on s.id = p.bs_id
      inner join users o on o.id = s.owner_user_id`;
    const id = sql`p.sensor_id${this.c}`;
    const exact = await sql<MatchRow>`select ${OWNER_COLUMNS}, p.sensor_id as value, 0 as quality
      ${from} where p.sensor_id in (${sql.join(forms)})${this.familyFilter(s.family)}
      order by ${id}`.execute(this.db);
    // One query per form, each walking the index in order (an OR of ranges would sort every match).
    const starts = await Promise.all(
      forms.map((f) =>
        sql<MatchRow>`select ${OWNER_COLUMNS}, p.sensor_id as value, 1 as quality
          ${from} where ${id} > ${f} and ${id} < ${f + AFTER_PREFIX}${this.familyFilter(s.family)}
          order by ${id} limit ${s.limit}`.execute(this.db),
      ),
    );
    const after = starts
      .flatMap((r) => r.rows)
      .sort((a, b) => (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
    return [...exact.rows, ...after].slice(0, s.limit).map((r) => ({ ...r, quality: Number(r.quality) }));
  }
}

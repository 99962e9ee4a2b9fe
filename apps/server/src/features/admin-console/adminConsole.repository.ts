import { sql, type Kysely, type RawBuilder } from 'kysely';
import {
  isPhoneSearch,
  likeLiteral,
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

/** What one search asks of one key. */
export interface KeySearch {
  key: SearchKey;
  /** The search text as typed (trimmed). */
  text: string;
  /** Contains-matches too (from 3 characters), not only exact and from-the-start ones. */
  contains: boolean;
  family: SystemFamily | undefined;
  /** Rows wanted: the best `limit` in the search's order. */
  limit: number;
}

const OWNER_COLUMNS = sql`s.id as bs_id, s.display_name, s.last_data_ts, o.id as owner_id, o.username as owner_username,
  o.firstname as owner_firstname, o.lastname as owner_lastname, o.partner_app as owner_partner_app`;

/** A probe id prefix's upper bound: every id that starts with the prefix sorts below it. */
const AFTER_PREFIX = String.fromCodePoint(0x10ffff);

/**
 * The console's station list and the picker's search (decision 0088), on both engines. Stations and
 * users are few enough (10,000 stations, as many users) that a scan with LIKE answers in a few ms;
 * probes (half a million) are found by their id's start, through the primary key's order (on
 * PostgreSQL through a "C"-collated index, migration 0050, whatever the database's collation).
 */
export class AdminConsoleRepository {
  /** Code-point order on PostgreSQL, so both engines sort text alike (SQLite compares bytes). */
  private readonly c: RawBuilder<unknown>;
  /**
   * A LIKE that ignores case without lowering every row first (the lowered copies were most of a
   * scan's cost): SQLite's LIKE already does (ASCII, as its lower() does), PostgreSQL has ILIKE.
   */
  private readonly like: RawBuilder<unknown>;

  constructor(
    private readonly db: Kysely<Database>,
    engine: Engine,
  ) {
    this.c = engine === 'postgres' ? sql` collate "C"` : sql``;
    this.like = engine === 'postgres' ? sql`ilike` : sql`like`;
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
    // The owner's columns are read for the page only; the text's owners are found first, once.
    const where = sql`where 1 = 1${this.familyOfStation(opts.family)}${
      pattern === undefined
        ? sql``
        : sql` and (s.id ${this.like} ${pattern} escape '!'
            or s.display_name ${this.like} ${pattern} escape '!'
            or s.owner_user_id in (select id from users
              where username ${this.like} ${pattern} escape '!'
                or trim(coalesce(firstname, '') || ' ' || coalesce(lastname, '')) ${this.like} ${pattern} escape '!'))`
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

  /** GET /admin/findSystem: the best `limit` matches of one key, in the search's order. */
  async search(s: KeySearch): Promise<MatchRow[]> {
    const { key } = s;
    return key === 'probe' ? this.searchProbes(s) : this.searchText({ ...s, key });
  }

  /** Stations and users: LIKE in any case (the phone over its digits). */
  private async searchText(s: KeySearch & { key: Exclude<SearchKey, 'probe'> }): Promise<MatchRow[]> {
    const phone = s.key === 'phone';
    if (phone && !isPhoneSearch(s.text)) return [];
    const wanted = phone ? phoneDigits(s.text) : s.text.toLowerCase();
    const literal = phone ? wanted : likeLiteral(s.text);
    const compared = phone
      ? sql`replace(replace(replace(replace(replace(u.phone, ' ', ''), '-', ''), '+', ''), '(', ''), ')', '')`
      : this.valueOf(s.key);
    const prefix = `${literal}%`;
    // A phone number is found anywhere in it (its country code may be written or not).
    const filter = sql`${compared} ${this.like} ${s.contains || phone ? `%${literal}%` : prefix} escape '!'`;
    // Worked out for the matching rows only.
    const quality = sql`case when lower(${compared}) = ${wanted} then 0 when ${compared} ${this.like} ${prefix} escape '!' then 1 else 2 end`;
    const value = this.valueOf(s.key);
    if (s.key.startsWith('station') || s.key === 'sim') {
      // The stations' own columns: filtered and cut to `limit` before any owner is read.
      const res = await sql<MatchRow>`select ${OWNER_COLUMNS}, s.value, s.quality
        from (select s.id, s.display_name, s.last_data_ts, s.owner_user_id, ${value} as value, ${quality} as quality
          from base_stations s where ${filter}${this.familyOfStation(s.family)}
          order by quality, ${value}${this.c}, s.id${this.c} limit ${s.limit}) s
        inner join users o on o.id = s.owner_user_id
        order by s.quality, s.value${this.c}, s.id${this.c}`.execute(this.db);
      return res.rows.map((r) => ({ ...r, quality: Number(r.quality) }));
    }
    // A user of the account: its main user or one of its sub-users.
    const res = await sql<MatchRow>`select ${OWNER_COLUMNS}, ${value} as value, ${quality} as quality
      from users u
        inner join base_stations s on s.owner_user_id = coalesce(u.main_user_id, u.id)
        inner join users o on o.id = s.owner_user_id
      where ${filter}${this.familyFilter(s.family)}
      order by quality, ${value}${this.c}, s.id${this.c} limit ${s.limit}`.execute(this.db);
    return res.rows.map((r) => ({ ...r, quality: Number(r.quality) }));
  }

  private valueOf(key: Exclude<SearchKey, 'probe'>): RawBuilder<unknown> {
    switch (key) {
      case 'stationId':
        return sql`s.id`;
      case 'stationName':
        return sql`s.display_name`;
      case 'sim':
        return sql`s.sim`;
      case 'username':
        return sql`u.username`;
      case 'name':
        return sql`trim(coalesce(u.firstname, '') || ' ' || coalesce(u.lastname, ''))`;
      case 'email':
        return sql`u.email`;
      case 'phone':
        return sql`u.phone`;
    }
  }

  /**
   * Probes by their id's start, as typed and in capitals (ids are printed in capitals): the exact id
   * first, then the ids after it in the index's order, so the half million probes are never scanned.
   */
  private async searchProbes(s: KeySearch): Promise<MatchRow[]> {
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

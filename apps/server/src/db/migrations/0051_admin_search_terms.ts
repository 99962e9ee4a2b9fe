import { sql, type Kysely } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * The picker's search terms (decision 0088, "One table of search terms"): one row per searchable
 * text of a station (id, name, SIM) or a user (username, name, e-mail, phone), lowered (the phone
 * without its spaces, dashes, + and brackets), so `by=any` reads one narrow table once instead of
 * scanning stations and users seven times. Kept current by triggers on both engines, so every write
 * path (the app's, an import's, a hand-made fix) keeps the table right without knowing it exists;
 * the triggers fire only when a searchable column changes, not on every upload's last_data_ts.
 */

/** The stored form of a term: lowered, and a phone number's separators dropped. */
const term = (kind: string, value: string) =>
  `case when ${kind} = 'phone' then replace(replace(replace(replace(replace(${value}, ' ', ''), '-', ''), '+', ''), '(', ''), ')', '') else lower(${value}) end`;

/** A row's terms as (k, v) pairs, the nulls left out by the caller. */
const stationTerms = (r: string) =>
  `select 'stationId' as k, ${r}.id as v union all select 'stationName', ${r}.display_name union all select 'sim', ${r}.sim`;
const userTerms = (r: string) =>
  `select 'username' as k, ${r}.username as v
   union all select 'name', trim(coalesce(${r}.firstname, '') || ' ' || coalesce(${r}.lastname, ''))
   union all select 'email', ${r}.email union all select 'phone', ${r}.phone`;

const insertStation = (r: string) =>
  `insert into admin_search_terms (kind, term, value, bs_id)
   select x.k, ${term('x.k', 'x.v')}, x.v, ${r}.id from (${stationTerms(r)}) x where x.v is not null and x.v <> ''`;
const insertUser = (r: string) =>
  `insert into admin_search_terms (kind, term, value, user_id)
   select x.k, ${term('x.k', 'x.v')}, x.v, ${r}.id from (${userTerms(r)}) x where x.v is not null and x.v <> ''`;

const STATION_COLUMNS = 'id, display_name, sim';
const USER_COLUMNS = 'username, firstname, lastname, email, phone';

export function adminSearchTermsMigration(engine: Engine) {
  const pg = engine === 'postgres';
  const run = (db: Kysely<unknown>, text: string) => sql.raw(text).execute(db);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      // "C" on PostgreSQL: byte order whatever the database's collation, so prefix ranges use the index.
      await run(
        db,
        `create table admin_search_terms (
          kind text not null,
          term text${pg ? ' collate "C"' : ''} not null,
          value text not null,
          bs_id text,
          user_id integer
        )`,
      );
      // By kind first: a search reads only the kinds it asks for (a prefix as a range in each).
      await run(db, 'create index admin_search_terms_kind_term_idx on admin_search_terms (kind, term)');
      await run(db, 'create index admin_search_terms_bs_idx on admin_search_terms (bs_id)');
      await run(db, 'create index admin_search_terms_user_idx on admin_search_terms (user_id)');
      if (pg) {
        await run(
          db,
          `create function admin_search_station_terms() returns trigger language plpgsql as $$
          begin
            if tg_op <> 'INSERT' then delete from admin_search_terms where bs_id = old.id; end if;
            if tg_op <> 'DELETE' then ${insertStation('new')}; end if;
            return null;
          end $$`,
        );
        await run(
          db,
          `create function admin_search_user_terms() returns trigger language plpgsql as $$
          begin
            if tg_op <> 'INSERT' then delete from admin_search_terms where user_id = old.id; end if;
            if tg_op <> 'DELETE' then ${insertUser('new')}; end if;
            return null;
          end $$`,
        );
        await run(
          db,
          `create trigger admin_search_station_terms after insert or delete or update of ${STATION_COLUMNS}
           on base_stations for each row execute function admin_search_station_terms()`,
        );
        await run(
          db,
          `create trigger admin_search_user_terms after insert or delete or update of ${USER_COLUMNS}
           on users for each row execute function admin_search_user_terms()`,
        );
      } else {
        await run(
          db,
          `create trigger admin_search_station_ins after insert on base_stations begin ${insertStation('new')}; end`,
        );
        await run(
          db,
          `create trigger admin_search_station_upd after update of ${STATION_COLUMNS} on base_stations begin
            delete from admin_search_terms where bs_id = old.id; ${insertStation('new')}; end`,
        );
        await run(
          db,
          `create trigger admin_search_station_del after delete on base_stations begin
            delete from admin_search_terms where bs_id = old.id; end`,
        );
        await run(
          db,
          `create trigger admin_search_user_ins after insert on users begin ${insertUser('new')}; end`,
        );
        await run(
          db,
          `create trigger admin_search_user_upd after update of ${USER_COLUMNS} on users begin
            delete from admin_search_terms where user_id = old.id; ${insertUser('new')}; end`,
        );
        await run(
          db,
          `create trigger admin_search_user_del after delete on users begin
            delete from admin_search_terms where user_id = old.id; end`,
        );
      }
      // The rows already there: each kind over its table (the triggers' pairs, as plain columns).
      const backfill = (table: string, owner: string, pairs: [string, string][]) =>
        pairs.map(
          ([k, v]) =>
            () =>
              run(
                db,
                `insert into admin_search_terms (kind, term, value, ${owner})
             select '${k}', ${term(`'${k}'`, v)}, ${v}, id from ${table} where ${v} is not null and ${v} <> ''`,
              ),
        );
      for (const step of [
        ...backfill('base_stations', 'bs_id', [
          ['stationId', 'id'],
          ['stationName', 'display_name'],
          ['sim', 'sim'],
        ]),
        ...backfill('users', 'user_id', [
          ['username', 'username'],
          ['name', "trim(coalesce(firstname, '') || ' ' || coalesce(lastname, ''))"],
          ['email', 'email'],
          ['phone', 'phone'],
        ]),
      ])
        await step();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      if (pg) {
        await run(db, 'drop trigger admin_search_station_terms on base_stations');
        await run(db, 'drop trigger admin_search_user_terms on users');
        await run(db, 'drop function admin_search_station_terms()');
        await run(db, 'drop function admin_search_user_terms()');
      } else {
        for (const t of ['station_ins', 'station_upd', 'station_del', 'user_ins', 'user_upd', 'user_del'])
          await run(db, `drop trigger admin_search_${t}`);
      }
      await run(db, 'drop table admin_search_terms');
    },
  };
}

import { sql, type Expression, type SqlBool } from 'kysely';
import type { Kysely } from 'kysely';
import type { CustomerListQuery } from '@emberwatch/shared/contracts/customers';
import type { Database } from '../../db/schema.js';
import { customersDb, type CustomersDb } from './customers.tables.js';
import { newUserRow } from '../../db/newUserRow.js';

/** Which list: every customer, the masters, or the accounts whose migration has started. */
export type CustomerListKind = 'all' | 'masters' | 'migrated';

export type CustomerFilter = Pick<CustomerListQuery, 'hayApp' | 'q' | 'plan' | 'country'>;

/** One customer as the lists read it. */
export interface CustomerRowData {
  id: number;
  username: string;
  firstname: string | null;
  lastname: string | null;
  email: string | null;
  phone: string | null;
  country: string | null;
  language: string;
  plan_name: string;
  plan_level: number;
  plan_due_ts: number | null;
  partner_app: string | null;
  master: number;
  grand_master: number;
  blocked: number;
  demo: number;
  created_ts: number;
  migration_ts: number | null;
  lat_e6: number | null;
  lon_e6: number | null;
  stations: number | string | null;
  authorized: number | string | null;
}

export interface NewCustomer {
  username: string;
  passwordHash: string;
  firstname: string | null;
  lastname: string | null;
  email: string;
  phone: string | null;
  country: string;
  language: string;
  nowS: number;
}

const SORT_COLUMNS = {
  username: sql`lower(u.username)`,
  name: sql`lower(coalesce(u.lastname, u.firstname, ''))`,
  country: sql`coalesce(u.country, '')`,
  plan: sql`u.plan_level`,
  created: sql`u.created_ts`,
} as const;

/** A LIKE pattern matching `text` anywhere, its own % and _ taken literally. */
function containing(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The customers (every account that is neither staff nor a sub-user), their locations; Kysely only. */
export class CustomersRepository {
  readonly db: CustomersDb;

  constructor(db: Kysely<Database>) {
    this.db = customersDb(db);
  }

  /** The customers of a list and filter, before paging: one row per account (both joins are 0..1). */
  private filtered(kind: CustomerListKind, f: CustomerFilter) {
    let q = this.db
      .selectFrom('users as u')
      .leftJoin('insight_migrations as m', 'm.owner_user_id', 'u.id')
      .leftJoin('customer_locations as l', 'l.owner_user_id', 'u.id')
      .where('u.admin', '=', 0)
      .where('u.main_user_id', 'is', null);
    if (kind === 'masters')
      q = q.where((eb) => eb.or([eb('u.master', '=', 1), eb('u.grand_master', '=', 1)]));
    if (kind === 'migrated') q = q.where('m.owner_user_id', 'is not', null);
    if (f.hayApp === 'only')
      q = q.where((eb) =>
        eb.or([eb('u.partner_app', '=', 'haytech'), eb('m.owner_user_id', 'is not', null)]),
      );
    if (f.hayApp === 'others')
      q = q
        .where((eb) => eb.or([eb('u.partner_app', 'is', null), eb('u.partner_app', '!=', 'haytech')]))
        .where('m.owner_user_id', 'is', null);
    if (f.plan !== undefined) q = q.where('u.plan_name', '=', f.plan);
    if (f.country !== undefined) q = q.where('u.country', '=', f.country);
    if (f.q !== undefined) {
      const pattern = containing(f.q);
      const like = (col: string): Expression<SqlBool> =>
        sql<SqlBool>`lower(coalesce(${sql.ref(col)}, '')) like ${pattern} escape '\\'`;
      const id = /^\d{1,9}$/.test(f.q) ? Number(f.q) : null;
      q = q.where((eb) =>
        eb.or([
          like('u.username'),
          like('u.firstname'),
          like('u.lastname'),
          like('u.email'),
          like('u.phone'),
          ...(id !== null ? [eb('u.id', '=', id)] : []),
        ]),
      );
    }
    return q;
  }

  async list(
    kind: CustomerListKind,
    f: CustomerFilter,
    page: { sort: keyof typeof SORT_COLUMNS; dir: 'asc' | 'desc'; offset: number; limit: number },
  ): Promise<{ rows: CustomerRowData[]; total: number }> {
    const base = this.filtered(kind, f);
    const { n } = await base
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    const dir = page.dir === 'desc' ? sql`desc` : sql`asc`;
    const rows = await this.rows(kind, f)
      .orderBy(sql`${SORT_COLUMNS[page.sort]} ${dir}`)
      .orderBy('u.id')
      .offset(page.offset)
      .limit(page.limit)
      .execute();
    return { rows: rows, total: Number(n) };
  }

  /** The rows of `filtered`, with each account's station count and (a master) authorisations. */
  private rows(kind: CustomerListKind, f: CustomerFilter, located?: 'located' | 'unlocated') {
    let q = this.filtered(kind, f);
    if (located === 'located') q = q.where('l.owner_user_id', 'is not', null);
    return q.select((eb) => [
      'u.id',
      'u.username',
      'u.firstname',
      'u.lastname',
      'u.email',
      'u.phone',
      'u.country',
      'u.language',
      'u.plan_name',
      'u.plan_level',
      'u.plan_due_ts',
      'u.partner_app',
      'u.master',
      'u.grand_master',
      'u.blocked',
      'u.demo',
      'u.created_ts',
      'm.created_ts as migration_ts',
      'l.lat_e6',
      'l.lon_e6',
      eb
        .selectFrom('base_stations as b')
        .select((e) => e.fn.countAll<number | string>().as('c'))
        .whereRef('b.owner_user_id', '=', 'u.id')
        .as('stations'),
      eb
        .selectFrom('master_authorizations as a')
        .select((e) => e.fn.countAll<number | string>().as('c'))
        .whereRef('a.master_user_id', '=', 'u.id')
        .where('a.authorized', '=', 1)
        .as('authorized'),
    ]);
  }

  /** The customers of the filter that have a location (at most `max`), and how many have none. */
  async located(
    f: CustomerFilter,
    max: number,
  ): Promise<{ rows: CustomerRowData[]; withoutLocation: number }> {
    const base = this.filtered('all', f);
    const { n } = await base
      .where('l.owner_user_id', 'is', null)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    const rows = await this.rows('all', f, 'located').orderBy('u.id').limit(max).execute();
    return { rows: rows, withoutLocation: Number(n) };
  }

  /** One customer (not staff, not a sub-user) by id. */
  async customer(id: number): Promise<CustomerRowData | undefined> {
    const row = await this.rows('all', {}).where('u.id', '=', id).executeTakeFirst();
    return row;
  }

  /** The detail's extra facts of an account. */
  async extras(id: number): Promise<{
    api_plan_due_ts: number | null;
    service_json: string | null;
    subUsers: number;
    stations: { id: string; display_name: string | null; probes: number }[];
  }> {
    const u = await this.db
      .selectFrom('users')
      .select(['api_plan_due_ts', 'service_json'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const { n } = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('main_user_id', '=', id)
      .executeTakeFirstOrThrow();
    const stations = await this.db
      .selectFrom('base_stations as b')
      .select((eb) => [
        'b.id',
        'b.display_name',
        eb
          .selectFrom('probes as p')
          .select((e) => e.fn.countAll<number | string>().as('c'))
          .whereRef('p.bs_id', '=', 'b.id')
          .as('probes'),
      ])
      .where('b.owner_user_id', '=', id)
      .orderBy('b.id')
      .execute();
    return {
      ...u,
      subUsers: Number(n),
      stations: stations.map((s) => ({
        id: s.id,
        display_name: s.display_name,
        probes: Number(s.probes ?? 0),
      })),
    };
  }

  async location(id: number): Promise<{ lat_e6: number; lon_e6: number } | undefined> {
    return this.db
      .selectFrom('customer_locations')
      .select(['lat_e6', 'lon_e6'])
      .where('owner_user_id', '=', id)
      .executeTakeFirst();
  }

  async setLocation(
    id: number,
    at: { lat_e6: number; lon_e6: number } | null,
    byUserId: number,
    nowS: number,
  ): Promise<void> {
    if (at === null) {
      await this.db.deleteFrom('customer_locations').where('owner_user_id', '=', id).execute();
      return;
    }
    const values = { ...at, set_ts: nowS, set_by_user_id: byUserId };
    await this.db
      .insertInto('customer_locations')
      .values({ owner_user_id: id, ...values })
      .onConflict((oc) => oc.column('owner_user_id').doUpdateSet(values))
      .execute();
  }

  async usernameTaken(username: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('users')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
      .executeTakeFirst();
    return row !== undefined;
  }

  /** A customer account on the Free plan, with no station yet; its password is set by its owner. */
  async insertCustomer(c: NewCustomer): Promise<number> {
    const row = await this.db
      .insertInto('users')
      .values(
        newUserRow({
          username: c.username,
          password_hash: c.passwordHash,
          firstname: c.firstname,
          lastname: c.lastname,
          email: c.email,
          phone: c.phone,
          country: c.country,
          language: c.language,
          created_ts: c.nowS,
        }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
}

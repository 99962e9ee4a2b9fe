import type { Kysely, Transaction } from 'kysely';
import type { ServiceKind, ServiceTerm } from '@emberwatch/shared/domain/services';
import type { Database } from '../../db/schema.js';
import { servicesDb, type ServicesDb, type ServiceTables } from './services.tables.js';

/** The account's column each service kind is kept in: the rest of the product reads these. */
const COLUMN = {
  storages: 'storages_enabled',
  subUsers: 'sub_user_count',
  limitedData: 'limit_free_data',
} as const satisfies Record<ServiceKind, string>;

export interface RegistrationRow {
  id: number;
  user_id: number;
  username: string;
  kind: ServiceKind;
  value: number;
  start_ts: number;
  until_ts: number | null;
  ended_ts: number | null;
  ended_by: 'expiry' | 'replaced' | null;
  note: string | null;
  staff: string | null;
}

export interface RegistrationFilter {
  userId?: number;
  kind?: ServiceKind;
  state: 'running' | 'ended' | 'all';
  /** Only those ending by then (epoch s). */
  endsBefore?: number;
}

export interface NewRegistration {
  userId: number;
  kind: ServiceKind;
  value: number;
  untilTs: number | null;
  note: string | null;
  staffUserId: number;
  nowS: number;
  /** The running registrations this one ends (domain/services.ts replacedBy). */
  replaces: readonly number[];
}

type Tx = Transaction<Database & ServiceTables>;

/** At most this many rows a list. */
const LIST_LIMIT = 1000;

/** Service registrations (migration 0063) and the account columns they set; Kysely only. */
export class ServicesRepository {
  private readonly db: ServicesDb;

  constructor(db: Kysely<Database>) {
    this.db = servicesDb(db);
  }

  async list(f: RegistrationFilter): Promise<RegistrationRow[]> {
    let q = this.db
      .selectFrom('service_registrations as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .leftJoin('users as s', 's.id', 'r.staff_user_id')
      .select([
        'r.id',
        'r.user_id',
        'u.username',
        'r.kind',
        'r.value',
        'r.start_ts',
        'r.until_ts',
        'r.ended_ts',
        'r.ended_by',
        'r.note',
        's.username as staff',
      ]);
    if (f.userId !== undefined) q = q.where('r.user_id', '=', f.userId);
    if (f.kind !== undefined) q = q.where('r.kind', '=', f.kind);
    if (f.state === 'running') q = q.where('r.ended_ts', 'is', null);
    if (f.state === 'ended') q = q.where('r.ended_ts', 'is not', null);
    if (f.endsBefore !== undefined)
      q = q.where('r.until_ts', 'is not', null).where('r.until_ts', '<=', f.endsBefore);
    return q.orderBy('r.start_ts', 'desc').orderBy('r.id', 'desc').limit(LIST_LIMIT).execute();
  }

  /** The account's services now: its own columns. */
  async current(userId: number): Promise<Record<ServiceKind, number> | undefined> {
    const row = await this.db
      .selectFrom('users')
      .select(['storages_enabled', 'sub_user_count', 'limit_free_data'])
      .where('id', '=', userId)
      .executeTakeFirst();
    return (
      row && {
        storages: row.storages_enabled,
        subUsers: row.sub_user_count,
        limitedData: row.limit_free_data,
      }
    );
  }

  /** The account's running registrations. */
  async running(userId: number): Promise<ServiceTerm[]> {
    return this.terms().where('user_id', '=', userId).where('ended_ts', 'is', null).execute();
  }

  /** Running registrations that end by `nowS` (the expiry job). */
  async due(nowS: number): Promise<ServiceTerm[]> {
    return this.terms()
      .where('ended_ts', 'is', null)
      .where('until_ts', 'is not', null)
      .where('until_ts', '<=', nowS)
      .orderBy('id')
      .execute();
  }

  private terms() {
    return this.db
      .selectFrom('service_registrations')
      .select(['id', 'kind', 'value', 'until_ts as untilTs', 'ended_ts as endedTs']);
  }

  /** One registration: the ones it replaces end, it starts, the account takes its value — at once. */
  /** An account's open orders of extra services (decision 0108), by kind. */
  requestsOf(userId: number) {
    return this.db
      .selectFrom('extra_service_requests')
      .select(['kind', 'value', 'note', 'created_ts'])
      .where('user_id', '=', userId)
      .orderBy('kind')
      .execute();
  }

  /** Replaces the account's open orders of these kinds: a value to order, null to withdraw. */
  async saveRequests(
    userId: number,
    orders: readonly { kind: ServiceKind; value: number | null }[],
    note: string | null,
    requestedBy: number,
    nowS: number,
  ): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await tx
        .deleteFrom('extra_service_requests')
        .where('user_id', '=', userId)
        .where(
          'kind',
          'in',
          orders.map((o) => o.kind),
        )
        .execute();
      const rows = orders.flatMap((o) =>
        o.value === null
          ? []
          : [
              {
                user_id: userId,
                kind: o.kind,
                value: o.value,
                note,
                requested_by: requestedBy,
                created_ts: nowS,
              },
            ],
      );
      if (rows.length > 0) await tx.insertInto('extra_service_requests').values(rows).execute();
    });
  }

  async register(r: NewRegistration): Promise<number> {
    return this.db.transaction().execute(async (tx) => {
      if (r.replaces.length > 0)
        await tx
          .updateTable('service_registrations')
          .set({ ended_ts: r.nowS, ended_by: 'replaced' })
          .where('id', 'in', r.replaces)
          .where('ended_ts', 'is', null)
          .execute();
      const row = await tx
        .insertInto('service_registrations')
        .values({
          user_id: r.userId,
          kind: r.kind,
          value: r.value,
          start_ts: r.nowS,
          until_ts: r.untilTs,
          ended_ts: null,
          ended_by: null,
          note: r.note,
          staff_user_id: r.staffUserId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await setAccountValue(tx, r.userId, r.kind, r.value);
      // The customer's order of this kind is served (decision 0108).
      await tx
        .deleteFrom('extra_service_requests')
        .where('user_id', '=', r.userId)
        .where('kind', '=', r.kind)
        .execute();
      return row.id;
    });
  }

  /**
   * Ends a registration whose end has come and gives its account the kind's default — unless it ended
   * meanwhile (replaced by a registration made at the same moment): then nothing changes.
   */
  async expire(id: number, value: number, nowS: number): Promise<boolean> {
    return this.db.transaction().execute(async (tx) => {
      const ended = await tx
        .updateTable('service_registrations')
        .set({ ended_ts: nowS, ended_by: 'expiry' })
        .where('id', '=', id)
        .where('ended_ts', 'is', null)
        .returning(['user_id', 'kind'])
        .executeTakeFirst();
      if (!ended) return false;
      await setAccountValue(tx, ended.user_id, ended.kind, value);
      return true;
    });
  }
}

async function setAccountValue(tx: Tx, userId: number, kind: ServiceKind, value: number): Promise<void> {
  await tx
    .updateTable('users')
    .set({ [COLUMN[kind]]: value })
    .where('id', '=', userId)
    .execute();
}

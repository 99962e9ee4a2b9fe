import { sql, type Expression, type Insertable, type Kysely, type Selectable, type SqlBool } from 'kysely';
import type { AuditLogQuery } from '@emberwatch/shared/contracts/audit';
import type { Database } from '../../db/schema.js';
import { auditDb, type AuditDb, type AuditEntriesTable, type AuditOutcomesTable } from './audit.tables.js';

export type NewAuditEntry = Insertable<AuditEntriesTable>;
export type NewAuditOutcome = AuditOutcomesTable;

/** An entry as the console lists it: the call, its outcome (if any) and its customer's username. */
export type AuditListRow = Selectable<AuditEntriesTable> & {
  customer_username: string | null;
  status: number | null;
  changes: string | null;
};

/** `%text%` for LIKE, with the user's own %, _ and \ taken literally. */
const containing = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const isId = (text: string) => /^\d{1,9}$/.test(text);

/**
 * The SQL of the audit trail. Only inserts and reads: the one delete is the retention job's
 * (`pruneBefore`), and nothing updates a row (the migration's trigger refuses it anyway).
 */
export class AuditRepository {
  private readonly db: AuditDb;

  constructor(base: Kysely<Database>) {
    this.db = auditDb(base);
  }

  async insertEntry(entry: NewAuditEntry): Promise<number> {
    const row = await this.db
      .insertInto('audit_entries')
      .values(entry)
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async insertOutcome(outcome: NewAuditOutcome): Promise<void> {
    await this.db.insertInto('audit_outcomes').values(outcome).execute();
  }

  /** A write refused before it ran: its entry and its outcome together. */
  async insertRefused(entry: NewAuditEntry, outcome: Omit<NewAuditOutcome, 'entry_id'>): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('audit_entries')
        .values(entry)
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('audit_outcomes')
        .values({ ...outcome, entry_id: row.id })
        .execute();
    });
  }

  /** Whether this staff member's look at this account through this call is recorded since `sinceS`. */
  async lookedSince(staffId: number, accountId: number, path: string, sinceS: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('audit_entries')
      .select('id')
      .where('staff_user_id', '=', staffId)
      .where('account_uid', '=', accountId)
      .where('path', '=', path)
      .where('at_s', '>=', sinceS)
      .where('kind', '=', 'read')
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** One page of the trail, filtered and sorted as asked, and how many entries the filters match. */
  async list(q: AuditLogQuery): Promise<{ total: number; rows: AuditListRow[] }> {
    const filtered = () =>
      this.db
        .selectFrom('audit_entries as e')
        .leftJoin('audit_outcomes as o', 'o.entry_id', 'e.id')
        .leftJoin('users as u', (join) =>
          join.on((eb) => eb('u.id', '=', eb.fn.coalesce('o.account_uid', 'e.account_uid'))),
        )
        .where((eb) => {
          const and: Expression<SqlBool>[] = [];
          const like = (column: string, text: string) =>
            sql<SqlBool>`lower(${sql.ref(column)}) like ${containing(text)} escape '\\'`;
          if (q.staff !== undefined)
            and.push(
              isId(q.staff) ? eb('e.staff_user_id', '=', Number(q.staff)) : like('e.staff_username', q.staff),
            );
          if (q.customer !== undefined)
            and.push(
              isId(q.customer)
                ? eb(eb.fn.coalesce('o.account_uid', 'e.account_uid'), '=', Number(q.customer))
                : like('u.username', q.customer),
            );
          if (q.station !== undefined) and.push(like('e.bs_id', q.station));
          if (q.call !== undefined) and.push(like('e.path', q.call));
          if (q.kind !== undefined) and.push(eb('e.kind', '=', q.kind));
          if (q.from !== undefined) and.push(eb('e.at_s', '>=', q.from));
          if (q.to !== undefined) and.push(eb('e.at_s', '<=', q.to));
          return eb.and(and);
        });
    const counted = await filtered()
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    const sortColumn = {
      at: 'e.at_s',
      staff: 'e.staff_username',
      customer: 'u.username',
      call: 'e.path',
      status: 'o.status',
    } as const satisfies Record<AuditLogQuery['sort'], string>;
    const rows = await filtered()
      .select([
        'e.id',
        'e.at_s',
        'e.kind',
        'e.staff_user_id',
        'e.staff_username',
        'e.staff_level',
        'e.bs_id',
        'e.method',
        'e.path',
        'e.ip',
        'e.user_agent',
        'e.input',
        'o.status',
        'o.changes',
        'u.username as customer_username',
      ])
      .select((eb) => eb.fn.coalesce('o.account_uid', 'e.account_uid').as('account_uid'))
      .orderBy(sortColumn[q.sort], q.dir)
      .orderBy('e.id', q.dir)
      .limit(q.limit)
      .offset(q.offset)
      .execute();
    return { total: Number(counted.n), rows };
  }

  /** The retention job's delete, the only one (decision 0089): entries older than `beforeS`. */
  async pruneBefore(beforeS: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const old = trx.selectFrom('audit_entries').select('id').where('at_s', '<', beforeS);
      await trx.deleteFrom('audit_outcomes').where('entry_id', 'in', old).execute();
      const res = await trx.deleteFrom('audit_entries').where('at_s', '<', beforeS).executeTakeFirst();
      return Number(res.numDeletedRows);
    });
  }
}

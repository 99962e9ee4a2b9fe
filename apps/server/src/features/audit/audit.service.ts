import type {
  AuditChange,
  AuditEntry,
  AuditLogQuery,
  AuditLogResponse,
} from '@emberwatch/shared/contracts/audit';
import { assertOperator, type Actor } from '../../http/access/index.js';
import type { AuditListRow, AuditRepository } from './audit.repository.js';

const parse = (json: string | null, fallback: unknown): unknown => {
  if (json === null) return fallback;
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return fallback;
  }
};

function present(row: AuditListRow): AuditEntry {
  return {
    id: row.id,
    atS: row.at_s,
    kind: row.kind === 'read' ? 'read' : 'write',
    staff: { id: row.staff_user_id, username: row.staff_username, level: row.staff_level },
    customer: row.account_uid === null ? null : { uid: row.account_uid, username: row.customer_username },
    bsId: row.bs_id,
    method: row.method,
    path: row.path,
    ip: row.ip,
    userAgent: row.user_agent,
    status: row.status,
    input: parse(row.input, null),
    changes: parse(row.changes, []) as AuditChange[],
  };
}

/** The console's reading of the audit trail (GET /admin/auditLog): Root and Admin staff only. */
export class AuditService {
  constructor(
    private readonly repo: AuditRepository,
    /** This process's records still being written: the list waits for them, so it shows every call made. */
    private readonly settled: () => Promise<void>,
  ) {}

  async list(actor: Actor, q: AuditLogQuery): Promise<AuditLogResponse> {
    assertOperator(actor, 'auditLog');
    await this.settled();
    const { total, rows } = await this.repo.list(q);
    return { status_code: 0, total, entries: rows.map(present) };
  }
}

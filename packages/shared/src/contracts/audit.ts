import { z } from 'zod';
import { defineEndpoint, defineEndpoints } from './endpoint.js';

/**
 * The audit trail (issue 30 item 2, decision 0089): every write call a staff member makes, and every
 * look at a customer's data, recorded by the server itself and read in the operator console. Rows
 * are never changed; nothing but the retention job removes one.
 */

export const AUDIT_KINDS = ['write', 'read'] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

export const AUDIT_SORTS = ['at', 'staff', 'customer', 'call', 'status'] as const;
export type AuditSort = (typeof AUDIT_SORTS)[number];

/** Page sizes the console offers; the server takes any size up to the largest. */
export const AUDIT_PAGE_SIZES = [25, 50, 100, 200] as const;

const text = (what: string) => z.string().trim().min(1).max(120).optional().describe(what);

export const auditLogQuerySchema = z.object({
  staff: text('The staff member: a user id, or part of the username.'),
  customer: text('The customer acted for or looked at: a UID, or part of the username.'),
  station: text('Part of the base station id.'),
  call: text('Part of the call’s path (saveKit, /admin/…).'),
  kind: z.enum(AUDIT_KINDS).optional().describe('Only writes, or only looks at a customer’s data.'),
  from: z.coerce.number().int().min(0).optional().describe('From this time (epoch s, inclusive).'),
  to: z.coerce.number().int().min(0).optional().describe('Up to this time (epoch s, inclusive).'),
  sort: z.enum(AUDIT_SORTS).default('at'),
  dir: z.enum(['asc', 'desc']).default('desc'),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

export const auditChangeSchema = z.object({
  /** What the change is about, in the service's words (`kit`, `plan`, `insight service`). */
  subject: z.string(),
  before: z.unknown().describe('The thing before the change (secrets redacted); null when it is new.'),
  after: z.unknown().describe('The thing after the change (secrets redacted); null when it was removed.'),
});
export type AuditChange = z.infer<typeof auditChangeSchema>;

export const auditEntrySchema = z.object({
  id: z.int(),
  atS: z.int().describe('When the call came (epoch s).'),
  kind: z.enum(AUDIT_KINDS),
  staff: z.object({ id: z.int(), username: z.string(), level: z.string() }),
  /** The account the staff member acted for or looked at (its main user); null when none. */
  customer: z.object({ uid: z.int(), username: z.string().nullable() }).nullable(),
  bsId: z.string().nullable(),
  method: z.string(),
  path: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  /**
   * The answer's HTTP status; null for a write whose answer was never recorded (the server stopped
   * while it ran) and for a look, which is recorded only when it succeeded.
   */
  status: z.int().nullable(),
  /** The input as sent, secrets redacted (a write's body, a read's query). */
  input: z.unknown(),
  changes: z.array(auditChangeSchema),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditLogResponseSchema = z.object({
  status_code: z.literal(0),
  total: z.int(),
  entries: z.array(auditEntrySchema),
});
export type AuditLogResponse = z.infer<typeof auditLogResponseSchema>;

export const auditEndpoints = defineEndpoints({
  getAuditLog: defineEndpoint({
    method: 'GET',
    path: '/admin/auditLog',
    query: auditLogQuerySchema,
    response: auditLogResponseSchema,
    auth: 'user',
    summary:
      'Root and Admin staff: the audit trail of staff writes and looks at customers’ data, filtered, sorted and paged on the server (newest first by default).',
  }),
});

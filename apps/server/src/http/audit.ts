import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Endpoint } from '@emberwatch/shared/contracts/endpoint';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import { staffLevelOf, type StaffLevel } from '@emberwatch/shared/domain/operatorTools';
import { WRITE_GETS } from '@emberwatch/shared/domain/writeRights';

/**
 * The audit trail's hook in the HTTP layer (decision 0089). Every route of a logged-in call
 * (`route()`, http/route.ts) runs through `auditedCall`: when the caller is staff, a write call is
 * recorded before its handler runs (write-ahead, so a change that commits is never without its
 * record) and its answer as the response goes out, without the response waiting for it; a read that turned out to be about a customer's data is
 * recorded after the response as a look. Nobody else's calls cost more than a property check.
 *
 * The trail itself (its table, redaction, coalescing) is the audit feature's: it hands the server an
 * `AuditTrail` through its FeatureModule, and the server puts it on the Fastify instance
 * (`app.auditTrail`), so this layer imports no feature.
 *
 * Services add to the current call's record without being handed the request: `auditChanged(…)` for
 * a change's before and after, and the access layer's `auditActedFor(…)` for the account the call
 * turned out to be about (AsyncLocalStorage carries the call's scope through its awaits).
 */

export type AuditKind = 'write' | 'read';

/** One call by a staff member, as the trail stores it. */
export interface AuditCall {
  kind: AuditKind;
  staff: { id: number; username: string; level: StaffLevel };
  /** The account acted for or looked at (its main user); null when none is known (yet). */
  accountId: number | null;
  bsId: string | null;
  method: string;
  /** The endpoint's path (the call's name in the spec: /client/saveKit). */
  path: string;
  ip: string;
  userAgent: string;
  /** The body of a write or the query of a read, unredacted: the trail redacts it before storing. */
  input: unknown;
}

/** A change a service made during the call: what it is about, before and after (unredacted). */
export interface AuditedChange {
  subject: string;
  before: unknown;
  after: unknown;
}

/** How a recorded write ended. */
export interface AuditOutcome {
  status: number;
  /** The account the services resolved (null: none, or the same as the entry's). */
  accountId: number | null;
  changes: AuditedChange[];
}

/** What the audit feature implements. */
export interface AuditTrail {
  /** Records a staff write before its handler runs; the entry's id, for `end`. */
  begin(call: AuditCall): Promise<number>;
  /** Records how a begun write ended, after the response has gone. */
  end(entryId: number, outcome: AuditOutcome): void;
  /** Records a staff write refused before its handler ran (its input failed the schema). */
  refused(call: AuditCall, status: number): void;
  /** Records a staff member's look at a customer's data (the trail coalesces repeats). */
  looked(call: AuditCall): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The audit feature's trail (createServer decorates the server with it); null without one. */
    auditTrail: AuditTrail | null;
  }
}

/** What a service or the access layer adds to the current call's record. */
class AuditScope {
  readonly accounts = new Set<number>();
  readonly stations = new Set<string>();
  readonly changes: AuditedChange[] = [];
  entryId: number | null = null;
  constructor(readonly call: AuditCall) {}
}

const scopeOfCall = new AsyncLocalStorage<AuditScope>();
const scopeOfRequest = new WeakMap<FastifyRequest, AuditScope>();

/**
 * Adds a change's before and after to the current staff call's record (a no-op in any other call):
 * the service that knows the thing calls it once the change is made. Secrets in either are redacted
 * by the trail.
 */
export function auditChanged(subject: string, before: unknown, after: unknown): void {
  scopeOfCall.getStore()?.changes.push({ subject, before, after });
}

/**
 * Notes that the current staff call works on another account (and station): the access layer calls
 * it where it resolves the account a call is about (AccessService).
 */
export function auditActedFor(accountId: number, bsId?: string): void {
  const scope = scopeOfCall.getStore();
  if (!scope) return;
  scope.accounts.add(accountId);
  if (bsId !== undefined) scope.stations.add(bsId);
}

/** GET calls that change something (WRITE_GETS): recorded as writes. */
const WRITE_GET_PATHS = new Set(
  WRITE_GETS.map((call) => {
    const [group, name] = call.split('.') as [string, string];
    return (endpoints as unknown as Record<string, Record<string, Endpoint>>)[group]![name]!.path;
  }),
);

export function auditKindOf(endpoint: Endpoint): AuditKind {
  return endpoint.method !== 'GET' || WRITE_GET_PATHS.has(endpoint.path) ? 'write' : 'read';
}

const ACCOUNT_FIELDS = ['UID', 'U_ID', 'uid'];
// `bs`: the spec's OTA and traffic calls name the station so (doc 2 §7).
const STATION_FIELDS = ['BS_ID', 'bsId', 'bs_id', 'basestationID', 'bs'];

function field(input: unknown, names: readonly string[]): unknown {
  if (typeof input !== 'object' || input === null) return undefined;
  for (const n of names) {
    const v = (input as Record<string, unknown>)[n];
    if (v !== undefined && v !== null && v !== '') return v;
  }
  return undefined;
}

/** The account and station the input names, as far as the call's own fields tell. */
function namedInInput(input: unknown): { accountId: number | null; bsId: string | null } {
  // Only a number or a number's text: anything else (a fuzzed array thousands deep) is not converted,
  // so its text is never built.
  const raw = field(input, ACCOUNT_FIELDS);
  const uid = typeof raw === 'number' || typeof raw === 'string' ? Number(raw) : NaN;
  const bs = field(input, STATION_FIELDS);
  return {
    accountId: Number.isSafeInteger(uid) && uid > 0 ? uid : null,
    bsId: typeof bs === 'string' ? bs.slice(0, 64) : null,
  };
}

/**
 * Whose calls are recorded: staff, and every call of a customer's session a staff member opened
 * (loginAdmin, decision 0099), recorded as that member's for the customer.
 */
function audited(req: FastifyRequest): boolean {
  return req.actor?.isAdmin === true || req.actor?.actingStaff !== undefined;
}

function callOf(req: FastifyRequest, endpoint: Endpoint, kind: AuditKind): AuditCall | null {
  const actor = req.actor;
  if (!actor || !audited(req)) return null;
  const input = kind === 'write' && endpoint.method !== 'GET' ? req.body : req.query;
  const named = namedInInput(input);
  const ua = req.headers['user-agent'];
  const acting = actor.actingStaff;
  return {
    kind,
    staff: acting ?? {
      id: actor.user.id,
      username: actor.user.username,
      level: staffLevelOf(actor.user.admin_group),
    },
    // A staff member naming its own account acts for nobody; in a customer's session every call is
    // for the customer.
    accountId: acting ? actor.accountId : named.accountId === actor.accountId ? null : named.accountId,
    bsId: named.bsId,
    method: endpoint.method,
    path: endpoint.path,
    ip: req.ip,
    userAgent: typeof ua === 'string' ? ua.slice(0, 300) : '',
    input: input ?? null,
  };
}

/**
 * The audit hooks of one logged-in route: `run` wraps its handler, `onSend` records the answer.
 * Only staff callers are recorded; for everyone else both return at the first check.
 */
export function auditedCall(endpoint: Endpoint) {
  const kind = auditKindOf(endpoint);
  return {
    async run<T>(req: FastifyRequest, handler: () => Promise<T>): Promise<T> {
      const trail = req.server.auditTrail;
      if (!trail || !audited(req)) return handler();
      const call = callOf(req, endpoint, kind);
      if (!call) return handler();
      const scope = new AuditScope(call);
      scopeOfRequest.set(req, scope);
      // Write-ahead: no staff write runs unless its entry is stored (a failure here is a 500, and
      // nothing is changed).
      if (kind === 'write') scope.entryId = await trail.begin(call);
      // A handler that throws is answered by the error handler; onSend records that status.
      return scopeOfCall.run(scope, handler);
    },

    /**
     * Fastify's onSend hook, on every answer (the error handler's too): the status is known and the
     * record of it is started, not awaited: the answer goes out while it is written (the trail tracks
     * it, and its list and the server's stop wait for it).
     */
    onSend: <P>(req: FastifyRequest, reply: FastifyReply, payload: P): Promise<P> => {
      record(req, reply);
      return Promise.resolve(payload);
    },
  };

  function record(req: FastifyRequest, reply: FastifyReply): void {
    const trail = req.server.auditTrail;
    if (!trail || !audited(req)) return;
    const scope = scopeOfRequest.get(req);
    const status = reply.statusCode;
    if (kind === 'write') {
      if (scope?.entryId != null) {
        const [accountId] = scope.accounts;
        trail.end(scope.entryId, { status, accountId: accountId ?? null, changes: scope.changes });
      } else {
        // Refused before the handler ran (the input failed its schema): one record of the attempt.
        const call = callOf(req, endpoint, kind);
        if (call) trail.refused(call, status);
      }
      return;
    }
    // A look is recorded only when it showed something, and only at another account's data (in a
    // customer's session, everything shown is the customer's).
    if (scope && scope.call.accountId !== null && req.actor?.actingStaff)
      scope.accounts.add(scope.call.accountId);
    if (!scope || status >= 400 || scope.accounts.size === 0) return;
    const [bsId] = scope.stations;
    for (const accountId of [...scope.accounts].slice(0, 10))
      trail.looked({ ...scope.call, accountId, bsId: bsId ?? scope.call.bsId });
  }
}

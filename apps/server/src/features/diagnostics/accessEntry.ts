import type { Insertable } from 'kysely';
import type { ResponseFacts } from '../../kernel/DiagnosticsSink.js';
import type { AccessLogsTable } from './diagnostics.tables.js';

const PATH_MAX_CHARS = 300;

/**
 * The access log's row for an answered call, or null for what it leaves out (decision 0095):
 * - the stations' packets (route auth `station`): the stations' call log has each of them, with more
 *   (decision 0090), and they are the server's busiest traffic;
 * - the web app's own files (a GET matched by no catalogue route outside the API's paths): they say
 *   nothing an operator looks for, and a page load asks for dozens.
 * Everything else is kept, unsampled: it is what the operator looks for when a customer calls.
 * The path loses its query — acknowledgement tokens, codes and search terms travel there.
 */
export function accessEntryOf(
  f: ResponseFacts,
  server: string,
  nowS: number,
): Insertable<AccessLogsTable> | null {
  if (f.auth === 'station') return null;
  const path = f.url.split('?')[0] ?? '';
  if (f.auth === undefined && f.method === 'GET' && isWebAppFile(path)) return null;
  return {
    ts: nowS,
    server,
    method: f.method.slice(0, 10),
    path: path.length <= PATH_MAX_CHARS ? path : `${path.slice(0, PATH_MAX_CHARS - 1)}…`,
    route: f.route === undefined ? null : f.route.slice(0, PATH_MAX_CHARS),
    status: f.status,
    duration_us: Math.max(0, Math.round(f.durationMs * 1000)),
    user_id: f.userId,
    family: f.partnerApp,
    ip: f.ip.slice(0, 64),
  };
}

/** The API's paths; any other GET outside the catalogue is the web app (its files, its pages). */
const API_PATH = /^\/(?:admin|client|auth|api|ws|health|delivery|data|fc|voice|telia|ingest)(?:[/?]|$)/;

function isWebAppFile(path: string): boolean {
  return !API_PATH.test(path);
}

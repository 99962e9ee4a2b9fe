import type { Insertable } from 'kysely';
import type { ServerLogsTable } from './diagnostics.tables.js';

/** A stored line's length at most: a stack trace fits, a dumped body does not grow the store. */
export const LOG_LINE_MAX_CHARS = 4000;
const MSG_MAX_CHARS = 500;

/**
 * A line as the store keeps it: pino's JSON line (already redacted: the logger's `redact` paths ran
 * before it was written), its time, level and message read from it. A line that is not JSON (nothing
 * but pino writes here, but a line is never lost for it) is kept as its own message at level info.
 */
export function parseLogLine(
  line: string,
  server: string,
  env: string,
  nowMs: number,
): Insertable<ServerLogsTable> {
  const text = line.trimEnd();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  const o =
    typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  const time = typeof o?.time === 'number' && Number.isFinite(o.time) ? Math.floor(o.time) : nowMs;
  const level = typeof o?.level === 'number' && Number.isInteger(o.level) ? o.level : 30;
  const msg = o ? (typeof o.msg === 'string' ? o.msg : null) : text;
  return {
    ts: Math.floor(time / 1000),
    ms: ((time % 1000) + 1000) % 1000,
    server,
    env,
    level,
    msg: msg === null ? null : msg.slice(0, MSG_MAX_CHARS),
    line: text.length <= LOG_LINE_MAX_CHARS ? text : `${text.slice(0, LOG_LINE_MAX_CHARS - 1)}…`,
  };
}

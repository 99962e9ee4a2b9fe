/**
 * The spec's AuxData rule for the server log (doc 1 §7 "server logs take server, env, timeFilter
 * [start, end] (for the api server without showAux, results starting with AuxData are removed and
 * counted as nAux)"; doc 3 §7). In Emberwatch every server instance is the API server, so the rule
 * holds for all of them. "AuxData" lines are the servers' routine bookkeeping — the diagnostics
 * stores' own rotations and the job runs' summaries (decision 0095) — which an operator looking for
 * what went wrong wants out of the way, and can show.
 */
export const AUX_DATA_PREFIX = 'AuxData';

/** Whether a log line's message is one of the routine AuxData lines (case as written, leading spaces ignored). */
export function isAuxData(msg: string | null | undefined): boolean {
  return typeof msg === 'string' && msg.trimStart().startsWith(AUX_DATA_PREFIX);
}

/** A routine bookkeeping line's message: `AuxData <text>`, so the log view hides it unless asked. */
export function auxDataMessage(text: string): string {
  return `${AUX_DATA_PREFIX} ${text}`;
}

/** The lines an operator sees, and how many AuxData lines were left out (0 with showAux). */
export function splitAuxData<L extends { msg: string | null }>(
  lines: readonly L[],
  showAux: boolean,
): { results: L[]; nAux: number } {
  if (showAux) return { results: [...lines], nAux: 0 };
  const results: L[] = [];
  let nAux = 0;
  for (const line of lines) {
    if (isAuxData(line.msg)) nAux++;
    else results.push(line);
  }
  return { results, nAux };
}

/** pino's level numbers, and their names as the log view shows them. */
export const LOG_LEVELS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 } as const;
export type LogLevelName = keyof typeof LOG_LEVELS;

export function logLevelName(level: number): LogLevelName {
  const names = Object.keys(LOG_LEVELS) as LogLevelName[];
  let name: LogLevelName = 'trace';
  for (const n of names) if (level >= LOG_LEVELS[n]) name = n;
  return name;
}

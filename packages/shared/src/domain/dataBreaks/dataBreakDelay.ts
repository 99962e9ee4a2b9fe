/**
 * How long a base station or probe may stay silent before it is a data break (spec doc 3 §9 noBSData,
 * noProbeData; issue 27 item 2; docs/decisions/0071-data-break-delay.md). The owner chooses a delay
 * for the account and may override it per storage; without a choice the spec's 4 hours hold. Pure:
 * the server's notifications, the data-break watcher and the web app read the same rules.
 */

const MINUTE_S = 60;
const HOUR_S = 3600;

/** The spec's delay (doc 3 §9 "after more than 4 hours without base station or probe data"). */
export const DATA_BREAK_DEFAULT_S = 4 * HOUR_S;
/** Shorter than half an hour, one lost radio packet would already wake someone. */
export const DATA_BREAK_DELAY_MIN_S = 30 * MINUTE_S;
/** Longer than two days, a stack can heat from warm to burning unseen. */
export const DATA_BREAK_DELAY_MAX_S = 48 * HOUR_S;
/**
 * A delay shorter than this many of the station's or probe's reporting intervals is lengthened: two
 * packets lost in a row on the radio are ordinary, three are a break.
 */
export const DATA_BREAK_REPORTING_INTERVALS = 3;

/** The delays the app offers (seconds): half an hour to two days. */
export const DATA_BREAK_DELAY_CHOICES_S = [
  30 * MINUTE_S,
  HOUR_S,
  2 * HOUR_S,
  3 * HOUR_S,
  4 * HOUR_S,
  6 * HOUR_S,
  8 * HOUR_S,
  12 * HOUR_S,
  24 * HOUR_S,
  36 * HOUR_S,
  48 * HOUR_S,
] as const;

/** A delay the owner may choose: whole minutes from 30 min to 48 h. */
export function isDataBreakDelay(seconds: number): boolean {
  return (
    Number.isInteger(seconds) &&
    seconds % MINUTE_S === 0 &&
    seconds >= DATA_BREAK_DELAY_MIN_S &&
    seconds <= DATA_BREAK_DELAY_MAX_S
  );
}

/**
 * An account's chosen delays: the account's (null: the default) and each storage's override (a
 * storage absent from the map follows the account).
 */
export interface DataBreakDelays {
  accountS: number | null;
  storages: ReadonlyMap<number, number>;
  /**
   * The fleet's probe stop settings (decision 0094), set by the operator: the delay of an account
   * that chose none and the reporting intervals every delay spans. Absent: the spec's 4 h and 3.
   */
  fleet?: { defaultS: number; reportingIntervals: number };
}

/**
 * The delay a storage stands for before the reporting interval is considered: its override, else the
 * account's choice, else the spec's 4 hours.
 */
export function storageDataBreakDelayS(delays: DataBreakDelays, storageId: number | null): number {
  const own = storageId === null ? undefined : delays.storages.get(storageId);
  return own ?? delays.accountS ?? delays.fleet?.defaultS ?? DATA_BREAK_DEFAULT_S;
}

/**
 * Never shorter than three reporting intervals: a chosen 30 min on a probe that measures every hour
 * would raise a break between two ordinary readings. Without a known interval, the delay as chosen.
 */
export function fitReportingInterval(
  delayS: number,
  reportingIntervalS: number | null,
  intervals: number = DATA_BREAK_REPORTING_INTERVALS,
): number {
  if (reportingIntervalS === null || !(reportingIntervalS > 0)) return delayS;
  return Math.max(delayS, intervals * reportingIntervalS);
}

/**
 * A station reports whenever any of its probes does, so its interval is the shortest configured
 * among its probes' (seconds; null or 0: not configured). Null when none is configured: the interval
 * is then not known (the station's own default is not reported to the server).
 */
export function stationReportingIntervalS(probeIntervalsS: Iterable<number | null>): number | null {
  let shortest: number | null = null;
  for (const s of probeIntervalsS)
    if (s !== null && s > 0 && (shortest === null || s < shortest)) shortest = s;
  return shortest;
}

/**
 * A station's delay: the most watchful (the smallest) of the delays its probes stand for — each
 * probe its storage's, a probe no storage holds the account's (null in `storageIds`) — else, without
 * probes, the account's; then fitted to its reporting interval. A silent station silences all its
 * probes, so it must not wait longer than any of them would.
 */
export function stationDataBreakDelayS(
  delays: DataBreakDelays,
  station: { storageIds: Iterable<number | null>; reportingIntervalS: number | null },
): number {
  let smallest: number | null = null;
  for (const id of station.storageIds) {
    const s = storageDataBreakDelayS(delays, id);
    if (smallest === null || s < smallest) smallest = s;
  }
  return fitReportingInterval(
    smallest ?? storageDataBreakDelayS(delays, null),
    station.reportingIntervalS,
    delays.fleet?.reportingIntervals,
  );
}

/** A probe's delay: its storage's, else the account's; then fitted to its reporting interval. */
export function probeDataBreakDelayS(
  delays: DataBreakDelays,
  probe: { storageId: number | null; reportingIntervalS: number | null },
): number {
  return fitReportingInterval(
    storageDataBreakDelayS(delays, probe.storageId),
    probe.reportingIntervalS,
    delays.fleet?.reportingIntervals,
  );
}

/** One probe as the account's delays are resolved for it. */
export interface DataBreakProbe {
  sensorId: string;
  bsId: string;
  /** The storage whose layout lists it, null when none does. */
  storageId: number | null;
  /** Its configured measurement interval (seconds); null: not configured. */
  measurementIntervalS: number | null;
}

/** Every station's and probe's delay of one account (seconds), ready for the watchers. */
export interface EffectiveDataBreakDelays {
  stations: Map<string, number>;
  probes: Map<string, number>;
}

/**
 * Resolves every station's and probe's delay at once. A station listed without probes follows the
 * account's delay.
 */
export function effectiveDataBreakDelays(
  delays: DataBreakDelays,
  stationIds: Iterable<string>,
  probes: readonly DataBreakProbe[],
): EffectiveDataBreakDelays {
  const byStation = new Map<string, DataBreakProbe[]>();
  for (const id of stationIds) byStation.set(id, []);
  for (const p of probes) byStation.set(p.bsId, [...(byStation.get(p.bsId) ?? []), p]);
  const stations = new Map<string, number>();
  for (const [bsId, list] of byStation)
    stations.set(
      bsId,
      stationDataBreakDelayS(delays, {
        storageIds: list.map((p) => p.storageId),
        reportingIntervalS: stationReportingIntervalS(list.map((p) => p.measurementIntervalS)),
      }),
    );
  const probeDelays = new Map<string, number>();
  for (const p of probes)
    probeDelays.set(
      p.sensorId,
      probeDataBreakDelayS(delays, { storageId: p.storageId, reportingIntervalS: p.measurementIntervalS }),
    );
  return { stations, probes: probeDelays };
}

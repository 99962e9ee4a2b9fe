import { DAY_S, packableBefore } from './dailyRollup.js';

/**
 * The most day locks a commit takes (decision 0149); a commit whose old readings fall on more days
 * locks its probes instead, as before. Advisory locks share PostgreSQL's lock table with every session.
 */
export const MAX_DAY_LOCKS = 64;

/**
 * The UTC days (numbers: seconds / 86,400), ascending and each once, of the readings old enough to
 * belong to a day the packing job packs or may pack soon (packableBefore of their packet's arrival).
 * Empty when every reading is recent: such a commit can meet no packed day.
 */
export function packableDays(
  packets: readonly { receivedTs: number; packet: { readings: readonly { meas_ts: number }[] } }[],
): number[] {
  const days = new Set<number>();
  for (const p of packets) {
    const before = packableBefore(p.receivedTs);
    for (const r of p.packet.readings) if (r.meas_ts < before) days.add(Math.floor(r.meas_ts / DAY_S));
  }
  return [...days].sort((a, b) => a - b);
}

/** The protocol's temperature range in tenths of °C (contracts/ingest.ts: -500 … 2000). */
export const MIN_TENTHS = -500;
export const MAX_TENTHS = 2000;

/** °C to the integer tenths the protocol carries, clamped into the protocol's range. */
export function toTenths(celsius: number): number {
  const t = Math.round(celsius * 10);
  return Math.min(MAX_TENTHS, Math.max(MIN_TENTHS, t));
}

import { formatTemperature, type DegreesUnit } from '@emberwatch/shared';

/**
 * All depths of one reading, handle first ("52.3 / 51.1 / 49.8"), in the user's unit.
 * The handle value alone is used when a probe reports a single depth.
 */
export function formatTemperatures(tenths: readonly number[], unit: DegreesUnit): string {
  if (tenths.length === 0) return formatTemperature(null, unit);
  return tenths.map((t) => formatTemperature(t, unit)).join(' / ');
}

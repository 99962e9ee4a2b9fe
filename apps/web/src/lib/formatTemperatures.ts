import type { DegreesUnit } from '@emberwatch/shared/domain/temperature';
import { formatTemperatureText } from './formatDecimal';

/**
 * All depths of one reading, handle first ("52.3 / 51.1 / 49.8"), in the user's unit.
 * The handle value alone is used when a probe reports a single depth.
 */
export function formatTemperatures(tenths: readonly number[], unit: DegreesUnit): string {
  if (tenths.length === 0) return formatTemperatureText(null, unit);
  return tenths.map((t) => formatTemperatureText(t, unit)).join(' / ');
}

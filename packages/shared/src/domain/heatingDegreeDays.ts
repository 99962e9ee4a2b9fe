import type { DegreesUnit } from './temperature.js';

/**
 * The heating degree-days above 30 °C the quality view shows beside a probe's bars (issue 28 item 11),
 * from the period's HDD in heat-degree hours (°C·h, hayQuality.ts): a day is 24 of those hours, and
 * as a sum of temperature differences °F takes 9/5 of it with no offset. One decimal, so that a day
 * of light heating is not shown as 0.
 */
export function heatingDegreeDays(hddDegreeHoursC: number, unit: DegreesUnit): number {
  const daysC = hddDegreeHoursC / 24;
  const days = unit === 'F' ? (daysC * 9) / 5 : daysC;
  return Math.round(days * 10) / 10 + 0;
}

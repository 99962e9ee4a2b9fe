/**
 * The coldest measuring point of one reading (tenths of °C), or null when no point measured. A
 * compost probe reads at several depths; the pile is only as sanitised as its coldest spot, so
 * every rule here judges this value. A depth that did not measure (null) is left out rather than
 * failing the reading: a broken sensor at one depth would otherwise hide the others for good.
 */
export function coldestPoint(temps: readonly (number | null)[]): number | null {
  let min: number | null = null;
  for (const t of temps) if (t !== null && Number.isFinite(t) && (min === null || t < min)) min = t;
  return min;
}

/** The hottest measuring point of one reading, for the high-temperature alert; null when none measured. */
export function hottestPoint(temps: readonly (number | null)[]): number | null {
  let max: number | null = null;
  for (const t of temps) if (t !== null && Number.isFinite(t) && (max === null || t > max)) max = t;
  return max;
}

/**
 * The multi-depth temperature bar of the probe list (spec doc 2 §9: "shows depth values up to a
 * maximum count"). One segment per depth, handle first. The protocol allows 8 depths; 6 segments
 * still fit a 360 px phone card with every value readable, so a probe with more depths shows its
 * first 5 and one more segment that stands for the rest (coloured by the hottest of them, so a hot
 * tip is never hidden by the cut).
 */
export const TEMPERATURE_BAR_MAX_SEGMENTS = 6;

export interface TemperatureBarDepths {
  /** Depths shown one segment each, handle first. */
  shown: number[];
  /** Depths folded into the last segment (empty when every depth fits). */
  folded: number[];
}

export function temperatureBarDepths(
  temperatures: readonly number[],
  maxSegments: number = TEMPERATURE_BAR_MAX_SEGMENTS,
): TemperatureBarDepths {
  const max = Math.max(2, Math.floor(maxSegments));
  if (temperatures.length <= max) return { shown: [...temperatures], folded: [] };
  return { shown: temperatures.slice(0, max - 1), folded: temperatures.slice(max - 1) };
}

/** A probe's latest temperature at a cell of one drawn level (row and column, 0-based). */
export interface HeatPoint {
  row: number;
  column: number;
  /** Tenths of °C, as the readings carry them. */
  value: number;
}

/** Inverse-distance power: 2 is the usual choice (Shepard 1968); higher makes each probe's patch flatter. */
export const HEAT_MAP_POWER = 2;

/**
 * Inverse-distance weighting (Shepard's method) at one cell: the mean of the probes' values, each
 * weighted by 1 / distanceᵖ. A cell holding probes takes their mean, so a probe's own cell keeps its
 * reading. Null without points. Distances are in cells, rows and columns alike.
 */
export function interpolateAt(
  points: readonly HeatPoint[],
  at: { row: number; column: number },
  power: number = HEAT_MAP_POWER,
): number | null {
  if (points.length === 0) return null;
  let sum = 0;
  let weights = 0;
  let exactSum = 0;
  let exactCount = 0;
  for (const p of points) {
    const d2 = (p.row - at.row) ** 2 + (p.column - at.column) ** 2;
    if (d2 === 0) {
      exactSum += p.value;
      exactCount++;
      continue;
    }
    const w = 1 / d2 ** (power / 2);
    sum += w * p.value;
    weights += w;
  }
  if (exactCount > 0) return exactSum / exactCount;
  return sum / weights;
}

/**
 * The interpolated temperature of every cell given (one drawn level), keyed "row:column", rounded
 * to tenths. Empty when no probe of the level has a reading: a level without data shows no heat.
 */
export function heatMap(
  points: readonly HeatPoint[],
  cells: readonly { row: number; column: number }[],
  power: number = HEAT_MAP_POWER,
): Map<string, number> {
  const out = new Map<string, number>();
  if (points.length === 0) return out;
  for (const c of cells) {
    const v = interpolateAt(points, c, power);
    if (v !== null) out.set(`${c.row}:${c.column}`, Math.round(v));
  }
  return out;
}

/**
 * Depth labels of a multi-depth probe (spec doc 2 §9: US users see depths in feet, others metres).
 *
 * The protocol sends a probe's depths as an ordered list (handle first) without their positions, so
 * the labels use the nominal layout of our probes (docs/decisions/0008-probe-detail-page.md): the
 * handle point 0.5 m deep, the tip 2.0 m deep, the points between evenly spaced — the same layout
 * the simulator models. A single-depth probe measures at its tip.
 */
export type DepthUnit = 'm' | 'ft';

export const HANDLE_DEPTH_M = 0.5;
export const TIP_DEPTH_M = 2;
export const FEET_PER_METRE = 1 / 0.3048;

/** Feet for users whose country is the United States ('us', any case), metres otherwise. */
export function depthUnitFor(country: string | null | undefined): DepthUnit {
  return country?.trim().toLowerCase() === 'us' ? 'ft' : 'm';
}

/** Depth of point `index` (0 = handle) of a probe with `depths` points, in metres. */
export function depthMetres(index: number, depths: number): number {
  const position = depths <= 1 ? 1 : index / (depths - 1);
  return HANDLE_DEPTH_M + (TIP_DEPTH_M - HANDLE_DEPTH_M) * position;
}

/** The depth in the unit, rounded to one decimal. */
export function depthValue(index: number, depths: number, unit: DepthUnit): number {
  const m = depthMetres(index, depths);
  return Math.round((unit === 'ft' ? m * FEET_PER_METRE : m) * 10) / 10;
}

/**
 * "0.5 m", "1.6 ft" — or "0,5 m" when `formatNumber` writes the interface language's notation
 * (the web passes its formatDecimal so that depths read like the temperatures beside them).
 */
export function formatDepth(
  index: number,
  depths: number,
  unit: DepthUnit,
  formatNumber: (value: number) => string = (value) => value.toFixed(1),
): string {
  return `${formatNumber(depthValue(index, depths, unit))} ${unit}`;
}
